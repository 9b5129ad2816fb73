import type { Generated } from "kysely";

/** Table types for Kysely. Times are epoch milliseconds; booleans are 0/1 so both dialects agree. */
export interface UsersTable {
  id: string;
  username: string;
  /** Lower-cased username: usernames are unique case-insensitively (docs/design.md, Usernames, e-mails and passwords). */
  username_key: string;
  email: string;
  password_hash: string;
  country: number;
  verified: number;
  created_at: number;
  last_login_at: number | null;
}

export interface OneTimeCodesTable {
  id: string;
  user_id: string;
  /** `unlock`: signs in to an account locked by failed logins (docs/decisions/025-login-throttling.md). */
  purpose: "verify" | "reset" | "unlock";
  code_hash: string;
  attempts: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  /** When its mail was delivered; null while it is being mailed, or when a crash or a failed delivery stranded it. */
  mailed_at: number | null;
}

export interface RefreshTokensTable {
  id: string;
  user_id: string;
  /** Every token of one login session shares a family; reuse of a rotated token revokes it whole. */
  family_id: string;
  /** Random per session; the access token carries it as `ak` and the odds checksum uses it. */
  session_key: string;
  token_hash: string;
  created_at: number;
  /** Absolute end of the family's life, copied along the chain. */
  expires_at: number;
  rotated_at: number | null;
  revoked_at: number | null;
}

export interface RateLimitsTable {
  key: string;
  window_start: number;
  count: number;
  blocked_until: number | null;
}

export interface FeedbackTable {
  id: string;
  message: string;
  country: number;
  created_at: number;
}

export interface EventsTable {
  id: string;
  competition_id: number;
  home: string;
  away: string;
  kickoff: number;
  sr_id: string | null;
  last_seen_at: number;
}

export interface PricesTable {
  event_id: string;
  bookmaker: number;
  market_id: number;
  selection_type_id: number;
  price: number;
  boosted: number;
  /** Last time a feed run confirmed this price; older than 3 intervals (10 beyond the four leagues) means stale (api/odds/read/freshness.ts). */
  confirmed_at: number;
  /** When the price last changed (first sight counts), and which way (1 up, -1 down, 0 not since first sight). */
  changed_at: number | null;
  direction: number;
}

export interface PriceHistoryTable {
  event_id: string;
  bookmaker: number;
  market_id: number;
  selection_type_id: number;
  price: number;
  recorded_at: number;
}

/** A bookmaker's own id and team names (as it lists them) for an event: its event page's URL is built from them. */
export interface EventLinksTable {
  event_id: string;
  bookmaker: number;
  external_id: string;
  home: string;
  away: string;
}

export interface FeedRunsTable {
  id: string;
  bookmaker: string;
  competition_id: number;
  started_at: number;
  finished_at: number;
  ok: number;
  offers: number;
  prices: number;
  changed: number;
  error: string | null;
  /** JSON list of unmatched offers: `{home, away, reason}`. */
  unmatched: string;
  /** Per-event follow-up calls made for this league in the run, and how many failed. */
  event_calls: Generated<number>;
  event_failures: Generated<number>;
}

/** One changed (event, market), in the order written (docs/design.md, Unit of change); every replica reads the same sequence. */
export interface OddsChangesTable {
  seq: Generated<number>;
  country: number;
  competition_id: number;
  event_id: string;
  market_id: number;
  at: number;
}

/** A user's saved betslip: `stake_kobo` the stake in kobo, `legs` a JSON array of BetslipLeg. */
export interface BetslipsTable {
  user_id: string;
  stake_kobo: number;
  legs: string;
  updated_at: number;
  /** Counted up by every write; the slip's ETag (decision 024). */
  version: number;
}

/** A proof-of-work solution spent on a registration: the challenge's signature, and when the challenge expires (epoch ms). */
export interface UsedSignupChallengesTable {
  signature: string;
  expires_at: number;
}

/**
 * A bookmaker's newest live accumulator bonus plan (docs/design.md, Naira-true returns): `body` the
 * plan as JSON text (a BonusPlan without its fetchedAt), `fetched_at` when the collector read it.
 */
export interface BonusPlansTable {
  provider: number;
  body: string;
  fetched_at: number;
}

/** Catalogue rows (docs/design.md, Catalogue tables). `retired_at`: when the catalogue's file stopped listing the row (null while it lists it). */
export interface RegionsTable {
  id: number;
  code: string;
  name: string;
  kind: "country" | "area" | "world";
  parent_id: number | null;
  /** IANA time zone: the region's matchday starts at 05:00 there. */
  zone: string;
  retired_at: number | null;
}

export interface CompetitionsTable {
  /** 1-4 the four leagues, up to 9,999 the seed's, 10,000 and up learnt (docs/design.md, Competition and market ids). */
  id: Generated<number>;
  key: string;
  name: string;
  region_id: number | null;
  kind: "league" | "cup" | "continental" | "international" | "friendly";
  tier: number | null;
  /** Sportradar tournament id, digits only. */
  sr_tournament: string | null;
  status: "active" | "dormant" | "merged";
  merged_into: number | null;
  rank: number;
  created_at: number;
  /** When a book's listing last carried it; null for a seed row no listing has carried yet. */
  last_listed_at: number | null;
}

