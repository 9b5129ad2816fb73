import { PostgresAdapter, sql, type Kysely, type Transaction } from "kysely";
import { LIVE_COUNTRY_ID } from "#shared/constants.ts";
import { MOVEMENT_WINDOW_MS } from "#shared/constants.ts";
import type { Database } from "../../db/schema.ts";
import { freshSince, markedStaleBefore, oldestFreshSince } from "../read/freshness.ts";
import { COMPETITION_IDS } from "#shared/reference.ts";

/** The PostgreSQL channel that announces a written change; its payload is the latest sequence. */
export const CHANGES_CHANNEL = "odds_changes";
/** Any 64-bit number: held while a writer numbers its changes, so sequences become visible in order. */
const CHANGES_LOCK = 7_274_637_013;
/** Changes older than this (behind the newest) are of no use to any replica's ring. */
const KEEP_CHANGES_MS = 60 * 60_000;

export interface ChangedMarket {
  competitionId: number;
  eventId: string;
  marketId: number;
}

export interface ChangeRow extends ChangedMarket {
  seq: number;
  home: string;
  away: string;
  kickoff: number;
}

const isPostgres = (db: Kysely<Database>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Numbers the changed (event, market) pairs inside the writer's transaction. On PostgreSQL the
 * transaction first takes an advisory lock held to its commit, so a reader that has seen sequence
 * N never later finds a smaller one committed; the NOTIFY is delivered at commit, not before.
 */
export async function recordChanges(trx: Transaction<Database>, changed: readonly ChangedMarket[], at: number): Promise<void> {
  if (changed.length === 0) return;
  const postgres = isPostgres(trx);
  if (postgres) await sql`select pg_advisory_xact_lock(${CHANGES_LOCK})`.execute(trx);
  // Only Nigeria is live (docs/product.md, Who it is for): every stored event is Nigerian.
  const rows = changed.map((c) => ({ country: LIVE_COUNTRY_ID, competition_id: c.competitionId, event_id: c.eventId, market_id: c.marketId, at }));
  let last = 0;
  for (let i = 0; i < rows.length; i += 200) {
    const inserted = await trx.insertInto("odds_changes").values(rows.slice(i, i + 200)).returning("seq").execute();
    for (const row of inserted) last = Math.max(last, Number(row.seq));
  }
  if (postgres) await sql`select pg_notify(${CHANGES_CHANNEL}, ${String(last)})`.execute(trx);
}

/** The newest sequence of a country (0 when nothing was ever written). */
export async function latestSeq(db: Kysely<Database>, country: number): Promise<number> {
  const row = await db.selectFrom("odds_changes").select((eb) => eb.fn.max("seq").as("seq")).where("country", "=", country).executeTakeFirst();
  return Number(row?.seq ?? 0);
}

/** A country's changes after `seq`, oldest first, at most `limit`, with their events' names and kick-offs. */
export async function changesAfter(db: Kysely<Database>, country: number, seq: number, limit: number): Promise<ChangeRow[]> {
  const rows = await db
    .selectFrom("odds_changes")
    .innerJoin("events", "events.id", "odds_changes.event_id")
    .select(["odds_changes.seq", "odds_changes.competition_id as competitionId", "odds_changes.event_id as eventId", "odds_changes.market_id as marketId", "events.home", "events.away", "events.kickoff"])
    .where("odds_changes.country", "=", country)
    .where("odds_changes.seq", ">", seq)
    .orderBy("odds_changes.seq")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, seq: Number(row.seq) }));
}

type Window = { from: number; to: number; intervalMs: number };

/** Markets time alone changed at price level: prices that went stale (left the listing), kick-offs, expired arrows. */
function expiredPriceMarkets(db: Kysely<Database>, { from, to, intervalMs }: Window) {
  const staleFrom = freshSince(from, intervalMs);
  const staleTo = freshSince(to, intervalMs);
  // The rest of the board's prices stay longer (freshness.ts, `isFresh`).
  const boardFrom = oldestFreshSince(from, intervalMs);
  const boardTo = oldestFreshSince(to, intervalMs);
  return db
    .selectFrom("prices")
    .innerJoin("events", "events.id", "prices.event_id")
    .select(["events.competition_id as competitionId", "prices.event_id as eventId", "prices.market_id as marketId"])
    .where((eb) =>
      eb.or([
        eb.and([eb("events.competition_id", "in", [...COMPETITION_IDS]), eb("prices.confirmed_at", ">=", staleFrom), eb("prices.confirmed_at", "<", staleTo), eb("events.kickoff", ">", to)]),
        eb.and([eb("events.competition_id", "not in", [...COMPETITION_IDS]), eb("prices.confirmed_at", ">=", boardFrom), eb("prices.confirmed_at", "<", boardTo), eb("events.kickoff", ">", to)]),
        eb.and([eb("events.kickoff", ">", from), eb("events.kickoff", "<=", to)]),
        eb.and([eb("prices.direction", "!=", 0), eb("prices.changed_at", ">=", from - MOVEMENT_WINDOW_MS), eb("prices.changed_at", "<", to - MOVEMENT_WINDOW_MS), eb("events.kickoff", ">", to)]),
      ]),
    )
    .distinct()
    .execute();
}

/**
 * Markets with a bookmaker whose newest confirmation there crossed the two-interval line (it is now
 * marked stale: docs/design.md, Collector). Judged on the bookmaker's newest confirmation of the market, so a
 * price it carries unconfirmed beside fresh ones does not mark it.
 */
function markedStaleMarkets(db: Kysely<Database>, { from, to, intervalMs }: Window) {
  const newest = sql<number>`max(prices.confirmed_at)`;
  return db
    .selectFrom("prices")
    .innerJoin("events", "events.id", "prices.event_id")
    .select(["events.competition_id as competitionId", "prices.event_id as eventId", "prices.market_id as marketId"])
    .where("events.kickoff", ">", to)
    .groupBy(["events.competition_id", "prices.event_id", "prices.market_id", "prices.bookmaker"])
    .having(newest, ">=", markedStaleBefore(from, intervalMs))
    .having(newest, "<", markedStaleBefore(to, intervalMs))
    .execute();
}

/**
 * What time alone changed between `from` and `to` (no write happens): bookmakers that became marked
 * stale (2 intervals), prices that went stale (3 intervals; 10 beyond the four, freshness.ts), events that kicked off, and
 * Increased/Decreased arrows that expired. Their markets are recorded as changes, so clients drop,
 * mark or re-flag them. Run by the collector only.
 */
export async function recordExpiries(db: Kysely<Database>, window: Window): Promise<number> {
  const unique = new Map<string, ChangedMarket>();
  for (const pair of [...(await expiredPriceMarkets(db, window)), ...(await markedStaleMarkets(db, window))]) {
    unique.set(`${pair.eventId}:${pair.marketId}`, pair);
  }
  const pairs = [...unique.values()];
  if (pairs.length > 0) await db.transaction().execute((trx) => recordChanges(trx, pairs, window.to));
  return pairs.length;
}

/** Keeps the change log short: only the last hour behind the newest change is kept. */
export async function pruneChanges(db: Kysely<Database>): Promise<number> {
  const newest = await db.selectFrom("odds_changes").select((eb) => eb.fn.max("at").as("at")).executeTakeFirst();
  if (newest?.at === null || newest?.at === undefined) return 0;
  const result = await db.deleteFrom("odds_changes").where("at", "<", Number(newest.at) - KEEP_CHANGES_MS).executeTakeFirst();
  return Number(result.numDeletedRows);
}
