/**
 * The /api contract: docs/product.md, Calls the browser makes, plus docs/design.md, The API contract.
 * Shapes are what travels as JSON (dates are ISO 8601 UTC strings). The same paths serve browser -> web
 * tier and web tier -> odds API, except where a comment says a shape or route belongs to one hop only.
 */
import type { ErrorEnvelope } from "./error-codes.ts";
import type { MarketGroup } from "./market-groups.ts";
import type { AlertRef, AlertRuleChange, AlertRuleRequest, AlertRuleView, AlertSettings, AlertsView, AlertUnsubscribeRequest, PushEndpointRequest, PushSubscriptionRequest, TelegramLink } from "./alerts-contract.ts";

export const API_PREFIX = "/api";

export type ApiSuccess<T> = { data: T };
export type ApiErrorEnvelope = ErrorEnvelope;
export type ApiResponse<T> = ApiSuccess<T> | ApiErrorEnvelope;

/** `acceptTerms`: the user confirmed being 18 or older and accepted the Terms and Privacy Policy (refused otherwise). */
type RegisterFields = { email: string; password: string; country: number; acceptTerms: true };
/** The spec spells the name `userName`; one client path sends `username`. The API accepts either. */
export type RegisterRequest = RegisterFields &
  ({ userName: string; username?: undefined } | { username: string; userName?: undefined });
/** The normalised e-mail the verification code went to; the client opens verification for it. */
export type RegisterResult = { email: string };
/**
 * GET /users/register/challenge: an ALTCHA proof-of-work challenge (SHA-256, signed by the API,
 * expiring in minutes). Needed only while sign-up is under a flood: then PUT /users/register
 * answers 429 CHALLENGE_REQUIRED until the request carries `altcha`, the solution as ALTCHA's
 * payload (base64 of `{algorithm, challenge, number, salt, signature}`), good for one registration
 * (docs/decisions/023-proof-of-work-under-flood.md).
 */
export type RegisterChallenge = { algorithm: "SHA-256"; challenge: string; maxnumber: number; salt: string; signature: string };
export type RegisterProof = { altcha?: string };

/** `code`: the code mailed to an account locked by failed logins (docs/decisions/025-login-throttling.md). */
export type LoginRequest = { username: string; password: string; code?: string };

/**
 * The user as login, verification and reset answer it. `country` is the country id as text
 * ("1"), as the spec's session copy keeps it; `registrationDate` is ISO 8601.
 */
export type SessionUser = { id: string; username: string; country: string; registrationDate: string };

/** Odds API -> web tier. The web tier keeps both tokens in HttpOnly cookies (docs/design.md, Tokens in cookies). */
export type AuthResult = { user: SessionUser; token: string; refreshToken: string };
/** Web tier -> browser for login, verify-email and reset-password: the tokens never reach the page. */
export type BrowserAuthResult = { user: SessionUser };

/** Web tier -> odds API; the browser's POST /api/users/refresh has an empty body (the cookie carries the token). */
export type RefreshRequest = { refreshToken: string };
export type RefreshResult = { token: string; refreshToken: string };
/** Web tier -> odds API; from the browser the refresh token comes from the cookie instead. */
export type LogoutRequest = { refreshToken?: string };

export type VerifyEmailRequest = { email: string; otp: string };
export type ResendOtpRequest = { email: string };
/** Always answered 200 whether or not the e-mail is registered (ASVS 6.3.8). */
export type ForgotPasswordRequest = { email: string };
export type ResetPasswordRequest = { email: string; otp: string; password: string };
/** Stored without the user id: feedback is anonymous. */
export type FeedbackRequest = { message: string };
/** Answer of calls whose body the client does not use: resend-otp, forgot-password, feedback, logout, events. */
export type Acknowledgement = { ok: true };

/** GET /users/me. `country` is numeric here (1 Nigeria, 2 Ghana, 3 Kenya); `lastLogin` absent before a second login. */
export type UserProfile = {
  username: string;
  email: string;
  country: number;
  registrationDate: string;
  lastLogin?: string;
};

export type CountryQuery = { country: number };
/** `k`: 8 lowercase hex digits of FNV-1a over `${ak}:${country}&${competition}&${market}`; the web tier adds it. */
export type OddsQuery = CountryQuery & { competition: number; market: number; k: string };

/** `flags` is the bitmask Boosted 1, Increased 2, Decreased 4, Best 8. */
export type OddsSelection = { selectionTypeId: number; value: number; flags: number };
/**
 * `margin` in percent; null when the bookmaker's selection set is incomplete. `updatedAt` is the
 * bookmaker's last price change in this market. `stale: true` (absent otherwise) when its feed has
 * not confirmed these prices for more than two feed intervals (docs/design.md, Collector); they leave the
 * listing at three.
 */
