import { randomUUID } from "node:crypto";
import type { Insertable, Kysely, Selectable, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { LeagueOutcome } from "./run-fetch.ts";
import type { UnmatchedOffer } from "../matching/index.ts";
import type { BookmakerKey } from "../types.ts";

/** One bookmaker's run over one league, as `npm run feeds:report` reads it back. */
export interface FeedRunInput {
  bookmaker: BookmakerKey;
  competitionId: number;
  startedAt: number;
  finishedAt: number;
  league: LeagueOutcome;
  prices: number;
  changed: number;
  unmatched: readonly UnmatchedOffer[];
}

function toRow(run: FeedRunInput): Insertable<Database["feed_runs"]> {
  const { league } = run;
  return {
    id: randomUUID(),
    bookmaker: run.bookmaker,
    competition_id: run.competitionId,
    started_at: run.startedAt,
    finished_at: run.finishedAt,
    ok: league.error === undefined ? 1 : 0,
    offers: league.offers?.length ?? 0,
    prices: run.prices,
    changed: run.changed,
    error: league.error ?? null,
    unmatched: JSON.stringify(run.unmatched.map((u) => ({ home: u.offer.home, away: u.offer.away, reason: u.reason, detail: u.detail }))),
    event_calls: league.eventCalls,
    event_failures: league.eventFailures,
  };
}

/** Records a bookmaker's runs inside the transaction that writes those competitions' prices (a chunk of its run: run-write.ts). */
export async function recordFeedRuns(trx: Transaction<Database>, runs: readonly FeedRunInput[]): Promise<void> {
  if (runs.length === 0) return;
  await trx.insertInto("feed_runs").values(runs.map(toRow)).execute();
}

/** Run records started before `before` go. */
export async function pruneFeedRuns(db: Kysely<Database>, before: number): Promise<number> {
  const result = await db.deleteFrom("feed_runs").where("started_at", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Each bookmaker's own last run, per league (one that was skipped or abandoned still shows why),
 * with when each bookmaker last ran.
 */
export async function latestFeedRuns(db: Kysely<Database>): Promise<{ lastRunAt: Map<string, number>; runs: Selectable<Database["feed_runs"]>[] }> {
  const latest = await db.selectFrom("feed_runs").select(["bookmaker", (eb) => eb.fn.max("started_at").as("at")]).groupBy("bookmaker").execute();
  const runs = await Promise.all(
    latest.map((l) => db.selectFrom("feed_runs").selectAll().where("bookmaker", "=", l.bookmaker).where("started_at", "=", Number(l.at)).orderBy("competition_id").execute()),
  );
  return {
    lastRunAt: new Map(latest.map((l) => [l.bookmaker, Number(l.at)])),
    runs: runs.flat().sort((a, b) => a.bookmaker.localeCompare(b.bookmaker) || a.competition_id - b.competition_id),
  };
}

/** When each bookmaker last had a league run that succeeded (ok), for the feed health summary. */
export async function lastSuccessByBookmaker(db: Kysely<Database>): Promise<Map<string, number>> {
  const rows = await db.selectFrom("feed_runs").select(["bookmaker", (eb) => eb.fn.max("started_at").as("at")]).where("ok", "=", 1).groupBy("bookmaker").execute();
  return new Map(rows.map((r) => [r.bookmaker, Number(r.at)]));
}

/** A run's error says the site turned the client away (a challenge page; decision 012). */
export const isBlockedError = (error: string | null): boolean => error !== null && /\bblocked:/.test(error);

export interface BookmakerHealth {
  bookmaker: string;
  lastRunAt: number;
  lastSuccessAt: number | undefined;
  offers: number;
  unmatched: number;
  blocked: boolean;
}

/** Each bookmaker's health from its latest runs: `npm run feeds:report`'s summary. */
export async function feedHealth(db: Kysely<Database>): Promise<BookmakerHealth[]> {
  const [{ lastRunAt, runs }, lastSuccess] = await Promise.all([latestFeedRuns(db), lastSuccessByBookmaker(db)]);
  return [...lastRunAt].map(([bookmaker, at]) => {
    const mine = runs.filter((r) => r.bookmaker === bookmaker);
    return {
      bookmaker,
      lastRunAt: at,
      lastSuccessAt: lastSuccess.get(bookmaker),
      offers: mine.reduce((n, r) => n + r.offers, 0),
      unmatched: mine.reduce((n, r) => n + (JSON.parse(r.unmatched) as unknown[]).length, 0),
      blocked: mine.some((r) => isBlockedError(r.error)),
    };
  });
}
