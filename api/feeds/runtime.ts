import type { Logger } from "pino";
import pg from "pg";
import type { ApiConfig } from "../config.ts";
import type { Db } from "../db/database.ts";
import type { OddsService } from "../odds/service.ts";
import { oddsStore } from "../odds/store.ts";
import { ADAPTERS } from "./bookmakers/index.ts";
import { createCollector, type Collector } from "./collector.ts";
import { createFetcher } from "./fetcher.ts";
import { startSimulator, type RunningSimulator } from "./simulator/index.ts";
import type { BookmakerKey } from "./types.ts";

/** Any 64-bit number the replicas agree on: the PostgreSQL advisory lock that elects the collector. */
const COLLECTOR_LOCK = 7_274_637_001;

export interface FeedsRuntime {
  collector: Collector;
  simulator?: RunningSimulator | undefined;
  /** Whether this replica collects (always on SQLite; the lock holder on PostgreSQL). */
  isLeader(): boolean;
  stop(): Promise<void>;
}

/**
 * Starts collection for FEEDS=simulated (the built-in simulator on loopback) or FEEDS=live, every
 * FEED_INTERVAL_S with jitter. On PostgreSQL only the replica holding the advisory lock collects;
 * the lock dies with its connection, so another replica takes over when the holder dies.
 */
export async function startFeeds(config: ApiConfig, db: Db, odds: OddsService, logger: Logger, clock: () => number = Date.now): Promise<FeedsRuntime | undefined> {
  if (config.feeds === "off") return undefined;
  const log = logger.child({ component: "feeds" });
  const simulator = config.feeds === "simulated" ? await startSimulator({ seed: 20261122, now: clock }) : undefined;
  const keys = Object.keys(ADAPTERS) as BookmakerKey[];
  const fetcher = createFetcher({ proxyUrl: config.feeds === "live" ? config.feedsProxyUrl : undefined });
  const collector = createCollector({
    sources: keys.map((key) => ({ adapter: ADAPTERS[key], baseUrl: simulator ? simulator.baseUrl(key) : ADAPTERS[key].liveBaseUrl })),
    fetcher,
    store: oddsStore(db.kysely),
    db: db.kysely,
    clock,
    logger: log,
    politeDelayMs: simulator ? [0, 20] : [250, 1500],
    concurrency: 3,
    onWritten: () => odds.refresh(),
  });

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let lockClient: pg.Client | undefined;
  let cycle: Promise<unknown> = Promise.resolve();
  let stopping: Promise<void> | undefined;

  async function holdsLock(): Promise<boolean> {
    if (db.dialect !== "postgres") return true;
    if (lockClient) return true;
    const client = new pg.Client({ connectionString: config.databaseUrl });
    try {
      await client.connect();
      const { rows } = await client.query<{ locked: boolean }>("select pg_try_advisory_lock($1) as locked", [COLLECTOR_LOCK]);
      if (!rows[0]?.locked) {
        await client.end();
        return false;
      }
      client.on("error", (error) => {
        log.error({ err: error }, "lost the collector lock connection");
        lockClient = undefined;
      });
      lockClient = client;
      log.info("this replica collects feeds (advisory lock held)");
      return true;
    } catch (error) {
      log.error({ err: error }, "could not ask for the collector lock");
      await client.end().catch(() => undefined);
      return false;
    }
  }

  async function tick() {
    if (stopped) return;
    try {
      if (await holdsLock()) await (cycle = collector.runCycle());
      else await odds.refresh();
    } catch (error) {
      log.error({ err: error }, "feed cycle failed");
    }
    if (stopped) return;
    // Jitter keeps replicas and bookmakers from being hit in lockstep.
    const delay = config.feedIntervalS * 1000 * (0.9 + Math.random() * 0.2);
    timer = setTimeout(() => void tick(), delay);
  }

  void tick();
  return {
    collector,
    simulator,
    isLeader: () => db.dialect !== "postgres" || lockClient !== undefined,
    /** Idempotent: every caller waits for the one shutdown. */
    stop() {
      stopping ??= (async () => {
        stopped = true;
        if (timer) clearTimeout(timer);
        await cycle.catch(() => undefined);
        await lockClient?.end().catch(() => undefined);
        await fetcher.close().catch(() => undefined);
        await simulator?.close().catch(() => undefined);
      })();
      return stopping;
    },
  };
}