export type ProviderOdds = {
  provider: number;
  margin: number | null;
  updatedAt: string;
  stale?: true;
  odds: OddsSelection[];
};
export type EventMarket = { marketId: number; odds: ProviderOdds[] };
/** `name` is "Home vs Away". */
export type OddsEvent = {
  id: string;
  name: string;
  home: string;
  away: string;
  date: string;
  competitionId: number;
  /** The competition's name, for competitions beyond the four leagues (ids 1-4) only (docs/design.md, Competition names). */
  competition?: string;
  markets: EventMarket[];
};
/**
 * GET /odds and GET /odds/sample (the sample: next two events, market 1X2). `intervalS` is the
 * API's feed interval (FEED_INTERVAL_S); the API itself marks stale bookmakers (`ProviderOdds.stale`).
 * Absent only in the empty answer served before the first listing.
 */
export type OddsResponse = { events: OddsEvent[]; updatedAt: string; intervalS?: number };
/** An event without its prices: what search, dropping odds and the match page's heading name. */
export type EventHeading = Omit<OddsEvent, "markets">;

/** A price on the match page: as in OddsSelection, plus the first price this bookmaker offered for it. */
export type MatchSelection = OddsSelection & { opening: number };
export type MatchProviderOdds = Omit<ProviderOdds, "odds"> & { odds: MatchSelection[] };
/**
 * A market of the match page. Beyond the spec's eight (whose names every client knows from
 * shared/reference.ts), `name` and `selections` are the catalogue's (docs/design.md, Market catalogue):
 * the selections in display order with their labels.
 */
export type MatchMarket = {
  marketId: number;
  odds: MatchProviderOdds[];
  name?: string;
  selections?: { id: number; label: string }[];
  /** The picker's group (docs/design.md, Market groups); the eight's are known without it (shared/market-groups.ts). */
  group?: MarketGroup;
  /** Beyond the eight, the type's shape: a many-way market's table lists a row per selection (decision 054). */
  shape?: "two-way" | "three-way" | "many-way" | "overlapping";
  /** Beyond the eight and only when not 1: how many results each selection covers, which its payout at best divides by. */
  coverage?: number;
  /** The one bookmaker quoting it (docs/design.md, Book-only markets): no Highest, no Average. */
  bookOnly?: number;
};
/**
 * A bookmaker's own page for the event, built from the ids and names its feed carries
 * (docs/design.md, Bookmaker links; no affiliate parameters). `exact: false` when the event's URL
 * cannot be built and `url` is the bookmaker's football page instead.
 */
export type BookmakerLink = { provider: number; url: string; exact: boolean };
/**
 * GET /odds/events/:id: every market of one event (reference order) with opening prices, and a
 * link per bookmaker that lists it. `started` once kick-off has passed: the event has left the
 * listings, its page stays readable (prices as last seen) until its history is pruned.
 */
/** GET /odds/events/:id/heading, public: a match as a shared link names it, without prices. */
export type MatchHeading = { event: EventHeading & { started: boolean } };
export type MatchDetail = {
  event: EventHeading & { markets: MatchMarket[]; links: BookmakerLink[]; started: boolean };
  updatedAt: string;
  intervalS?: number;
};
/**
 * One bookmaker's price of one selection over time: [epoch seconds, price], oldest first; the first
 * point is the opening price, the last the price now. At most 48 points: a longer history keeps the
 * last change of each of equal slices of time between them.
 */
export type HistorySeries = { provider: number; selectionTypeId: number; points: [number, number][] };
/** GET /odds/events/:id/history?market=M */
export type MarketHistory = { eventId: string; marketId: number; series: HistorySeries[] };
/**
 * One bookmaker's fall on one outcome: `from` is the price in force when the window began (or the
 * first one seen in it), `to` its price now (last changed `at`), `dropPct` = (from - to) / from x 100,
 * one decimal.
 */
export type BookDrop = { provider: number; from: number; to: number; dropPct: number; at: string };
/**
 * One outcome (an event's selection in a market) whose price fell at one or more bookmakers: the
 * books that moved, the largest fall first, and that largest fall as `dropPct`.
 */
export type OutcomeDrop = { event: EventHeading; marketId: number; selectionTypeId: number; dropPct: number; books: BookDrop[] };
/**
 * GET /odds/dropping?country=1&hours=24[&competition=L][&market=M]: the outcomes that fell most
 * first, upcoming events only, in one league or market when asked.
 */
/**
 * A market as a tool's answer names it (docs/design.md, Bettor tools, "Markets the tools name"):
 * the catalogue's name, its group (shared/market-groups.ts) and, for a market beyond the spec's
 * eight that the answer shows, its selections' labels in order, as MatchMarket carries them.
 */
