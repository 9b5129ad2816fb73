import type { Logger } from "pino";
import { simulatedSites, type BookingSites } from "../booking/index.ts";
import type { CatalogueHolder } from "../catalogue/start.ts";
import type { ApiConfig } from "../config.ts";
import type { Db } from "../db/database.ts";
import { listenForChanges, type ChangeListener } from "../odds/live/change-listener.ts";
import { recordExpiries } from "../odds/write/changes.ts";
import type { OddsService } from "../odds/read/service.ts";
import { refreshBonusPlan, type BonusPlanDue } from "./bonus-plans.ts";
import { useFeedCatalogue } from "./bookmakers/feed-catalogue.ts";
import { ADAPTERS } from "./bookmakers/index.ts";
import { createCollector, runCycle, type Collector, type FeedSource } from "./collector/cycle.ts";
import { createFetcher } from "./fetcher.ts";
import { holdsLock, isLeader, leaderLock, lockStillHeld, releaseLock, type LeaderLock } from "./collector/leader-lock.ts";
import { startSimulator, type RunningSimulator } from "./simulator/index.ts";
import { BOOKMAKER_KEYS, type BookmakerKey } from "./types.ts";

/** The odds cache rebuilds at least this often (followers see the leader's writes; time expires prices and flags). */
const MAX_REFRESH_PERIOD_MS = 10_000;

export interface FeedCollection {
  collector: Collector;
  simulator?: RunningSimulator | undefined;
  /** The LISTEN connection for other replicas' changes (PostgreSQL only). */
  listener?: ChangeListener | undefined;
  /** Whether this replica collects (always on SQLite; the lock holder on PostgreSQL). */
  isLeader(): boolean;
  /** Collection cycles this replica has started. */
  cyclesRun(): number;
  /** Idempotent: every caller waits for the one shutdown. */
  stop(): Promise<void>;
}

/** The former name, kept for callers written before collection became its own start-up step. */

export interface FeedCollectionDeps {
  config: ApiConfig;
  db: Db;
  odds: OddsService;
  logger: Logger;
  clock?: () => number;
  /** The API's booking codes: pointed at the simulator once it listens (FEEDS=simulated). */
  booking?: { useSites(sites: BookingSites): void };
  /** The loaded catalogue the adapters answer from (docs/design.md, Catalogue steps, step 2); the build's files without it. */
  catalogue?: CatalogueHolder;
}

/** Every bookmaker's adapter, asked at the origin `baseUrlOf` gives (its live site, or the simulator's stand-in). */
export function feedSources(baseUrlOf: (key: BookmakerKey) => string): FeedSource[] {
  return BOOKMAKER_KEYS.map((key) => ({ adapter: ADAPTERS[key], baseUrl: baseUrlOf(key) }));
}

/** Cycles one interval apart, each run only while this replica holds the leader lock. */
interface Schedule {
  stopped: boolean;
  timer: NodeJS.Timeout | undefined;
  cycle: Promise<unknown>;
  cycles: number;
  /** Time-driven changes (staleness, kick-offs, arrows) are recorded up to here. */
  sweptTo: number | undefined;
  /** When SportyBet's bonus plan is next asked for (bonus-plans.ts). */
  bonusPlan: BonusPlanDue;
  catalogue: CatalogueHolder | undefined;
}

/**
 * One cycle and, after it, the changes time alone made since the last cycle (the leader records them for every
 * replica), then SportyBet's bonus plan when it is due.
 */
async function collectAndSweep(schedule: Schedule, collector: Collector, odds: OddsService) {
  const { db, clock, intervalMs } = collector.deps;
  // Each cycle's adapters read the catalogue as the database holds it now (rows learnt or reviewed since the last).
  if (schedule.catalogue) useFeedCatalogue(await schedule.catalogue.reload());
  const report = await runCycle(collector);
  const to = clock();
  const from = schedule.sweptTo ?? to - intervalMs;
  schedule.sweptTo = to;
  if ((await recordExpiries(db, { from, to, intervalMs })) > 0) await odds.refresh();
  await refreshBonusPlan(collector, report, schedule.bonusPlan);
}

