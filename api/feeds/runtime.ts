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
/** A lock connection that does not answer within this is taken for dead. */
const LOCK_CHECK_TIMEOUT_MS = 5_000;
/** The odds cache rebuilds at least this often (followers see the leader's writes; time expires prices and flags). */
const MAX_REFRESH_PERIOD_MS = 10_000;

export interface FeedsRuntime {
  collector: Collector;
  simulator?: RunningSimulator | undefined;
  /** Whether this replica collects (always on SQLite; the lock holder on PostgreSQL). */
  isLeader(): boolean;
  /** Collection cycles this replica has started. */
  cyclesRun(): number;
  stop(): Promise<void>;
}

/**
 * Starts collection for FEEDS=simulated (the built-in simulator on loopback) or FEEDS=live, every
 * FEED_INTERVAL_S with jitter, and rebuilds the odds cache on its own timer. On PostgreSQL only the
 * replica holding the advisory lock collects. The lock lives and dies with one connection, which
 * is checked every tick and before every write: a replica whose lock connection died (even
 * silently) stops collecting, and another one takes the lock over.
 */
export async function startFeeds(config: ApiConfig, db: Db, odds: OddsService, logger: Logger, clock: () => number = Date.now): Promise<FeedsRuntime | undefined> {
  if (config.feeds === "off") return undefined;
  const log = logger.child({ component: "feeds" });
  const simulator = config.feeds === "simulated" ? await startSimulator({ seed: 20261122, now: clock }) : undefined;
  const keys = Object.keys(ADAPTERS) as BookmakerKey[];
  const fetcher = createFetcher({ proxyUrl: config.feeds === "live" ? config.feedsProxyUrl : undefined });
  const intervalMs = config.feedIntervalS * 1000;

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let lockClient: pg.Client | undefined;
  let cycle: Promise<unknown> = Promise.resolve();
  let stopping: Promise<void> | undefined;
  let cycles = 0;

  function dropLock(client: pg.Client, reason: unknown) {
    if (lockClient !== client) return;
    lockClient = undefined;
    log.error({ err: reason }, "lost the collector lock connection: this replica stops collecting");
    // Whatever the connection's state, it must not hold the lock any longer.
    void client.end().catch(() => undefined);
  }

  /** The lock connection still answers (a dead one has released the lock on the server). */
  async function lockAlive(): Promise<boolean> {
    if (db.dialect !== "postgres") return true;
    const client = lockClient;
    if (!client) return false;
    try {
      await client.query("select 1");
      return lockClient === client;
    } catch (error) {
      dropLock(client, error);
      return false;
    }
  }

  async function holdsLock(): Promise<boolean> {
    if (db.dialect !== "postgres") return true;
    if (lockClient) return lockAlive();
    const client = new pg.Client({
      connectionString: config.databaseUrl,
      connectionTimeoutMillis: LOCK_CHECK_TIMEOUT_MS,
      query_timeout: LOCK_CHECK_TIMEOUT_MS,
      keepAlive: true,
    });
    client.on("error", (error) => dropLock(client, error));
    try {
      await client.connect();
      const { rows } = await client.query<{ locked: boolean }>("select pg_try_advisory_lock($1) as locked", [COLLECTOR_LOCK]);
      if (!rows[0]?.locked) {
        await client.end();
        return false;
      }
      if (stopped) {
        await client.end();
        return false;
      }
      lockClient = client;
      log.info("this replica collects feeds (advisory lock held)");
      return true;
    } catch (error) {
      log.error({ err: error }, "could not ask for the collector lock");
      await client.end().catch(() => undefined);
      return false;
    }
  }

  const collector = createCollector({
    sources: keys.map((key) => ({ adapter: ADAPTERS[key], baseUrl: simulator ? simulator.baseUrl(key) : ADAPTERS[key].liveBaseUrl })),
    fetcher,
    store: oddsStore(db.kysely),
    db: db.kysely,
    clock,
    logger: log,
    intervalMs,
    politeDelayMs: simulator ? [0, 20] : [250, 1500],
    onWritten: () => odds.refresh(),
    mayWrite: lockAlive,
  });

  async function tick() {
    if (stopped) return;
    const started = Date.now();
    try {
      if (await holdsLock()) {
        cycles += 1;
        await (cycle = collector.runCycle());
      }
    } catch (error) {
      log.error({ err: error }, "feed cycle failed");
    }
    if (stopped) return;
    // Cycles start one interval apart (jitter keeps replicas and bookmakers out of lockstep),
    // however long the last one took: staleness is counted in intervals.
    const period = intervalMs * (0.9 + Math.random() * 0.2);
    timer = setTimeout(() => void tick(), Math.max(0, period - (Date.now() - started)));
  }

  // Leader or not, the cache follows the store: writes land through onWritten, and this catches
  // another replica's writes and what time alone changes (staleness, kick-offs, arrows expiring).
  let refreshing: Promise<void> = Promise.resolve();
  const refresher = setInterval(() => {
    refreshing = odds.refresh().catch((error: unknown) => log.error({ err: error }, "odds cache refresh failed"));
  }, Math.min(intervalMs, MAX_REFRESH_PERIOD_MS));

  void tick();
  return {
    collector,
    simulator,
    isLeader: () => db.dialect !== "postgres" || lockClient !== undefined,
    cyclesRun: () => cycles,
    /** Idempotent: every caller waits for the one shutdown. */
    stop() {
      stopping ??= (async () => {
        stopped = true;
        if (timer) clearTimeout(timer);
        clearInterval(refresher);
        await cycle.catch(() => undefined);
        await refreshing;
        const client = lockClient;
        lockClient = undefined;
        await client?.end().catch(() => undefined);
        await fetcher.close().catch(() => undefined);
        await simulator?.close().catch(() => undefined);
      })();
      return stopping;
    },
  };
}