export type ToolMarket = { marketId: number; name: string; group: MarketGroup; selections?: { id: number; label: string }[] };
/**
 * `markets` (absent where the API has no catalogue, and in the empty answers of the countries
 * coming soon): every market the catalogue knows, by group, for the page's Market choice.
 */
export type DroppingOdds = { hours: number; drops: OutcomeDrop[]; markets?: ToolMarket[] };
export type DroppingQuery = { country: number; hours: number; competition?: number | undefined; market?: number | undefined };
/** GET /odds/search?country=1&q=TEXT: upcoming events whose teams match, soonest first. */
export type SearchQuery = CountryQuery & { q: string };
export type SearchResult = { events: EventHeading[] };

/**
 * One leg of a sure bet: the best price of one selection among the bookmakers pricing the whole
 * market, its bookmaker, when that price last changed (sure bets vanish fast: the page shows its
 * age) and the bookmaker's page for the event. `boosted: true` (absent otherwise) for a price the
 * bookmaker marks as boosted: real, but usually for small stakes only.
 */
export type SureBetLeg = { selectionTypeId: number; provider: number; value: number; updatedAt: string; link: BookmakerLink; boosted?: true };
/**
 * An event-market whose best prices still make a profit after the 5 % tax on winnings
 * (docs/design.md, Naira-true returns): `profitPct` = (1/Σ(1/b) - 1) x 100 before tax, and
 * `netProfitPct` = (1/Σ(1/b') - 1) x 100 after it, where a leg's net price b' = b - t(b - 1) (each
 * leg is its own ticket, taxed on its winnings); both two decimals, `netProfitPct` > 0.
 */
export type SureBet = { event: EventHeading; marketId: number; profitPct: number; netProfitPct: number; legs: SureBetLeg[] };
/** GET /odds/sure-bets?country=1: upcoming events only, the largest profit after tax first (docs/design.md, Sure bets). */
export type SureBets = {
  sureBets: SureBet[];
  updatedAt: string;
  /** Every market the board reads (exclusive two- and three-way, complete many-way), by group: the page's Market choice, and the names of those it shows. */
  markets?: ToolMarket[];
};
/**
 * A price above the market's fair value after the tax on winnings (decisions 018 and 037): `fairPrice`
 * = 1 / fair probability (two decimals), `netEvPct` the expected value after the 5 % tax on winnings,
 * (fair probability x b' - 1) x 100 with b' = b - t(b - 1), one decimal, at least `minNetEvPct`; and
 * `valuePct` = (price x fair probability - 1) x 100 before tax (one decimal), always larger.
 */
export type ValueBet = {
  event: EventHeading;
  marketId: number;
  selectionTypeId: number;
  provider: number;
  value: number;
  fairPrice: number;
  valuePct: number;
  netEvPct: number;
  updatedAt: string;
  link: BookmakerLink;
  /** As in SureBetLeg. */
  boosted?: true;
};
/** GET /odds/value-bets?country=1: upcoming events only, the largest expected value after tax first. */
export type ValueBets = {
  minNetEvPct: number;
  valueBets: ValueBet[];
  updatedAt: string;
  /** As SureBets' `markets`: every market the board reads, by group. */
  markets?: ToolMarket[];
};

/** One selection on a betslip: at most one per event, at most BETSLIP_MAX_LEGS in all. */
export type BetslipLeg = { eventId: string; marketId: number; selectionTypeId: number };
export const BETSLIP_MAX_LEGS = 50;
/** The largest stake a slip takes, in naira (decision 019); the sure-bet calculator splits at most this too. */
export const MAX_STAKE_NAIRA = 10_000_000;
/**
 * PUT /users/betslip: the whole slip; `stake` in naira, positive, at most two decimals. It replaces
 * whatever another device saved meanwhile unless sent with `If-Match` (the ETag of the slip it was
 * made from): a slip changed since answers 412 BETSLIP_CHANGED and nothing is saved.
 */
export type BetslipRequest = { stake: number; legs: BetslipLeg[] };
/**
 * The per-selection writes, which merge with other devices' changes (decision 024):
 * POST /users/betslip/selections takes a BetslipLeg (a selection of a match on the slip replaces
 * that match's, in its place); DELETE /users/betslip/selections/:eventId/:marketId/:selectionTypeId
 * removes that selection, if it is there; PATCH /users/betslip takes a BetslipStakeRequest. Every
 * betslip answer carries the slip's version as its `ETag`, and every write honours `If-Match`.
 */