async function tick(schedule: Schedule, lock: LeaderLock, collector: Collector, odds: OddsService) {
  if (schedule.stopped) return;
  const started = Date.now();
  try {
    // A lock won while stopping is released with the rest; no cycle starts after stop().
    if ((await holdsLock(lock)) && !schedule.stopped) {
      schedule.cycles += 1;
      await (schedule.cycle = collectAndSweep(schedule, collector, odds));
    } else schedule.sweptTo = undefined;
  } catch (error) {
    collector.deps.logger.error({ err: error }, "feed cycle failed");
  }
  if (schedule.stopped) return;
  // Cycles start one interval apart (jitter keeps replicas and bookmakers out of lockstep),
  // however long the last one took: staleness is counted in intervals.
  const period = collector.deps.intervalMs * (0.9 + Math.random() * 0.2);
  schedule.timer = setTimeout(() => void tick(schedule, lock, collector, odds), Math.max(0, period - (Date.now() - started)));
}

/**
 * Leader or not, the cache follows the store: writes land through onWritten, and this catches
 * another replica's writes and what time alone changes (staleness, kick-offs, arrows expiring).
 */
function startCacheRefresh(odds: OddsService, intervalMs: number, log: Logger) {
  let refreshing: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    refreshing = odds.refresh().catch((error: unknown) => log.error({ err: error }, "odds cache refresh failed"));
  }, Math.min(intervalMs, MAX_REFRESH_PERIOD_MS));
  return async () => {
    clearInterval(timer);
    await refreshing;
  };
}

/**
 * Starts collection for FEEDS=simulated (the built-in simulator on loopback) or FEEDS=live, every
 * FEED_INTERVAL_S with jitter, and rebuilds the odds cache on its own timer. A start-up step of its
 * own: call it once the API listens. On PostgreSQL only the replica holding the leader lock collects.
 */
export async function startFeedCollection(deps: FeedCollectionDeps): Promise<FeedCollection | undefined> {
  const { config, db, odds } = deps;
  if (config.feeds === "off") return undefined;
  const clock = deps.clock ?? Date.now;
  const log = deps.logger.child({ component: "feeds" });
  const booking = config.simBookingLatencyMs ? { latencyMs: config.simBookingLatencyMs } : {};
  const simulator =
    config.feeds === "simulated"
      ? await startSimulator({ port: config.simPort, seed: 20261122, now: clock, priceStepMs: config.simStepS * 1000, scenario: config.simScenario, world: config.simWorld, booking })
      : undefined;
  if (simulator) deps.booking?.useSites(simulatedSites(simulator.baseUrl));
  const fetcher = createFetcher({ proxyUrl: config.feeds === "live" ? config.feedsProxyUrl : undefined });
  const intervalMs = config.feedIntervalS * 1000;
  const lock = leaderLock({ dialect: db.dialect, databaseUrl: config.databaseUrl, logger: log });
  const collector = createCollector({
    sources: feedSources((key) => (simulator ? simulator.baseUrl(key) : ADAPTERS[key].liveBaseUrl)),
    fetcher,
    db: db.kysely,
    clock,
    logger: log,
    intervalMs,
    politeDelayMs: simulator ? [0, 20] : [250, 1500],
    onWritten: () => odds.refresh(),
    mayWrite: () => lockStillHeld(lock),
    // Learning competitions reads the whole board (docs/design.md, Catalogue steps, step 4): the live
    // sites list it, and the simulator does under SIM_WORLD=board only.
    learnCompetitions: config.feeds === "live" || config.simWorld === "board",
  });
  const schedule: Schedule = { stopped: false, timer: undefined, cycle: Promise.resolve(), cycles: 0, sweptTo: undefined, bonusPlan: { at: 0 }, catalogue: deps.catalogue };
  if (deps.catalogue) useFeedCatalogue(deps.catalogue.current());
  const stopRefresh = startCacheRefresh(odds, intervalMs, log);
  // Every replica hears every write at once (docs/design.md, Announcing changes); on SQLite onWritten is
  // that notice.
  const listener = db.dialect === "postgres" ? listenForChanges({ databaseUrl: config.databaseUrl, logger: log, onNotice: () => odds.refresh() }) : undefined;
  void tick(schedule, lock, collector, odds);
  let stopping: Promise<void> | undefined;
  return {
    collector,
    simulator,
    listener,
    isLeader: () => isLeader(lock),
    cyclesRun: () => schedule.cycles,
    stop() {
      stopping ??= (async () => {
        schedule.stopped = true;
        clearTimeout(schedule.timer);
        // This replica hears of no more changes: its streams end, their clients resume elsewhere.
        odds.live.endStreams();
        await listener?.close();
        await stopRefresh();
        await schedule.cycle.catch(() => undefined);
        await releaseLock(lock);
        await fetcher.close().catch(() => undefined);
        await simulator?.close().catch(() => undefined);
        if (deps.catalogue) useFeedCatalogue(undefined);
      })();
      return stopping;
    },
  };
}

