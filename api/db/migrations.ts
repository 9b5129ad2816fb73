import type { ColumnDefinitionBuilder, Kysely, Migration, MigrationProvider } from "kysely";
import { Migrator, PostgresAdapter, sql } from "kysely";

/** One set of migrations for SQLite and PostgreSQL; applied on start. Never edit a shipped one: add the next. */
const MIGRATIONS: Record<string, Migration> = {
  "001-accounts": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("users")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("username", "text", (c) => c.notNull())
        .addColumn("username_key", "text", (c) => c.notNull().unique())
        .addColumn("email", "text", (c) => c.notNull().unique())
        .addColumn("password_hash", "text", (c) => c.notNull())
        .addColumn("country", "integer", (c) => c.notNull())
        .addColumn("verified", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("last_login_at", "bigint")
        .execute();

      await db.schema
        .createTable("one_time_codes")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("purpose", "text", (c) => c.notNull())
        .addColumn("code_hash", "text", (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("expires_at", "bigint", (c) => c.notNull())
        .addColumn("used_at", "bigint")
        .execute();
      await db.schema.createIndex("one_time_codes_user_purpose").on("one_time_codes").columns(["user_id", "purpose", "created_at"]).execute();

      await db.schema
        .createTable("refresh_tokens")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("family_id", "text", (c) => c.notNull())
        .addColumn("session_key", "text", (c) => c.notNull())
        .addColumn("token_hash", "text", (c) => c.notNull().unique())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("expires_at", "bigint", (c) => c.notNull())
        .addColumn("rotated_at", "bigint")
        .addColumn("revoked_at", "bigint")
        .execute();
      await db.schema.createIndex("refresh_tokens_family").on("refresh_tokens").column("family_id").execute();
      await db.schema.createIndex("refresh_tokens_user").on("refresh_tokens").column("user_id").execute();

      await db.schema
        .createTable("rate_limits")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("window_start", "bigint", (c) => c.notNull())
        .addColumn("count", "integer", (c) => c.notNull())
        .addColumn("blocked_until", "bigint")
        .execute();

      await db.schema
        .createTable("feedback")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("message", "text", (c) => c.notNull())
        .addColumn("country", "integer", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute();
    },
  },
  "002-odds": {
    async up(db: Kysely<unknown>) {
      // An event is one fixture matched across bookmakers; its id is the matcher's stable key.
      await db.schema
        .createTable("events")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("competition_id", "integer", (c) => c.notNull())
        .addColumn("home", "text", (c) => c.notNull())
        .addColumn("away", "text", (c) => c.notNull())
        .addColumn("kickoff", "bigint", (c) => c.notNull())
        .addColumn("sr_id", "text")
        .addColumn("last_seen_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("events_competition_kickoff").on("events").columns(["competition_id", "kickoff"]).execute();

      // Current prices: one row per event, bookmaker and selection.
      await db.schema
        .createTable("prices")
        .addColumn("event_id", "text", (c) => c.notNull().references("events.id").onDelete("cascade"))
        .addColumn("bookmaker", "integer", (c) => c.notNull())
        .addColumn("market_id", "integer", (c) => c.notNull())
        .addColumn("selection_type_id", "integer", (c) => c.notNull())
        .addColumn("price", "double precision", (c) => c.notNull())
        .addColumn("boosted", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("confirmed_at", "bigint", (c) => c.notNull())
        .addColumn("changed_at", "bigint")
        .addColumn("direction", "integer", (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint("prices_pk", ["event_id", "bookmaker", "market_id", "selection_type_id"])
        .execute();
      await db.schema.createIndex("prices_confirmed").on("prices").column("confirmed_at").execute();

      // History only when a price changes.
      await db.schema
        .createTable("price_history")
        .addColumn("event_id", "text", (c) => c.notNull().references("events.id").onDelete("cascade"))
        .addColumn("bookmaker", "integer", (c) => c.notNull())
        .addColumn("market_id", "integer", (c) => c.notNull())
        .addColumn("selection_type_id", "integer", (c) => c.notNull())
        .addColumn("price", "double precision", (c) => c.notNull())
        .addColumn("recorded_at", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("price_history_pk", ["event_id", "bookmaker", "market_id", "selection_type_id", "recorded_at"])
        .execute();

      await db.schema
        .createTable("feed_runs")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("bookmaker", "text", (c) => c.notNull())
        .addColumn("competition_id", "integer", (c) => c.notNull())
        .addColumn("started_at", "bigint", (c) => c.notNull())
        .addColumn("finished_at", "bigint", (c) => c.notNull())
        .addColumn("ok", "integer", (c) => c.notNull())
        .addColumn("offers", "integer", (c) => c.notNull())
        .addColumn("prices", "integer", (c) => c.notNull())
        .addColumn("changed", "integer", (c) => c.notNull())
        .addColumn("error", "text")
        .addColumn("unmatched", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("feed_runs_bookmaker_started").on("feed_runs").columns(["bookmaker", "started_at"]).execute();
    },
  },
  "003-feeds-housekeeping": {
    async up(db: Kysely<unknown>) {
      // Pruning deletes by age: these keep it a range scan.
      await db.schema.createIndex("price_history_recorded").on("price_history").column("recorded_at").execute();
      await db.schema.createIndex("feed_runs_started").on("feed_runs").column("started_at").execute();
      // Per-event follow-up calls (Bet9ja's GetEvent) made and failed in a run.
      await db.schema.alterTable("feed_runs").addColumn("event_calls", "integer", (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable("feed_runs").addColumn("event_failures", "integer", (c) => c.notNull().defaultTo(0)).execute();
      // First sight now counts as a price's last change; older rows get their last confirmation.
      await sql`update prices set changed_at = confirmed_at where changed_at is null`.execute(db);
    },
  },
  "004-code-delivery": {
    async up(db: Kysely<unknown>) {
      // Whether a code's mail was delivered (docs/design.md, One-time codes). Codes issued before stay
      // null, "not known to be delivered": the next resend or login for such an account mails a fresh code
      // at once.
      await db.schema.alterTable("one_time_codes").addColumn("mailed_at", "bigint").execute();
    },
  },
  "005-odds-changes": {
    async up(db: Kysely<unknown>) {
      // The live feed's sequence (docs/design.md, Unit of change) is the database's, so every API replica
      // agrees on it.
      const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
      await db.schema
        .createTable("odds_changes")
        .addColumn("seq", postgres ? "bigserial" : "integer", (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn("country", "integer", (c) => c.notNull())
        .addColumn("competition_id", "integer", (c) => c.notNull())
        .addColumn("event_id", "text", (c) => c.notNull())
        .addColumn("market_id", "integer", (c) => c.notNull())
        .addColumn("at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("odds_changes_at").on("odds_changes").column("at").execute();
    },
  },
  "006-event-links": {
    async up(db: Kysely<unknown>) {
      // Each bookmaker's own id and team names for an event, from which its event page's URL is built (decision 015).
      await db.schema
        .createTable("event_links")
        .addColumn("event_id", "text", (c) => c.notNull().references("events.id").onDelete("cascade"))
        .addColumn("bookmaker", "integer", (c) => c.notNull())
        .addColumn("external_id", "text", (c) => c.notNull())
        .addColumn("home", "text", (c) => c.notNull())
        .addColumn("away", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("event_links_pk", ["event_id", "bookmaker"])
        .execute();
    },
  },
  "007-betslips": {
    async up(db: Kysely<unknown>) {
      // One saved betslip per user (docs/design.md, Betslip). The stake in kobo, so it is kept exactly; the
      // legs as JSON text with no key to events, since a saved leg outlives its event's pruning.
      await db.schema
        .createTable("betslips")
        .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
        .addColumn("stake_kobo", "bigint", (c) => c.notNull())
        .addColumn("legs", "text", (c) => c.notNull())
        .addColumn("updated_at", "bigint", (c) => c.notNull())
        .execute();
    },
  },
  "008-betslip-writes": {
    async up(db: Kysely<unknown>) {
      // docs/decisions/024-betslip-per-selection-writes.md: a version counted up by every write (the
      // slip's ETag; a slip saved before this migration is version 1), and each user's write rate.
      await db.schema.alterTable("betslips").addColumn("version", "integer", (c) => c.notNull().defaultTo(1)).execute();
      // No key to users: the limit is taken before the account is looked up, and a row is a few bytes.
      await db.schema
        .createTable("betslip_write_rates")
        .addColumn("user_id", "text", (c) => c.primaryKey())
        .addColumn("busy_until", "bigint", (c) => c.notNull())
        .execute();
    },
  },
  "009-signup-challenges": {
    async up(db: Kysely<unknown>) {
      // Proof-of-work solutions already spent on a registration, so one solution counts once on
      // every replica (docs/decisions/023-proof-of-work-under-flood.md). Kept until the challenge
      // expires, after which it is refused anyway; pruning deletes by expiry.
      await db.schema
        .createTable("used_signup_challenges")
        .addColumn("signature", "text", (c) => c.primaryKey())
        .addColumn("expires_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("used_signup_challenges_expires").on("used_signup_challenges").column("expires_at").execute();
    },
  },
  "010-bonus-plans": {
    async up(db: Kysely<unknown>) {
      // Each bookmaker's newest live accumulator bonus plan (docs/design.md, Naira-true returns), so every
      // API replica reads what the collecting one fetched: one row per provider, a newer plan replacing it.
      // The plan as JSON text; when it was fetched, since a plan a day old counts as none.
      await db.schema
        .createTable("bonus_plans")
        .addColumn("provider", "integer", (c) => c.primaryKey())
        .addColumn("body", "text", (c) => c.notNull())
        .addColumn("fetched_at", "bigint", (c) => c.notNull())
        .execute();
    },
  },
  "011-booking-rates": {
    async up(db: Kysely<unknown>) {
      // Each user's booking-code reads and mints, limited as betslip writes are (decision 024): a
      // generic cell rate kept as one time per user and action, so every replica counts alike.
      await db.schema
        .createTable("booking_rates")
        .addColumn("user_id", "text", (c) => c.notNull())
        .addColumn("action", "text", (c) => c.notNull())
        .addColumn("busy_until", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("booking_rates_pk", ["user_id", "action"])
        .execute();
    },
  },
  "012-catalogue": {
    async up(db: Kysely<unknown>) {
      // docs/design.md, Catalogue tables: regions and competitions, then market types, markets and
      // selections, then each book's words for them. Rows from the catalogue's files carry
      // `retired_at`, set when the file no longer has them: stored prices still name them.
      const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
      await createCompetitionTables(db, postgres);
      await createMarketTables(db, postgres);
      await seedLearntIds(db, postgres);
    },
  },
  "013-market-groups": {
    async up(db: Kysely<unknown>) {
      // docs/design.md, Market catalogue (groups): each type's group, which start-up writes from
      // markets.json; a row written before it reads 'specials' until then.
      await db.schema.alterTable("market_types").addColumn("market_group", "text", (c) => c.notNull().defaultTo("specials")).execute();
    },
  },
  "014-alerts": {
    async up(db: Kysely<unknown>) {
      // docs/design.md, Alerts: what a bettor follows, the outbox the sender drains (decision 051), and
      // the channels' own rows (Telegram links and their tokens, Web Push subscriptions).
      const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
      await createAlertRuleTables(db);
      await createAlertOutbox(db, postgres);
      await createChannelTables(db);
    },
  },
  "015-action-rates": {
    async up(db: Kysely<unknown>) {
      // docs/design.md, Rate limits per user and action. The booking and betslip limits become one
      // table over (subject, action); what they held carries over, so no one gets a fresh burst.
      await db.schema
        .createTable("action_rates")
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("action", "text", (c) => c.notNull())
        .addColumn("busy_until", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("action_rates_pk", ["subject", "action"])
        .execute();
      await sql`insert into action_rates (subject, action, busy_until) select user_id, 'booking-' || action, busy_until from booking_rates`.execute(db);
      await sql`insert into action_rates (subject, action, busy_until) select user_id, 'betslip-write', busy_until from betslip_write_rates`.execute(db);
      await db.schema.dropTable("booking_rates").execute();
      await db.schema.dropTable("betslip_write_rates").execute();
    },
  },
  "016-rules-version": {
    async up(db: Kysely<unknown>) {
      // docs/design.md, Detection: one row whose version every rule write moves, so the replica that
      // detects reloads its rules index when another replica wrote one.
      await db.schema.createTable("alert_rules_version").addColumn("id", "integer", (c) => c.primaryKey()).addColumn("version", "bigint", (c) => c.notNull()).execute();
      await db.insertInto("alert_rules_version" as never).values({ id: 1, version: 0 } as never).execute();
      // One rule per bettor and subject: a second "Alert me" on the same thing answers the first.
      await db.schema.createIndex("alert_rules_subject").on("alert_rules").columns(["user_id", "kind", "subject"]).unique().execute();
    },
  },
};

async function createAlertRuleTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("alert_rules")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    // What the rule watches, as JSON: an outcome, a match, the slip, competitions.
    .addColumn("subject", "text", (c) => c.notNull())
    // Where the subject's event is known, indexed so detection reads only the changed events' rules.
    .addColumn("event_id", "text")
    .addColumn("threshold", "double precision", (c) => c.notNull())
    .addColumn("channels", "integer", (c) => c.notNull())
    .addColumn("muted_until", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    // The figure the rule last fired on, as JSON: it fires again only past it (docs/design.md, Detection).
    .addColumn("last_fired", "text")
    .execute();
  await db.schema.createIndex("alert_rules_user").on("alert_rules").column("user_id").execute();
  await db.schema.createIndex("alert_rules_event").on("alert_rules").column("event_id").execute();
  // Each bettor's alert settings: quiet hours in their zone, e-mail alerts off by one click.
  await db.schema
    .createTable("alert_settings")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("time_zone", "text", (c) => c.notNull())
    .addColumn("quiet_from", "integer")
    .addColumn("quiet_to", "integer")
    .addColumn("email_off", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
}

async function createAlertOutbox(db: Kysely<unknown>, postgres: boolean): Promise<void> {
  await db.schema
    .createTable("alert_outbox")
    .addColumn("id", postgres ? "bigserial" : "integer", (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("channel", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("topic", "text", (c) => c.notNull())
    .addColumn("idempotency_key", "text", (c) => c.notNull().unique())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("urgent", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("next_attempt_at", "bigint", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    // A claim's lease: a sender that died holding rows leaves them to the next after it lapses.
    .addColumn("claimed_until", "bigint")
    .addColumn("sent_at", "bigint")
    // Given up (too many failures, no channel any more) or replaced by a newer alert of its topic.
    .addColumn("dropped_at", "bigint")
    .addColumn("error", "text")
    .execute();
  await db.schema.createIndex("alert_outbox_due").on("alert_outbox").columns(["sent_at", "dropped_at", "next_attempt_at"]).execute();
  await db.schema.createIndex("alert_outbox_topic").on("alert_outbox").columns(["user_id", "channel", "topic"]).execute();
}

async function createChannelTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("telegram_links")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("chat_id", "text", (c) => c.notNull().unique())
    .addColumn("linked_at", "bigint", (c) => c.notNull())
    // `/mute` holds alerts until then; `/stop` unlinks.
    .addColumn("muted_until", "bigint")
    .execute();
  await db.schema
    .createTable("telegram_link_tokens")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("used_at", "bigint")
    .execute();
  await db.schema
    .createTable("push_subscriptions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("endpoint", "text", (c) => c.notNull().unique())
    .addColumn("p256dh", "text", (c) => c.notNull())
    .addColumn("auth", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("push_subscriptions_user").on("push_subscriptions").column("user_id").execute();
}

/** An id column a learnt row takes from the database (docs/design.md, Competition and market ids); hand-given ids are inserted as they are. */
function learntId(postgres: boolean) {
  return (c: ColumnDefinitionBuilder) => (postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
}

async function createCompetitionTables(db: Kysely<unknown>, postgres: boolean): Promise<void> {
  await db.schema
    .createTable("regions")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("parent_id", "integer", (c) => c.references("regions.id"))
    .addColumn("zone", "text", (c) => c.notNull())
    .addColumn("retired_at", "bigint")
    .execute();
  await db.schema
    .createTable("competitions")
    .addColumn("id", "integer", learntId(postgres))
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("region_id", "integer", (c) => c.references("regions.id"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("tier", "integer")
    .addColumn("sr_tournament", "text", (c) => c.unique())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("merged_into", "integer", (c) => c.references("competitions.id"))
    .addColumn("rank", "integer", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("last_listed_at", "bigint")
    .execute();
  await db.schema
    .createTable("competition_books")
    .addColumn("bookmaker", "integer", (c) => c.notNull())
    .addColumn("book_id", "text", (c) => c.notNull())
    .addColumn("competition_id", "integer", (c) => c.references("competitions.id"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("region_name", "text")
    .addColumn("joined_by", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("upcoming", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("first_seen_at", "bigint")
    .addColumn("last_seen_at", "bigint")
    .addPrimaryKeyConstraint("competition_books_pk", ["bookmaker", "book_id"])
    .execute();
  await db.schema.createIndex("competition_books_competition").on("competition_books").column("competition_id").execute();
}

async function createMarketTables(db: Kysely<unknown>, postgres: boolean): Promise<void> {
  await db.schema
    .createTable("market_types")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("period", "text", (c) => c.notNull())
    .addColumn("shape", "text", (c) => c.notNull())
    .addColumn("coverage", "integer", (c) => c.notNull())
    .addColumn("line_kind", "text", (c) => c.notNull())
    .addColumn("exclusive", "integer", (c) => c.notNull())
    .addColumn("settle", "text", (c) => c.notNull())
    .addColumn("book_only", "integer")
    .addColumn("rank", "integer", (c) => c.notNull())
    .addColumn("retired_at", "bigint")
    .execute();
  await db.schema
    .createTable("markets")
    .addColumn("id", "integer", learntId(postgres))
    .addColumn("type_id", "integer", (c) => c.notNull().references("market_types.id"))
    .addColumn("line_x100", "integer")
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("retired_at", "bigint")
    .addUniqueConstraint("markets_type_line", ["type_id", "line_x100"])
    .execute();
  await db.schema
    .createTable("selections")
    .addColumn("id", "integer", learntId(postgres))
    .addColumn("market_id", "integer", (c) => c.notNull().references("markets.id"))
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("ord", "integer", (c) => c.notNull())
    .addColumn("retired_at", "bigint")
    .addUniqueConstraint("selections_market_outcome", ["market_id", "outcome"])
    .execute();
  await db.schema
    .createTable("market_books")
    .addColumn("bookmaker", "integer", (c) => c.notNull())
    .addColumn("book_market", "text", (c) => c.notNull())
    .addColumn("type_id", "integer", (c) => c.notNull().references("market_types.id"))
    .addColumn("book_name", "text", (c) => c.notNull())
    .addColumn("line_notation", "text")
    .addColumn("retired_at", "bigint")
    .addPrimaryKeyConstraint("market_books_pk", ["bookmaker", "book_market", "type_id"])
    .execute();
  await db.schema
    .createTable("outcome_books")
    .addColumn("bookmaker", "integer", (c) => c.notNull())
    .addColumn("book_market", "text", (c) => c.notNull())
    .addColumn("book_outcome", "text", (c) => c.notNull())
    .addColumn("type_id", "integer", (c) => c.notNull().references("market_types.id"))
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("retired_at", "bigint")
    .addPrimaryKeyConstraint("outcome_books_pk", ["bookmaker", "book_market", "book_outcome"])
    .execute();
}

/**
 * The first id each table gives a learnt row, above the hand-given ranges (docs/design.md,
 * Competition and market ids), so a learnt id never lands among the files' ids.
 */
export const FIRST_LEARNT_ID = { competitions: 10_000, markets: 100_000, selections: 1_000_000 } as const;

async function seedLearntIds(db: Kysely<unknown>, postgres: boolean): Promise<void> {
  for (const [table, first] of Object.entries(FIRST_LEARNT_ID)) {
    // PostgreSQL: the identity's sequence starts there. SQLite: AUTOINCREMENT takes one past the
    // largest of sqlite_sequence and the table's ids, so the sequence holds the last hand-given id.
    if (postgres) await sql`alter table ${sql.table(table)} alter column id restart with ${sql.lit(first)}`.execute(db);
    else await sql`insert into sqlite_sequence (name, seq) values (${table}, ${first - 1})`.execute(db);
  }
}

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error ?? failed });
  }
}