export type BetslipStakeRequest = { stake: number };
/**
 * A leg as the slip shows it, prices re-read now: `event` null once the event is no longer known
 * (pruned); `started` once kick-off has passed; `prices` every bookmaker's current price for the
 * selection (a bookmaker without one is absent: it does not quote that market, or not now).
 * Beyond the spec's eight (whose names every client knows from shared/reference.ts), `marketName`
 * and `selectionName` are the catalogue's (docs/design.md, Market catalogue); `bookOnly` the one
 * bookmaker quoting a book-only market, the only one whose price it carries (docs/design.md,
 * Book-only markets). All three absent from an API older than them.
 */
export type BetslipLegView = BetslipLeg & {
  marketName?: string;
  selectionName?: string;
  bookOnly?: number;
  event: EventHeading | null;
  started: boolean;
  prices: { provider: number; value: number }[];
  links: BookmakerLink[];
};
/**
 * Why a bookmaker cannot take the slip as it stands: the stake is below its minimum, the slip has
 * more selections than it takes, or it does not price a selection that can still be bet.
 */
export type NotPlaceable = "below-min-stake" | "over-max-selections" | "missing-price";
/**
 * The accumulator bonus as the slip counts it: `applied` (a published rule), `estimate` (SportyBet's
 * live plan: its exact figure depends on probabilities it does not publish), `not-modelled` (the
 * book's bonus rule is unknown to us: none is counted), `none` (the book has no bonus for this slip).
 */
export type BonusStatus = "applied" | "estimate" | "not-modelled" | "none";
/**
 * One bookmaker's return on the slip in naira as the book would pay it
 * (docs/design.md, Payout after bonus, cap and tax), over the selections that can still be bet (`Betslip.biddable`; a started or unpriced
 * one counts at no book). `totalOdds` the product of its prices (two decimals); `payout` =
 * `grossPayout` = stake x that exact product (kobo); `bonusPct` and `bonus` its accumulator bonus;
 * `capped` true when its maximum payout cut gross + bonus; `tax` 5 % of the winnings (what is paid
 * minus the stake, never below 0); `netPayout` what reaches the bettor. The money fields are null,
 * and `placeable` false with `reason` "missing-price", when it misses a selection (`missing`
 * counts them); a slip under its minimum stake or over its maximum selections is priced but not
 * placeable. `rulesCheckedAt`: the newest date among the rules used (ISO date).
 */
export type BookmakerSlip = {
  provider: number;
  totalOdds: number | null;
  payout: number | null;
  missing: number;
  grossPayout: number | null;
  bonusPct: number | null;
  bonus: number | null;
  bonusStatus: BonusStatus;
  /**
   * What `bonusPct` is a percentage of, in naira (docs/design.md, Payout after bonus, cap and tax):
   * the gross payout at Bet9ja, the stake times the counted legs' prices only at SportyBet; with
   * `bonusLegs`, the legs that count towards the bonus, and `bonusMinLegOdds`, the least price that
   * counts. Null without a bonus; absent from an API older than these fields.
   */
  bonusBase?: number | null;
  bonusLegs?: number | null;
  bonusMinLegOdds?: number | null;
  tax: number | null;
  netPayout: number | null;
  capped: boolean;
  placeable: boolean;
  reason: NotPlaceable | null;
  rulesCheckedAt: string;
};
/**
 * GET and PUT /users/betslip: the user's saved slip with every leg re-read, and every bookmaker's
 * return on it: placeable ones first by `netPayout`, then priced ones it cannot take, then those
 * missing a selection. `biddable` counts the selections that can still be bet (not started, priced
 * somewhere): the totals are over those ("2 of 3 selections"). A user with no slip yet gets
 * `{ stake: 1000, legs: [], bookmakers: [], biddable: 0, updatedAt: null }`; an empty slip lists no bookmakers.
 */
export type Betslip = { stake: number; legs: BetslipLegView[]; bookmakers: BookmakerSlip[]; biddable: number; updatedAt: string | null };

/**
 * Booking codes (docs/design.md, Booking codes). GET /odds/booking?provider=N&code=CODE reads a
 * bookmaker's code and maps each leg to ours. `legs` are the legs that map exactly, as betslip
 * legs with the event and the price the code was read at (`bookPrice`, that book's current
 * price); `unmapped` every other leg with its reason, never replaced by a guess:
 * `market` a market we do not compare, `event` an event we do not list, `started` kicked off or
 * no longer offered at the book, `ambiguous` more than one of our events or selections fits.
 * `expiresAt` when the code stops being usable (its first kick-off), when known.
 */
