import { isCompetitionId } from "#shared/reference.ts";
import type { WriteResult } from "../../odds/write/store.ts";
import { markedStaleBefore } from "../../odds/read/freshness.ts";
import { writeFixtures } from "../../odds/write/store.ts";
import { recordVerdict, runFailed, type FeedSource } from "./run-budget.ts";
import type { BookmakerOutcome } from "./run-fetch.ts";
import type { Collector } from "./state.ts";
import { recordFeedRuns, type FeedRunInput } from "./feed-runs.ts";
import { matchLeagues, rememberListings, type LeagueFixtures } from "./match-pool.ts";
import { addToTallies, bookmakerReport, type BookmakerReport, type Tally } from "./reports.ts";
import { servedOutcome } from "./served-markets.ts";


/**
 * One run record per league the bookmaker was asked for, with what its write counted: each of the four
 * every run, another competition only when it failed (docs/design.md, Collected today): 150
 * competitions at five books every minute would be a million rows a day to say "fine".
 */
function runRecords(outcome: BookmakerOutcome, perLeague: ReadonlyMap<number, LeagueFixtures>, results: ReadonlyMap<number, WriteResult>, startedAt: number, now: number): FeedRunInput[] {
  const recorded = [...outcome.leagues].filter(([competitionId, league]) => isCompetitionId(competitionId) || league.error !== undefined);
  return recorded.map(([competitionId, league]) => ({
    bookmaker: outcome.key,
    competitionId,
    startedAt,
    finishedAt: now,
    league,
    prices: results.get(competitionId)?.prices ?? 0,
    changed: results.get(competitionId)?.changed ?? 0,
    unmatched: perLeague.get(competitionId)?.unmatched ?? [],
  }));
}

/**
 * The bookmaker's prices and run records in one transaction, unless this replica is no longer the
 * collector (then nothing is written and no counts come back).
 */
async function persist(c: Collector, outcome: BookmakerOutcome, perLeague: ReadonlyMap<number, LeagueFixtures>, startedAt: number, now: number): Promise<Map<number, WriteResult> | undefined> {
  if (c.deps.mayWrite && !(await c.deps.mayWrite())) {
    c.deps.logger.warn({ bookmaker: outcome.key }, "not the collector any more: run not written");
    return undefined;
  }
  return c.deps.db.transaction().execute(async (trx) => {
    // A bookmaker back from stale is a change even when its prices did not move, so open tabs drop the mark.
    const results = await writeFixtures(trx, [...perLeague.values()].flatMap((l) => l.fixtures), now, { staleBefore: markedStaleBefore(now, c.deps.intervalMs) });
    await recordFeedRuns(trx, runRecords(outcome, perLeague, results, startedAt, now));
    return results;
  });
}

async function announceWritten(c: Collector, outcome: BookmakerOutcome): Promise<void> {
  await c.deps.onWritten?.(outcome.key).catch((error: unknown) => c.deps.logger.error({ err: error }, "odds refresh after a write failed"));
}

/**
 * One bookmaker's finished run: judged for the breaker, its listings kept for the others to match
 * against, matched, written with its run records, added to the cycle's tallies, announced.
 */
export async function writeBookmakerRun(c: Collector, source: FeedSource, fetched: BookmakerOutcome, startedAt: number, tallies: Map<number, Tally>): Promise<BookmakerReport> {
  const outcome = servedOutcome(fetched);
  const failed = runFailed(outcome);
  recordVerdict(c.breaker, outcome, failed);
  const now = c.deps.clock();
  rememberListings(c.latest, outcome, source.adapter.eventRequests ? c.followUps.get(outcome.key) : undefined, now);
  const perLeague = matchLeagues(c.latest, outcome, now, c.deps.intervalMs, c.identities);
  const results = await persist(c, outcome, perLeague, startedAt, now);
  if (results) {
    addToTallies(tallies, perLeague, results);
    await announceWritten(c, outcome);
  }
  return bookmakerReport(outcome, perLeague, results ?? new Map(), failed);
}