/** A book's own id and words for a competition; `first_seen_at`/`last_seen_at` null for a seed row no listing has carried yet. */
export interface CompetitionBooksTable {
  bookmaker: number;
  book_id: string;
  competition_id: number | null;
  name: string;
  region_name: string | null;
  joined_by: "seed" | "sr-tournament" | "sr-events" | "name" | "fixtures" | "new" | "operator";
  status: "joined" | "held" | "conflict" | "gone";
  upcoming: number;
  first_seen_at: number | null;
  last_seen_at: number | null;
}

export interface MarketTypesTable {
  id: number;
  key: string;
  name: string;
  /** main, goals, halves, teams or specials (shared/market-groups.ts); migration 013. */
  market_group: string;
  period: "FT" | "1H" | "2H";
  shape: "two-way" | "three-way" | "many-way" | "overlapping";
  coverage: number;
  line_kind: "none" | "total" | "handicap" | "asian";
  exclusive: number;
  /** JSON: the settlement rule and its parameters (docs/design.md, Settlement rules). */
  settle: string;
  book_only: number | null;
  rank: number;
  retired_at: number | null;
}

export interface MarketsTable {
  id: Generated<number>;
  type_id: number;
  /** The line in hundredths (2.5 -> 250, -0.25 -> -25); null for a type without lines. */
  line_x100: number | null;
  code: string;
  name: string;
  retired_at: number | null;
}

export interface SelectionsTable {
  id: Generated<number>;
  market_id: number;
  outcome: string;
  label: string;
  ord: number;
  retired_at: number | null;
}

export interface MarketBooksTable {
  bookmaker: number;
  book_market: string;
  type_id: number;
  book_name: string;
  line_notation: string | null;
  retired_at: number | null;
}

export interface OutcomeBooksTable {
  bookmaker: number;
  book_market: string;
  book_outcome: string;
  type_id: number;
  outcome: string;
  retired_at: number | null;
}

/** The one limiter over (subject, action) (api/http/action-rates.ts): a subject's next free time for an action. */
export interface ActionRatesTable {
  subject: string;
  action: string;
  busy_until: number;
}

/** Alerts (docs/design.md, Alerts). */
export type AlertKind = "target" | "move" | "slip" | "sure" | "drop";
export type AlertChannel = "telegram" | "push" | "email";

export interface AlertRulesTable {
  id: string;
  user_id: string;
  kind: AlertKind;
  /** JSON of the rule's subject. */
  subject: string;
  event_id: string | null;
  threshold: number;
  /** Bitmask of channels: 1 Telegram, 2 Web Push, 4 e-mail. */
  channels: number;
  muted_until: number | null;
  created_at: number;
  /** JSON of the figure the rule last fired on, or null. */
  last_fired: string | null;
}

/** One row (id 1): moved by every rule write, so detection knows to reload its rules (docs/design.md, Detection). */
export interface AlertRulesVersionTable {
  id: number;
  version: number;
}

export interface AlertSettingsTable {
  user_id: string;
  time_zone: string;
  /** Quiet hours as minutes after midnight in `time_zone`; null: none. */
  quiet_from: number | null;
  quiet_to: number | null;
  email_off: number;
  updated_at: number;
}

export interface AlertOutboxTable {
  id: Generated<number>;
  user_id: string;
  channel: AlertChannel;
  kind: AlertKind;
  topic: string;
  idempotency_key: string;
  /** JSON of what the channel sends (docs/design.md, Detection). */
  payload: string;
  urgent: number;
  created_at: number;
  next_attempt_at: number;
  attempts: number;
  claimed_until: number | null;
  sent_at: number | null;
  dropped_at: number | null;
  error: string | null;
}

export interface TelegramLinksTable {
  user_id: string;
  chat_id: string;
  linked_at: number;
  muted_until: number | null;
}

export interface TelegramLinkTokensTable {
  token_hash: string;
  user_id: string;
  expires_at: number;
  used_at: number | null;
}

export interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: number;
}

export interface Database {
  users: UsersTable;
  one_time_codes: OneTimeCodesTable;
  refresh_tokens: RefreshTokensTable;
  rate_limits: RateLimitsTable;
  feedback: FeedbackTable;
  events: EventsTable;
  prices: PricesTable;
  price_history: PriceHistoryTable;
  event_links: EventLinksTable;
  feed_runs: FeedRunsTable;
  odds_changes: OddsChangesTable;
  betslips: BetslipsTable;
  used_signup_challenges: UsedSignupChallengesTable;
  bonus_plans: BonusPlansTable;
  regions: RegionsTable;
  competitions: CompetitionsTable;
  competition_books: CompetitionBooksTable;
  market_types: MarketTypesTable;
  markets: MarketsTable;
  selections: SelectionsTable;
  market_books: MarketBooksTable;
  outcome_books: OutcomeBooksTable;
  alert_rules: AlertRulesTable;
  alert_settings: AlertSettingsTable;
  alert_rules_version: AlertRulesVersionTable;
  alert_outbox: AlertOutboxTable;
  telegram_links: TelegramLinksTable;
  telegram_link_tokens: TelegramLinkTokensTable;
  push_subscriptions: PushSubscriptionsTable;
  action_rates: ActionRatesTable;
}