export type BookingLeg = BetslipLeg & {
  event: EventHeading;
  bookPrice: number | null;
  /** A market beyond the eight as the catalogue names it (as MatchMarket's `name`), e.g. "Home Over/Under 0.5". */
  marketName?: string;
  /** Its selection's label in the catalogue, e.g. "Over 0.5". */
  selectionName?: string;
  /** A book-only market (SportyBet's 1UP and 2UP): the one bookmaker that prices it (docs/design.md, Book-only markets). */
  bookOnly?: number;
};
export type UnmappedReason = "market" | "event" | "started" | "ambiguous";
export type UnmappedLeg = {
  reason: UnmappedReason;
  /** The leg in the book's own words, e.g. "Lyon v Nice, Correct Score 2:1". */
  description: string;
  home: string | null;
  away: string | null;
  kickoff: string | null;
};
export type BookingRead = {
  provider: number;
  code: string;
  legs: BookingLeg[];
  unmapped: UnmappedLeg[];
  expiresAt: string | null;
};
/** POST /users/betslip/booking: mint the saved slip's biddable legs as a code at `provider`. */
export type BookingMintRequest = { provider: number };
/**
 * A code minted at a bookmaker and read back: every leg on it checked against the slip before it
 * is answered. `url` opens it in the book's site or app; `legs` how many selections it holds;
 * `expiresAt` the first kick-off among them (the code stops working then).
 */
export type BookingCode = {
  provider: number;
  code: string;
  url: string | null;
  legs: number;
  expiresAt: string | null;
  /**
   * The slip's selections this code does not hold, each with why: a book-only market of another
   * bookmaker ("1X2 - 1UP is only at SportyBet"), to add there by hand. Absent when the code holds
   * every selection that can still be bet.
   */
  notPlaced?: { leg: BetslipLeg; reason: string }[];
};

export type OddsSummary = {
  numEvents: number;
  numBookmakers: number;
  marketIds: number[];
  competitionIds: number[];
  numOdds: number;
};

/** GET /api/session (web tier only): the current user, null for a visitor, or 401 AUTH_EXPIRED (decision 005). */
export type BrowserSession = { user: SessionUser | null };

/**
 * GET /odds/next?country=1&market=M[&competition=N,...][&after=CURSOR][&until=MS] (docs/design.md,
 * Catalogue API): at most 50 upcoming events of one market across competitions, in kick-off order;
 * `next`, when more follow, is the cursor the next page starts after.
 */
export type NextQuery = CountryQuery & { market: number; competition?: string; after?: string; until?: number };
export type NextOdds = OddsResponse & { next?: string };
/** GET /odds/competitions?country=1[&region=R], public (docs/design.md, Catalogue API): each competition with upcoming matches. */
export type CompetitionsQuery = CountryQuery & { region?: number };
export type CompetitionEntry = {
  id: number;
  name: string;
  /** Its country or area; null where no region of ours matched the books' country ("Other"). */
  regionId: number | null;
  kind: "league" | "cup" | "continental" | "international" | "friendly";
  /** Upcoming matches with prices. */
  upcoming: number;
  /** The soonest of them (ISO 8601). */
  nextKickoff: string;
  /** The bookmakers pricing at least one of them, by id. */
  books: number[];
};
export type RegionEntry = { id: number; code: string; name: string; parentId: number | null };
/** Competitions in picker order (`rank`, then name); each region they name, and its parent area, once. */
export type CompetitionList = { competitions: CompetitionEntry[]; regions: RegionEntry[]; updatedAt: string };
/** GET /odds/markets, public (docs/design.md, Catalogue API): every market type and market we compare, each line its own market. */
export type MarketTypeListed = {
  id: number;
  name: string;
  /** The picker's group (docs/design.md, Market groups); absent from an API older than it. */
  group?: MarketGroup;
  period: "FT" | "1H" | "2H";
  shape: "two-way" | "three-way" | "many-way" | "overlapping";
  lineKind: "none" | "total" | "handicap" | "asian";
  exclusive: boolean;
  /** The one bookmaker quoting it (docs/design.md, Book-only markets). */
  bookOnly?: number;
};
export type MarketEntry = { id: number; typeId: number; line: number | null; name: string; selections: { id: number; label: string }[] };
export type MarketList = { version: string; types: MarketTypeListed[]; markets: MarketEntry[] };

export const ANALYTICS_EVENT_NAMES = [
  "page_view",
  "user_registration_completed",
  "user_login_success",
  "critical_error",
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];
/** POST /api/events (web tier only). Logged, never stored with personal data; `country` as in SessionUser. */
export type AnalyticsEvent =
  | { name: "page_view"; path: string }
  | { name: "user_registration_completed"; country: string; path?: string }
  | { name: "user_login_success"; country: string; path?: string }
  | { name: "critical_error"; message: string; path?: string };

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** GET /users/session-check (odds API only): the claims of a token the API signed, of a session that still stands (decision 026). */
export type SessionClaims = { sub: string; ak: string; exp: number };
/** A call that sends nothing: a GET without path or query fields, or a write whose body is `{}`. */
export type NoFields = Record<string, never>;
/** GET /odds/booking?provider=N&code=CODE. */
export type BookingReadQuery = { provider: number; code: string };
/** An event named in the path: GET /odds/events/:id and its heading. */
export type EventRef = { id: string };

