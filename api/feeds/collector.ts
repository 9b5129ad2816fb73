import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { COMPETITION_IDS } from "#shared/reference.ts";
import type { Database } from "../db/schema.ts";
import { freshSince } from "../odds/freshness.ts";
import type { FixtureInput, OddsStore, WriteResult } from "../odds/store.ts";
import { collectBookmaker, emptyOutcome, type BookmakerOutcome } from "./collect-bookmaker.ts";
import { abortable, circuitBreaker, type Fetcher } from "./fetcher.ts";
import { MAX_FAILURES_IN_A_ROW, followUpState, type FollowUpState } from "./follow-ups.ts";
import { swapSides } from "../odds/sides.ts";
import { matchOffers, type UnmatchedOffer } from "./matching/index.ts";
import { BOOKMAKER_IDS, type BookmakerAdapter, type BookmakerKey, type Offer } from "./types.ts";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Share of the interval a bookmaker gets per cycle; see follow-ups.ts for why 2/3. */
const BUDGET_SHARE = 2 / 3;

export interface FeedSource {
  adapter: BookmakerAdapter;
  baseUrl: string;
}

/** Events leave the store this long after kick-off; price history and run records after these. */
const KEEP_EVENTS_MS = DAY_MS;
const KEEP_HISTORY_MS = 14 * DAY_MS;
const KEEP_RUNS_MS = 7 * DAY_MS;

export interface CollectorOptions {
  sources: FeedSource[];
  fetcher: Fetcher;
  store: OddsStore;
  db: Kysely<Database>;
  clock: () => number;
  logger: Logger;
  /** FEED_INTERVAL_S in ms (default 60 s): sets the budget and how long a bookmaker's last listing helps matching. */
  intervalMs?: number;
  /** Waits out a budget unless `cancel` aborts first; tests inject one they end by hand. */
  budgetTimer?: (ms: number, cancel: AbortSignal) => Promise<void>;
  /** Pause between two requests to one bookmaker, in ms: [min, max] (feeds reference: 250 ms to 1.5 s live). */
  politeDelayMs?: [number, number];
  /** Called after each bookmaker's write commits (the odds cache rebuilds). */
  onWritten?: (bookmaker: BookmakerKey) => Promise<void>;
  /** Asked before each write; false (this replica lost the collector lock) skips the write. */
  mayWrite?: () => Promise<boolean>;
  sleep?: (ms: number) => Promise<void>;
}

export interface BookmakerReport {
  key: BookmakerKey;
  ok: boolean;
  offers: number;
  prices: number;
  changed: number;
  removed: number;
  unmatched: number;
  eventCalls: number;
  eventFailures: number;
  /** Its time ran out and the rest of its work was given up. */
  abandoned: boolean;
  /** Its circuit was open: not asked at all. */
  skipped: boolean;
  /** Whether the circuit breaker counted the run as a failure. */
  failed: boolean;
  error?: string;
}

export interface CycleReport {
  startedAt: number;
  competitions: { competitionId: number; fixtures: number; prices: number; changed: number; removed: number; unmatched: number }[];
  bookmakers: BookmakerReport[];
}

function defaultBudgetTimer(ms: number, cancel: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    cancel.addEventListener("abort", () => clearTimeout(timer), { once: true });
  });
}

/** A bookmaker's per-event calls this cycle, over its leagues. */
function followUpCounts(outcome: BookmakerOutcome) {
  let eventCalls = 0;
  let eventFailures = 0;
  for (const league of outcome.leagues.values()) {
    eventCalls += league.eventCalls;
    eventFailures += league.eventFailures;
  }
  return { eventCalls, eventFailures };
}

const addInto = (total: WriteResult, r: WriteResult) => {
  total.prices += r.prices;
  total.changed += r.changed;
  total.removed += r.removed;
};

/** What one cycle wrote to one competition, over every bookmaker. */
interface Tally extends WriteResult {
  fixtures: Set<string>;
  unmatched: number;
}

/**
 * Polls every bookmaker for every league. Each bookmaker runs on its own, within a time budget,
 * and its results are matched (against the other bookmakers' latest listings) and written in one
 * transaction as soon as it finishes, so a slow or failing bookmaker never holds up or corrupts
 * the others: its last prices stay until they go stale (DESIGN section 7).
 */
