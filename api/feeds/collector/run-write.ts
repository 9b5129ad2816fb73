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
import { keptPrices } from "../board-markets.ts";
import { feedCatalogue } from "../bookmakers/feed-catalogue.ts";


/**
 * One run record per league the bookmaker was asked for among `competitions`, with what its write
 * counted: each of the four every run, another competition only when it failed (docs/design.md,
 * Collected today): 150 competitions at five books every minute would be a million rows a day to say "fine".
 */
function runRecords(outcome: BookmakerOutcome, competitions: ReadonlySet<number>, perLeague: ReadonlyMap<number, LeagueFixtures>, results: ReadonlyMap<number, WriteResult>, startedAt: number, now: number): FeedRunInput[] {
  const recorded = [...outcome.leagues].filter(([competitionId, league]) => competitions.has(competitionId) && (isCompetitionId(competitionId) || league.error !== undefined));
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
 * Fixtures per write transaction, about: a book's run on the whole board (1,500 fixtures) written in
 * one would hold its first change back until the last fixture is written, over a second
 * (docs/design.md, Odds store). A competition is never split.
 */
export const WRITE_CHUNK_FIXTURES = 100;

/** The run's competitions in writes: the four leagues first (the dashboards' prices), then the rest, whole competitions packed to about WRITE_CHUNK_FIXTURES. */
export function writeChunks(outcome: BookmakerOutcome, perLeague: ReadonlyMap<number, LeagueFixtures>): number[][] {
  const ids = [...new Set([...outcome.leagues.keys(), ...perLeague.keys()])];
  const chunks: number[][] = [ids.filter((id) => isCompetitionId(id)).sort((a, b) => a - b)];
  let chunk: number[] = [];
  let size = 0;
  for (const id of ids.filter((x) => !isCompetitionId(x))) {
    const fixtures = perLeague.get(id)?.fixtures.length ?? 0;
    if (size > 0 && size + fixtures > WRITE_CHUNK_FIXTURES) {
      chunks.push(chunk);
      chunk = [];
      size = 0;
    }
    chunk.push(id);
    size += fixtures;
  }
  return [...chunks, chunk].filter((c) => c.length > 0);
}

/** One chunk's prices and run records in one transaction, stamped with the clock as it starts. */
async function writeChunk(c: Collector, outcome: BookmakerOutcome, chunk: readonly number[], perLeague: ReadonlyMap<number, LeagueFixtures>, startedAt: number): Promise<Map<number, WriteResult>> {
  const competitions = new Set(chunk);
  const now = c.deps.clock();
  return c.deps.db.transaction().execute(async (trx) => {
    // A bookmaker back from stale is a change even when its prices did not move, so open tabs drop the mark.
    const fixtures = chunk.flatMap((id) => perLeague.get(id)?.fixtures ?? []);
    const counts = await writeFixtures(trx, fixtures, now, { staleBefore: markedStaleBefore(now, c.deps.intervalMs) });
    await recordFeedRuns(trx, runRecords(outcome, competitions, perLeague, counts, startedAt, now));
    return counts;
  });
}

/** Run records, with why, of competitions whose chunk a failed write left unwritten: best effort (the store may be what failed). */
async function recordUnwritten(c: Collector, outcome: BookmakerOutcome, competitions: ReadonlySet<number>, perLeague: ReadonlyMap<number, LeagueFixtures>, startedAt: number, reason: string) {
  const leagues = new Map([...outcome.leagues].filter(([id]) => competitions.has(id)).map(([id, league]) => [id, { ...league, error: league.error ?? reason }]));
  try {
    await c.deps.db.transaction().execute((trx) => recordFeedRuns(trx, runRecords({ ...outcome, leagues }, competitions, perLeague, new Map(), startedAt, c.deps.clock())));
  } catch (error) {
    c.deps.logger.error({ bookmaker: outcome.key, err: error }, "recording a bookmaker's unwritten competitions failed");
  }
}

/** What a run's write committed: the counts per competition, and the competitions of the chunks written. */
interface Persisted {
  results: Map<number, WriteResult>;
  competitions: Set<number>;
}

/**
 * The bookmaker's prices and run records, a transaction per chunk of competitions (writeChunks),
 * each announced when it commits, while this replica is still the collector. A chunk that fails
 * ends the run's write: what committed stands, and the competitions not written get run records
 * saying so. Undefined when nothing was written because this replica is not the collector.
 */
async function persist(c: Collector, outcome: BookmakerOutcome, perLeague: ReadonlyMap<number, LeagueFixtures>, startedAt: number): Promise<Persisted | undefined> {
  let persisted: Persisted | undefined;
  const chunks = writeChunks(outcome, perLeague);
  for (const [index, chunk] of chunks.entries()) {
    if (c.deps.mayWrite && !(await c.deps.mayWrite())) {
      c.deps.logger.warn({ bookmaker: outcome.key }, "not the collector any more: run not written");
      return persisted;
    }
    persisted ??= { results: new Map(), competitions: new Set() };
    try {
      for (const [id, result] of await writeChunk(c, outcome, chunk, perLeague, startedAt)) persisted.results.set(id, result);
    } catch (error) {
      c.deps.logger.error({ bookmaker: outcome.key, err: error, competitions: chunk }, "writing a bookmaker's run failed: the rest of it is not written this cycle");
      const message = error instanceof Error ? error.message : String(error);
      await recordUnwritten(c, outcome, new Set(chunks.slice(index).flat()), perLeague, startedAt, `not written: ${message}`);
      return persisted;
    }
    for (const id of chunk) persisted.competitions.add(id);
    await announceWritten(c, outcome);
    // A chunk's queries settle as promises without returning to the event loop: sockets (the live
    // streams above all) are read and written only once it turns, so it turns between chunks.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return persisted;
}

async function announceWritten(c: Collector, outcome: BookmakerOutcome): Promise<void> {
  await c.deps.onWritten?.(outcome.key).catch((error: unknown) => c.deps.logger.error({ err: error }, "odds refresh after a write failed"));
}

/**
 * One bookmaker's finished run: judged for the breaker, its listings kept for the others to match
 * against, matched, written with its run records, added to the cycle's tallies, announced.
 */
export async function writeBookmakerRun(c: Collector, source: FeedSource, outcome: BookmakerOutcome, startedAt: number, tallies: Map<number, Tally>): Promise<BookmakerReport> {
  // Beyond the four leagues, the markets the board keeps (docs/design.md, Whole-board collection).
  const catalogue = feedCatalogue();
  for (const league of outcome.leagues.values()) if (league.offers) league.offers = league.offers.map((offer) => keptPrices(offer, catalogue));
  const failed = runFailed(outcome);
  recordVerdict(c.breaker, outcome, failed);
  const now = c.deps.clock();
  rememberListings(c.latest, outcome, source.adapter.eventRequests ? c.followUps.get(outcome.key) : undefined, now);
  const perLeague = matchLeagues(c.latest, outcome, now, c.deps.intervalMs, c.identities);
  const persisted = await persist(c, outcome, perLeague, startedAt);
  if (persisted) addToTallies(tallies, new Map([...perLeague].filter(([id]) => persisted.competitions.has(id))), persisted.results);
  return bookmakerReport(outcome, perLeague, persisted?.results ?? new Map(), failed);
}