/**
 * Which hop carries an endpoint: `both`, browser -> web tier under API_PREFIX and web tier -> odds
 * API at the same path; `web`, the web tier's own (never forwarded); `api`, the odds API's for the
 * web tier (never asked by the browser).
 */
export type Hop = "both" | "web" | "api";
/** `auth`: needs a session; the web tier refreshes or answers 401 before forwarding. */
export type EndpointSpec = { method: HttpMethod; path: string; auth: boolean; hop: Hop };

/**
 * What one call of an endpoint carries: `req` its JSON body, or for a GET and the DELETE the
 * fields of its path (`:name`) and query (endpointUrl); `res` the `data` of its answer.
 */
type Call<Req, Res> = { req: Req; res: Res };
/** The same call on both hops. */
type Both<Req, Res> = { api: Call<Req, Res>; browser: Call<Req, Res> };

/**
 * The request and response of every endpoint, per hop (`api`: web tier -> odds API; `browser`:
 * browser -> web tier). Types only: nothing of this reaches the browser bundle. ENDPOINTS must list
 * exactly these keys, with the hop their calls say.
 */
export interface EndpointTypes {
  me: Both<NoFields, UserProfile>;
  register: Both<RegisterRequest & RegisterProof, RegisterResult>;
  registerChallenge: Both<NoFields, RegisterChallenge>;
  login: { api: Call<LoginRequest, AuthResult>; browser: Call<LoginRequest, BrowserAuthResult> };
  refresh: { api: Call<RefreshRequest, RefreshResult>; browser: Call<NoFields, Acknowledgement> };
  verifyEmail: { api: Call<VerifyEmailRequest, AuthResult>; browser: Call<VerifyEmailRequest, BrowserAuthResult> };
  resendOtp: Both<ResendOtpRequest, Acknowledgement>;
  forgotPassword: Both<ForgotPasswordRequest, Acknowledgement>;
  resetPassword: { api: Call<ResetPasswordRequest, AuthResult>; browser: Call<ResetPasswordRequest, BrowserAuthResult> };
  feedback: Both<FeedbackRequest, Acknowledgement>;
  logout: { api: Call<LogoutRequest, Acknowledgement>; browser: Call<NoFields, Acknowledgement> };
  sessionCheck: { api: Call<NoFields, SessionClaims> };
  odds: { api: Call<OddsQuery, OddsResponse>; browser: Call<Omit<OddsQuery, "k">, OddsResponse> };
  summary: Both<CountryQuery, OddsSummary>;
  sample: Both<CountryQuery, OddsResponse>;
  competitions: Both<CompetitionsQuery, CompetitionList>;
  markets: Both<NoFields, MarketList>;
  next: Both<NextQuery, NextOdds>;
  event: Both<EventRef, MatchDetail>;
  history: Both<EventRef & { market: number }, MarketHistory>;
  matchHeading: Both<EventRef, MatchHeading>;
  dropping: Both<DroppingQuery, DroppingOdds>;
  search: Both<SearchQuery, SearchResult>;
  sureBets: Both<CountryQuery, SureBets>;
  valueBets: Both<CountryQuery, ValueBets>;
  betslip: Both<NoFields, Betslip>;
  replaceBetslip: Both<BetslipRequest, Betslip>;
  changeBetslipStake: Both<BetslipStakeRequest, Betslip>;
  addToBetslip: Both<BetslipLeg, Betslip>;
  removeFromBetslip: Both<BetslipLeg, Betslip>;
  readBookingCode: Both<BookingReadQuery, BookingRead>;
  mintBookingCode: Both<BookingMintRequest, BookingCode>;
  session: { browser: Call<NoFields, BrowserSession> };
  analytics: { browser: Call<AnalyticsEvent, Acknowledgement> };
  alerts: Both<NoFields, AlertsView>;
  createAlert: Both<AlertRuleRequest, AlertRuleView>;
  changeAlert: Both<AlertRuleChange, AlertRuleView>;
  deleteAlert: Both<AlertRef, Acknowledgement>;
  alertSettings: Both<AlertSettings, AlertSettings>;
  alertUnsubscribe: Both<AlertUnsubscribeRequest, Acknowledgement>;
  telegramLink: Both<NoFields, TelegramLink>;
  telegramUnlink: Both<NoFields, Acknowledgement>;
  pushSubscribe: Both<PushSubscriptionRequest, Acknowledgement>;
  pushUnsubscribe: Both<PushEndpointRequest, Acknowledgement>;
}
export type EndpointName = keyof EndpointTypes;
/** The endpoints the web tier calls on the odds API, and those the browser calls on the web tier. */
export type ApiEndpointName = { [K in EndpointName]: EndpointTypes[K] extends { api: Call<unknown, unknown> } ? K : never }[EndpointName];
export type BrowserEndpointName = { [K in EndpointName]: EndpointTypes[K] extends { browser: Call<unknown, unknown> } ? K : never }[EndpointName];
export type ApiRequest<K extends ApiEndpointName> = EndpointTypes[K] extends { api: Call<infer Req, unknown> } ? Req : never;
export type ApiAnswer<K extends ApiEndpointName> = EndpointTypes[K] extends { api: Call<unknown, infer Res> } ? Res : never;
export type BrowserRequest<K extends BrowserEndpointName> = EndpointTypes[K] extends { browser: Call<infer Req, unknown> } ? Req : never;
export type BrowserAnswer<K extends BrowserEndpointName> = EndpointTypes[K] extends { browser: Call<unknown, infer Res> } ? Res : never;
type HopOf<K extends EndpointName> = K extends ApiEndpointName ? (K extends BrowserEndpointName ? "both" : "api") : "web";