export function createCollector(options: CollectorOptions) {
  const breaker = circuitBreaker(options.clock);
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const [minGap, maxGap] = options.politeDelayMs ?? [250, 1500];
  const gap = (signal: AbortSignal) => abortable(sleep(minGap + Math.random() * (maxGap - minGap)), signal);
  const intervalMs = options.intervalMs ?? 60_000;
  const budgetMs = Math.round(intervalMs * BUDGET_SHARE);
  const budgetTimer = options.budgetTimer ?? defaultBudgetTimer;
  const followUps = new Map<BookmakerKey, FollowUpState>();
  /** Each bookmaker's last good listing per league: the others match against it between its runs. */
  const latest = new Map<BookmakerKey, Map<number, { offers: Offer[]; at: number }>>();
  // Writes queue up: one transaction at a time keeps SQLite unbusy and PostgreSQL free of lock waits.
  let writing: Promise<unknown> = Promise.resolve();

  async function collectWithin(source: FeedSource, now: Date): Promise<BookmakerOutcome> {
    const { adapter } = source;
    const outcome = emptyOutcome(adapter.key);
    if (!breaker.allows(adapter.key)) {
      outcome.skipped = true;
      for (const c of COMPETITION_IDS) outcome.leagues.set(c, { error: "circuit open: skipped after repeated failures", eventCalls: 0, eventFailures: 0 });
      return outcome;
    }
    let state = followUps.get(adapter.key);
    if (!state) followUps.set(adapter.key, (state = followUpState()));
    const work = new AbortController();
    const cancelBudget = new AbortController();
    const done = collectBookmaker(
      { adapter, baseUrl: source.baseUrl, fetcher: options.fetcher, now, signal: work.signal, gap, followUps: state, logger: options.logger },
      outcome,
    ).then(
      () => "done" as const,
      (error: unknown) => {
        options.logger.error({ bookmaker: adapter.key, err: error }, "bookmaker collection crashed");
        return "done" as const;
      },
    );
    const expired = budgetTimer(budgetMs, cancelBudget.signal).then(() => "expired" as const);
    const result = await Promise.race([done, expired]);
    cancelBudget.abort();
    if (result === "expired") {
      work.abort();
      outcome.abandoned = true;
      const message = `abandoned after ${budgetMs} ms: the bookmaker's time for this cycle ran out`;
      for (const c of COMPETITION_IDS) if (!outcome.leagues.has(c)) outcome.leagues.set(c, { error: message, eventCalls: 0, eventFailures: 0 });
      options.logger.warn({ bookmaker: adapter.key, budgetMs }, "bookmaker abandoned for this cycle");
    }
    return outcome;
  }

  /** A failed run for the breaker: nothing usable, out of time, or most follow-up calls failed. */
  function judge(outcome: BookmakerOutcome): boolean {
    const leagues = [...outcome.leagues.values()];
    const nothing = leagues.every((l) => l.offers === undefined);
    const { eventCalls, eventFailures } = followUpCounts(outcome);
    const followUpsFailing = eventFailures >= MAX_FAILURES_IN_A_ROW && eventFailures * 2 >= eventCalls;
    return nothing || outcome.abandoned || followUpsFailing;
  }

  /** The bookmaker's fixtures per league, matched against every bookmaker's latest listing. */
  function fixturesOf(key: BookmakerKey, competitionId: number, now: number): { fixtures: FixtureInput[]; unmatched: UnmatchedOffer[] } {
    const pool = [...latest.values()].flatMap((byLeague) => {
      const entry = byLeague.get(competitionId);
      return entry && entry.at >= freshSince(now, intervalMs) ? entry.offers.filter((o) => o.kickoff.getTime() > now) : [];
    });
    const { fixtures, unmatched } = matchOffers(pool);
    const id = BOOKMAKER_IDS[key];
    return {
      unmatched: unmatched.filter((u) => u.offer.bookmaker === key),
      fixtures: fixtures.flatMap((f) => {
        const mine = f.members.find((m) => m.offer.bookmaker === key);
        if (!mine) return [];
        const prices = (mine.swapped ? swapSides(mine.offer.prices) : mine.offer.prices).map((p) => ({
          bookmaker: id,
          marketId: p.marketId,
          selectionTypeId: p.selectionTypeId,
          price: p.price,
          boosted: p.boosted,
          ...(p.carried ? { carried: true } : {}),
        }));
        return [{ key: f.key, competitionId: f.competitionId, home: f.home, away: f.away, kickoff: f.kickoff, srId: f.srId, prices, listedBy: [id] }];
      }),
    };
  }

  /** One bookmaker's listings, prices and run records in one transaction. */
  async function write(source: FeedSource, outcome: BookmakerOutcome, startedAt: number, tallies: Map<number, Tally>): Promise<BookmakerReport> {
    const { key } = outcome;
    const failed = judge(outcome);
    if (!outcome.skipped) {
      if (failed) breaker.failure(key);
      else breaker.success(key);
    }
    const now = options.clock();
    const mine = latest.get(key) ?? new Map<number, { offers: Offer[]; at: number }>();
    latest.set(key, mine);
    const state = followUps.get(key);
    for (const [competitionId, league] of outcome.leagues) {
      if (!league.offers) continue;
      const offers = source.adapter.eventRequests && state ? league.offers.map((o) => (outcome.refreshed.has(o.externalId) ? o : state.carry(o))) : league.offers;
      mine.set(competitionId, { offers, at: now });
    }

    const perLeague = new Map<number, { fixtures: FixtureInput[]; unmatched: UnmatchedOffer[] }>();
    for (const [competitionId, league] of outcome.leagues) if (league.offers) perLeague.set(competitionId, fixturesOf(key, competitionId, now));
    const results = new Map<number, WriteResult>();
    if (options.mayWrite && !(await options.mayWrite())) {
      options.logger.warn({ bookmaker: key }, "not the collector any more: run not written");
    } else {
      await options.db.transaction().execute(async (trx) => {
        const fixtures = [...perLeague.values()].flatMap((l) => l.fixtures);
        for (const [c, r] of await options.store.writeIn(trx, fixtures, now)) results.set(c, r);
        await trx
          .insertInto("feed_runs")
          .values(
            [...outcome.leagues].map(([competitionId, league]) => {
              const r = results.get(competitionId);
              return {
                id: randomUUID(),
                bookmaker: key,
                competition_id: competitionId,
                started_at: startedAt,
                finished_at: now,
                ok: league.error === undefined ? 1 : 0,
                offers: league.offers?.length ?? 0,
                prices: r?.prices ?? 0,
                changed: r?.changed ?? 0,
                error: league.error ?? null,
                unmatched: JSON.stringify((perLeague.get(competitionId)?.unmatched ?? []).map((u) => ({ home: u.offer.home, away: u.offer.away, reason: u.reason, detail: u.detail }))),
                event_calls: league.eventCalls,
                event_failures: league.eventFailures,
              };
            }),
          )
          .execute();
      });
      for (const [c, l] of perLeague) {
        const tally = tallies.get(c);
        if (!tally) continue;
        for (const f of l.fixtures) tally.fixtures.add(f.key);
        tally.unmatched += l.unmatched.length;
        const r = results.get(c);
        if (r) addInto(tally, r);
      }
      await options.onWritten?.(key).catch((error: unknown) => options.logger.error({ err: error }, "odds refresh after a write failed"));
    }

    const total: WriteResult = { prices: 0, changed: 0, removed: 0 };
    for (const r of results.values()) addInto(total, r);
    const errors = [...new Set([...outcome.leagues.values()].flatMap((l) => (l.error ? [l.error] : [])))];
    return {
      key,
      ok: errors.length === 0,
      offers: [...outcome.leagues.values()].reduce((n, l) => n + (l.offers?.length ?? 0), 0),
      ...total,
      unmatched: [...perLeague.values()].reduce((n, l) => n + l.unmatched.length, 0),
      ...followUpCounts(outcome),
      abandoned: outcome.abandoned,
      skipped: outcome.skipped,
      failed: !outcome.skipped && failed,
      ...(errors.length > 0 ? { error: errors.join("; ") } : {}),
    };
  }

  return {
    /** One cycle: every bookmaker at once, each written as soon as it is done or out of time. */
    async runCycle(): Promise<CycleReport> {
      const startedAt = options.clock();
      const now = new Date(startedAt);
      const tallies = new Map<number, Tally>(COMPETITION_IDS.map((c) => [c, { fixtures: new Set<string>(), prices: 0, changed: 0, removed: 0, unmatched: 0 }]));
      const reports: BookmakerReport[] = [];
      await Promise.all(
        options.sources.map(async (source) => {
          const outcome = await collectWithin(source, now);
          const run = () => write(source, outcome, startedAt, tallies);
          const written = (writing = writing.then(run, run));
          try {
            reports.push(await written);
          } catch (error) {
            options.logger.error({ bookmaker: source.adapter.key, err: error }, "writing a bookmaker's run failed");
          }
        }),
      );
      reports.sort((a, b) => BOOKMAKER_IDS[a.key] - BOOKMAKER_IDS[b.key]);

      const end = options.clock();
      const pruned = await options.store.prune({
        eventsBefore: startedAt - KEEP_EVENTS_MS,
        historyBefore: end - KEEP_HISTORY_MS,
        runsBefore: end - KEEP_RUNS_MS,
      });

      const competitions = [...tallies].map(([competitionId, { fixtures, ...counts }]) => ({ competitionId, fixtures: fixtures.size, ...counts }));
      const report: CycleReport = { startedAt, competitions, bookmakers: reports };
      options.logger.info({ feeds: reports, pruned, ms: end - startedAt }, "feed cycle");
      return report;
    },
    breaker,
  };
}

export type Collector = ReturnType<typeof createCollector>;
