import { pino } from "pino";
import type { Kysely } from "kysely";
import type { Database } from "#api/db/schema.ts";
import { createCollector, runCycle } from "#api/feeds/collector/cycle.ts";
import { createFetcher } from "#api/feeds/fetcher.ts";
import { feedSources } from "#api/feeds/runtime.ts";
import { startSimulator } from "#api/feeds/simulator/index.ts";
import type { BookmakerKey } from "#api/feeds/types.ts";
import { addWriteResult, emptyWriteResult, writeFixtures, type FixtureInput, type WriteResult } from "#api/odds/write/store.ts";
import type { ApiInstance } from "#api/app.ts";

export const SEED = 424242;

export interface PipelineOptions {
  bodyTimeoutMs?: number;
  /** FEED_INTERVAL_S in ms (60 s unless a test says otherwise). */
  intervalMs?: number;
  /** Ends a bookmaker's budget; tests that want to say when inject one. */
  budgetTimer?: (ms: number, cancel: AbortSignal) => Promise<void>;
  /** The simulator's wait for its "slow" fault. */
  simulatorSleep?: (ms: number) => Promise<void>;
  maxPageSize?: number;
}

/** The real pipeline against the seeded simulator, on the test API's database and clock. */
export async function startPipeline(t: { api: ApiInstance; clock: () => number }, options: PipelineOptions = {}) {
  const simulator = await startSimulator({
    seed: SEED,
    now: t.clock,
    ...(options.simulatorSleep ? { sleep: options.simulatorSleep } : {}),
    ...(options.maxPageSize ? { maxPageSize: options.maxPageSize } : {}),
  });
  const fetcher = createFetcher({ retries: 1, backoffMs: 1, bodyTimeoutMs: options.bodyTimeoutMs ?? 5_000, sleep: async () => undefined });
  const written: BookmakerKey[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const collector = createCollector({
    sources: feedSources((key) => simulator.baseUrl(key)),
    fetcher,
    db: t.api.db.kysely,
    clock: t.clock,
    logger: pino({ level: "silent" }),
    politeDelayMs: [0, 0],
    intervalMs: options.intervalMs ?? 60_000,
    ...(options.budgetTimer ? { budgetTimer: options.budgetTimer } : {}),
    async onWritten(key) {
      await t.api.odds.refresh();
      written.push(key);
      for (const w of waiters.filter((w) => written.length >= w.count)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    },
  });
  return {
    simulator,
    collector,
    /** One collection cycle, as the runtime runs it every interval. */
    runCycle: () => runCycle(collector),
    /** Bookmakers in the order their writes committed (and the odds cache rebuilt). */
    written,
    /** Resolves once `count` writes have committed since the pipeline started. */
    writes: (count: number) =>
      new Promise<void>((resolve) => {
        if (written.length >= count) resolve();
        else waiters.push({ count, resolve });
      }),
    async close() {
      await fetcher.close();
      await simulator.close();
    },
  };
}

/** One price a fixture carries: [bookmaker, market, selection, price]. */
export type StorePrice = [bookmaker: number, marketId: number, selectionTypeId: number, price: number];

/**
 * A fixture for writeStoreRun from its key ("c1:..." names competition 1), teams and prices, none
 * boosted; `listing` is what one bookmaker's feed said of it (its event id and names).
 */
export function storeFixture(key: string, home: string, away: string, prices: readonly StorePrice[], kickoff: Date, listing?: FixtureInput["listing"]): FixtureInput {
  return {
    key,
    competitionId: Number(key.slice(1, 2)),
    home,
    away,
    kickoff,
    prices: prices.map(([bookmaker, marketId, selectionTypeId, price]) => ({ bookmaker, marketId, selectionTypeId, price, boosted: false })),
    ...(listing ? { listing } : {}),
  };
}

/**
 * Writes fixtures straight to the store in one transaction, the way the collector writes a
 * bookmaker's run, for store tests that want exact prices rather than the simulator's.
 */
export async function writeStoreRun(db: Kysely<Database>, fixtures: readonly FixtureInput[], now: number): Promise<WriteResult> {
  const total = emptyWriteResult();
  await db.transaction().execute(async (trx) => {
    for (const r of (await writeFixtures(trx, fixtures, now)).values()) addWriteResult(total, r);
  });
  return total;
}