/**
 * Every endpoint of the contract, each path spelled here once: the browser's calls
 * (client/backend/endpoints.ts), the web tier's routes and its calls to the API (server/bff/), and
 * the API's routes (api/, below the prefix api/app.ts mounts each router at).
 */
export const ENDPOINTS = {
  me: { method: "GET", path: "/users/me", auth: true, hop: "both" },
  register: { method: "PUT", path: "/users/register", auth: false, hop: "both" },
  // docs/decisions/023-proof-of-work-under-flood.md
  registerChallenge: { method: "GET", path: "/users/register/challenge", auth: false, hop: "both" },
  login: { method: "POST", path: "/users/login", auth: false, hop: "both" },
  refresh: { method: "POST", path: "/users/refresh", auth: false, hop: "both" },
  verifyEmail: { method: "POST", path: "/users/verify-email", auth: false, hop: "both" },
  resendOtp: { method: "POST", path: "/users/resend-otp", auth: false, hop: "both" },
  forgotPassword: { method: "POST", path: "/users/forgot-password", auth: false, hop: "both" },
  resetPassword: { method: "POST", path: "/users/reset-password", auth: false, hop: "both" },
  feedback: { method: "POST", path: "/users/feedback", auth: true, hop: "both" },
  // Logout works without a valid access token: an expired session must still be able to revoke its refresh token.
  logout: { method: "POST", path: "/users/logout", auth: false, hop: "both" },
  // docs/decisions/026-web-tier-verifies-tokens-by-asking.md
  sessionCheck: { method: "GET", path: "/users/session-check", auth: true, hop: "api" },
  odds: { method: "GET", path: "/odds", auth: true, hop: "both" },
  summary: { method: "GET", path: "/odds/summary", auth: false, hop: "both" },
  sample: { method: "GET", path: "/odds/sample", auth: false, hop: "both" },
  // docs/design.md, Catalogue API: public, no price in them.
  competitions: { method: "GET", path: "/odds/competitions", auth: false, hop: "both" },
  markets: { method: "GET", path: "/odds/markets", auth: false, hop: "both" },
  next: { method: "GET", path: "/odds/next", auth: true, hop: "both" },
  // docs/design.md, Match API. `:id` stands for one path segment (matchContractRoute).
  event: { method: "GET", path: "/odds/events/:id", auth: true, hop: "both" },
  history: { method: "GET", path: "/odds/events/:id/history", auth: true, hop: "both" },
  // Public: what a shared match link names, without prices (docs/product.md, Shared links).
  matchHeading: { method: "GET", path: "/odds/events/:id/heading", auth: false, hop: "both" },
  dropping: { method: "GET", path: "/odds/dropping", auth: true, hop: "both" },
  search: { method: "GET", path: "/odds/search", auth: true, hop: "both" },
  // docs/design.md, Bettor tools.
  sureBets: { method: "GET", path: "/odds/sure-bets", auth: true, hop: "both" },
  valueBets: { method: "GET", path: "/odds/value-bets", auth: true, hop: "both" },
  betslip: { method: "GET", path: "/users/betslip", auth: true, hop: "both" },
  replaceBetslip: { method: "PUT", path: "/users/betslip", auth: true, hop: "both" },
  changeBetslipStake: { method: "PATCH", path: "/users/betslip", auth: true, hop: "both" },
  addToBetslip: { method: "POST", path: "/users/betslip/selections", auth: true, hop: "both" },
  removeFromBetslip: { method: "DELETE", path: "/users/betslip/selections/:eventId/:marketId/:selectionTypeId", auth: true, hop: "both" },
  // docs/design.md, Booking codes: reading a code asks a bookmaker on the user's behalf, so it needs a session too.
  readBookingCode: { method: "GET", path: "/odds/booking", auth: true, hop: "both" },
  mintBookingCode: { method: "POST", path: "/users/betslip/booking", auth: true, hop: "both" },
  session: { method: "GET", path: "/session", auth: true, hop: "web" },
  analytics: { method: "POST", path: "/events", auth: false, hop: "web" },
  // Alerts (docs/design.md, Alerts).
  alerts: { method: "GET", path: "/users/alerts", auth: true, hop: "both" },
  createAlert: { method: "POST", path: "/users/alerts", auth: true, hop: "both" },
  changeAlert: { method: "PATCH", path: "/users/alerts/:id", auth: true, hop: "both" },
  deleteAlert: { method: "DELETE", path: "/users/alerts/:id", auth: true, hop: "both" },
  alertSettings: { method: "PUT", path: "/users/alerts/settings", auth: true, hop: "both" },
  alertUnsubscribe: { method: "POST", path: "/alerts/unsubscribe", auth: false, hop: "both" },
  telegramLink: { method: "POST", path: "/users/telegram/link", auth: true, hop: "both" },
  telegramUnlink: { method: "DELETE", path: "/users/telegram/link", auth: true, hop: "both" },
  pushSubscribe: { method: "POST", path: "/users/push/subscriptions", auth: true, hop: "both" },
  pushUnsubscribe: { method: "POST", path: "/users/push/subscriptions/remove", auth: true, hop: "both" },
} as const satisfies { [K in EndpointName]: EndpointSpec & { hop: HopOf<K> } };

