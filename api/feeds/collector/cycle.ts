import { pruneOdds } from "../../odds/write/store.ts";
import { readBoardWithin } from "./board-fetch.ts";
import { collectWithin } from "./run-budget.ts";
import type { Collector } from "./state.ts";
import { pruneFeedRuns } from "./feed-runs.ts";
import { competitionReports, emptyTallies, type BookmakerReport, type CycleReport } from "./reports.ts";
import { BOOKMAKER_ID_BY_KEY } from "../types.ts";
import { writeBookmakerRun } from "./run-write.ts";
import { pruneIdentities } from "./match-pool.ts";
import type { BookBoard } from "../../catalogue/board-listing.ts";
import { learnFromBoards } from "../../catalogue/learn-cycle.ts";
import { urgentCompetitions } from "./priority.ts";

export { createCollector, type Collector, type CollectorOptions } from "./state.ts";
export type { FeedSource } from "./run-budget.ts";
export type { BookmakerReport, CycleReport } from "./reports.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * Events leave the store (prices, history and links with them) this long after kick-off: their
 * match pages stay readable until then (docs/design.md, Collector). Run records go after KEEP_RUNS_MS.
 */
export const KEEP_EVENTS_MS = 14 * DAY_MS;
const KEEP_RUNS_MS = 7 * DAY_MS;

/** Runs after the one before it, whether that one succeeded or not. */
function queueWrite<T>(c: Collector, write: () => Promise<T>): Promise<T> {
  const queued = c.writing.then(write, write);
  c.writing = queued;
  return queued;
}

/** Keeps the tables bounded at the end of a cycle. */
async function housekeeping(c: Collector, startedAt: number, end: number) {
  const odds = await pruneOdds(c.deps.db, { eventsBefore: startedAt - KEEP_EVENTS_MS });
  return { ...odds, runs: await pruneFeedRuns(c.deps.db, end - KEEP_RUNS_MS) };
}

/**
 * The books' whole listings of this cycle, learnt in one write (docs/design.md, Learning competitions):
 * a failure is logged, and the prices already written stand. Only the replica that may write learns.
 */
async function learn(c: Collector, boards: BookBoard[], startedAt: number) {
  try {
    if (c.deps.mayWrite && !(await c.deps.mayWrite())) return undefined;
    boards.sort((a, b) => BOOKMAKER_ID_BY_KEY[a.bookmaker] - BOOKMAKER_ID_BY_KEY[b.bookmaker]);
    const report = await learnFromBoards(c.deps.db, boards, c.learning, startedAt);
    for (const change of report.changes) c.deps.logger.info({ competition: change }, `competition row ${change.kind}`);
    return report;
  } catch (error) {
    c.deps.logger.error({ err: error }, "learning competitions failed");
    return undefined;
  }
}

/** This cycle's urgent competitions; none when they cannot be read (the rotation goes on by age alone). */
async function urgentOf(c: Collector, now: number): Promise<ReadonlySet<number>> {
  try {
    return await urgentCompetitions(c.deps.db, c.priority, now);
  } catch (error) {
    c.deps.logger.error({ err: error }, "reading the urgent competitions failed");
    return new Set();
  }
}

/**
 * One cycle: every bookmaker at once, each within its time budget, and each matched (against the
 * other bookmakers' latest listings) and written as soon as it finishes, a transaction per chunk of
 * competitions (run-write.ts), so a
 * slow or failing bookmaker never holds up or corrupts the others: its last prices stay until
 * they go stale (docs/design.md, Collector).
 */
export async function runCycle(c: Collector): Promise<CycleReport> {
  const startedAt = c.deps.clock();
  const now = new Date(startedAt);
  const tallies = emptyTallies();
  const reports: BookmakerReport[] = [];
  const boards: BookBoard[] = [];
  const urgent = await urgentOf(c, startedAt);
  await Promise.all(
    c.deps.sources.map(async (source) => {
      const deps = { ...c.deps, breaker: c.breaker, followUps: c.followUps, urgent };
      const started = Date.now();
      const outcome = await collectWithin(deps, source, now);
      try {
        reports.push(await queueWrite(c, () => writeBookmakerRun(c, source, outcome, startedAt, tallies)));
      } catch (error) {
        c.deps.logger.error({ bookmaker: source.adapter.key, err: error }, "writing a bookmaker's run failed");
      }
      // The book's whole listing, in what is left of its budget once its prices are written: the
      // board never delays them (docs/design.md, Learning competitions).
      if (c.deps.readBoards && !outcome.skipped && !outcome.abandoned) {
        const board = await readBoardWithin(deps, source, now, c.deps.budgetMs - (Date.now() - started));
        if (board.board) boards.push(board.board);
      }
    }),
  );
  reports.sort((a, b) => BOOKMAKER_ID_BY_KEY[a.key] - BOOKMAKER_ID_BY_KEY[b.key]);
  c.deps.metrics.record(reports, startedAt);
  const learning = boards.length > 0 ? await queueWrite(c, () => learn(c, boards, startedAt)) : undefined;
  const end = c.deps.clock();
  pruneIdentities(c.identities, end);
  const pruned = await housekeeping(c, startedAt, end);
  c.deps.logger.info({ feeds: reports, pruned, ms: end - startedAt, ...(learning ? { learning: learning.counts } : {}) }, "feed cycle");
  return { startedAt, competitions: competitionReports(tallies), bookmakers: reports, ...(learning ? { learning } : {}) };
}