/** The fields of a call that go in its URL: text or numbers; an undefined one leaves its query field out. */
export type UrlFields = Readonly<Record<string, string | number | undefined>>;

/**
 * The URL of a call below its hop's root: each `:name` of the endpoint's path filled from
 * `fields`, then the other fields as its query in their own order, undefined ones left out; every
 * value percent-encoded (`/odds/events/sr%3Amatch%3A1/history?market=1`).
 */
export function endpointUrl(endpoint: EndpointSpec, fields: UrlFields): string {
  const inPath = new Set<string>();
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
    inPath.add(name);
    return encodeURIComponent(String(fields[name]));
  });
  const query = Object.entries(fields)
    .filter(([name, value]) => value !== undefined && !inPath.has(name))
    .map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`);
  return query.length === 0 ? path : `${path}?${query.join("&")}`;
}

/**
 * One call of the contract as the browser makes it under API_PREFIX.
 * `auth`: needs a session; the web tier refreshes or answers 401 before forwarding.
 * `upstream`: the web tier forwards it to the odds API at the same path; false for the web
 * tier's own routes.
 */
export type ContractRoute = { method: HttpMethod; path: string; auth: boolean; upstream: boolean };

/** The browser's endpoints (ENDPOINTS but those of the odds API alone), as the web tier matches and labels them. */
export const CONTRACT_ROUTES: readonly ContractRoute[] = /* @__PURE__ */ Object.values(ENDPOINTS)
  .filter((endpoint: EndpointSpec) => endpoint.hop !== "api")
  .map(({ method, path, auth, hop }) => ({ method, path, auth, upstream: hop === "both" }));

/** A contract route that a request's path matched, with the segments its `:name` parts stood for (still percent-encoded). */
export type ContractMatch = { route: ContractRoute; params: Record<string, string> };

/** `path` against a route's path: literal segments equal, each `:name` one non-empty segment. */
function matchPath(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split("/");
  const got = path.split("/");
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    const segment = got[i]!;
    if (part.startsWith(":") && segment !== "") params[part.slice(1)] = segment;
    else if (part !== segment) return undefined;
  }
  return params;
}

/**
 * The route for a method and a raw path below API_PREFIX (query string excluded), if the contract
 * has it, and its parameters. `route.path` is the pattern (`/odds/events/:id`), never the id: what
 * metrics label a request with, so the label set stays bounded.
 */
export function matchContractRoute(method: string, path: string): ContractMatch | undefined {
  for (const route of CONTRACT_ROUTES) {
    if (route.method !== method) continue;
    const params = matchPath(route.path, path);
    if (params) return { route, params };
  }
  return undefined;
}

/** The route for a method and a path below API_PREFIX (query string excluded), if the contract has it. */
export function findContractRoute(method: string, path: string): ContractRoute | undefined {
  return matchContractRoute(method, path)?.route;
}
