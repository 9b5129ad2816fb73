import { createServer, connect, type AddressInfo, type Socket } from "node:net";
import pg from "pg";
import { pino } from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { loadApiConfig } from "#api/config.ts";
import { openDatabase } from "#api/db/database.ts";
import { startFeedCollection } from "#api/feeds/runtime.ts";
import { oddsService } from "#api/odds/read/service.ts";
import { createTestDatabase, POSTGRES_ADMIN_URL, shouldRunPostgres, type TestDatabase } from "../helpers/databases.ts";
import { startTestApi } from "../helpers/api.ts";
import { startPipeline } from "../helpers/pipeline.ts";

const runPostgres = await shouldRunPostgres();
const silent = pino({ level: "silent" });
const databases: TestDatabase[] = [];
afterAll(async () => {
  for (const d of databases) await d.drop();
});

const waitFor = async (predicate: () => boolean | Promise<boolean>, ms = 10_000) => {
  const until = Date.now() + ms;
  while (!(await predicate())) {
    if (Date.now() > until) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe.runIf(runPostgres)("feed collection across API replicas on PostgreSQL", () => {
  it("lets exactly one replica collect, and another take over when it stops", async () => {
    const database = await createTestDatabase("postgres");
    databases.push(database);
    const config = loadApiConfig({ NODE_ENV: "test", DATA_DIR: database.dataDir, DATABASE_URL: database.url, FEEDS: "simulated", SIM_WORLD: "leagues", FEED_INTERVAL_S: "1", LOG_LEVEL: "silent" });
    const replicas = await Promise.all(
      [0, 1].map(async () => {
        const db = await openDatabase(config.databaseUrl);
        const odds = oddsService({ db: db.kysely, clock: Date.now, intervalS: 1 });
        return { db, odds, feeds: (await startFeedCollection({ config, db, odds, logger: silent }))! };
      }),
    );
    try {
      await waitFor(() => replicas.some((r) => r.feeds.isLeader()));
      await new Promise((r) => setTimeout(r, 1500));
      expect(replicas.filter((r) => r.feeds.isLeader())).toHaveLength(1);
      const leader = replicas.find((r) => r.feeds.isLeader())!;
      const follower = replicas.find((r) => !r.feeds.isLeader())!;
      // A first cycle over five books and four leagues: seconds on a quiet machine, tens on a loaded one.
      await waitFor(async () => (await leader.db.kysely.selectFrom("feed_runs").select("id").limit(1).execute()).length > 0, 45_000);
      await leader.feeds.stop();
      await leader.db.close();
      // The follower asks on each of its 1 s ticks, on a new connection: within a few seconds
      // quiet, but once past 10 s beside a second CI run (load 8).
      await waitFor(() => follower.feeds.isLeader(), 30_000);
      // The new collector's own cycles keep every bookmaker served (each within its time budget).
      await waitFor(async () => {
        await follower.odds.refresh();
        return /"numBookmakers":5/.test(follower.odds.cache.summary().json);
      }, 45_000);
      expect(follower.feeds.cyclesRun()).toBeGreaterThan(0);
    } finally {
      // A failed wait leaves no collector or pool behind to outlive the test's database.
      for (const r of replicas) {
        await r.feeds.stop();
        await r.db.close().catch(() => undefined);
      }
    }
  }, 150_000);
});

/**
 * A TCP relay to PostgreSQL that can go silent: from `freeze()` on, no byte passes either way and
 * no connection closes, as when a network path dies without a FIN or RST.
 */
async function startSilenceableRelay(target: URL) {
  const sockets = new Set<Socket>();
  let frozen = false;
  const server = createServer((client) => {
    sockets.add(client);
    client.on("error", () => undefined);
    if (frozen) return;
    const upstream = connect(Number(target.port || 5432), target.hostname);
    sockets.add(upstream);
    // Once silent, not even a closed side is passed on.
    upstream.on("error", () => void (frozen || client.destroy()));
    client.on("close", () => void (frozen || upstream.destroy()));
    upstream.on("close", () => void (frozen || client.destroy()));
    client.on("data", (chunk) => void (frozen || upstream.write(chunk)));
    upstream.on("data", (chunk) => void (frozen || client.write(chunk)));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    port: (server.address() as AddressInfo).port,
    freeze: () => void (frozen = true),
    close: () =>
      new Promise<void>((r) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => r());
      }),
  };
}

describe.runIf(runPostgres)("the collector lock's liveness on PostgreSQL", () => {
  it("stops a replica whose lock connection died silently, and lets another take over", async () => {
    const database = await createTestDatabase("postgres");
    databases.push(database);
    const direct = new URL(database.url);
    const relay = await startSilenceableRelay(direct);
    const env = { NODE_ENV: "test", DATA_DIR: database.dataDir, FEEDS: "simulated", SIM_WORLD: "leagues", FEED_INTERVAL_S: "1", LOG_LEVEL: "silent" };
    // Replica A holds its lock connection through the relay; its pool and B go straight to PostgreSQL.
    const viaRelay = `postgres://postgres@127.0.0.1:${relay.port}${direct.pathname}`;
    const start = async (lockUrl: string) => {
      const db = await openDatabase(database.url);
      const odds = oddsService({ db: db.kysely, clock: Date.now, intervalS: 1 });
      return { db, odds, feeds: (await startFeedCollection({ config: loadApiConfig({ ...env, DATABASE_URL: lockUrl }), db, odds, logger: silent }))! };
    };
    const replicas: Awaited<ReturnType<typeof start>>[] = [];
    try {
      const a = await start(viaRelay);
      replicas.push(a);
      await waitFor(() => a.feeds.isLeader());
      const b = await start(database.url);
      replicas.push(b);
      await waitFor(() => a.feeds.cyclesRun() >= 2, 20_000);
      expect(b.feeds.isLeader()).toBe(false);
      expect(b.feeds.cyclesRun()).toBe(0);

      // A's lock connection dies without A hearing of it: the server ends the session, the relay
      // passes nothing on.
      relay.freeze();
      const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await admin.connect();
      const { rows } = await admin.query<{ pid: number }>(
        "select pid from pg_locks where locktype = 'advisory' and granted and database = (select oid from pg_database where datname = $1)",
        [direct.pathname.slice(1)],
      );
      expect(rows).toHaveLength(1);
      await admin.query("select pg_terminate_backend($1)", [rows[0]!.pid]);
      await admin.end();

      await waitFor(() => b.feeds.isLeader(), 15_000);
      await waitFor(() => !a.feeds.isLeader(), 20_000);
      const aCycles = a.feeds.cyclesRun();
      const bCycles = b.feeds.cyclesRun();
      // B collects on; A, no longer leader, runs no cycle meanwhile.
      await waitFor(() => b.feeds.cyclesRun() > bCycles, 30_000);
      expect(a.feeds.cyclesRun()).toBe(aCycles);
      expect(a.feeds.isLeader()).toBe(false);
    } finally {
      // The relay goes first: a lock connection stuck in it would never finish closing.
      await relay.close();
      for (const r of replicas) await r.feeds.stop();
      for (const r of replicas) await r.db.close();
    }
  }, 120_000);
});

describe("a slow bookmaker", () => {
  it("times out alone while the others are served", async () => {
    const database = await createTestDatabase("sqlite");
    databases.push(database);
    const t = await startTestApi(database, undefined);
    const pipeline = await startPipeline(t, { bodyTimeoutMs: 300 });
    pipeline.simulator.sim.setFault("1xbet", { kind: "slow", delayMs: 2_000 });
    const report = await pipeline.runCycle();
    const onexbet = report.bookmakers.find((b) => b.key === "1xbet")!;
    expect(onexbet.ok).toBe(false);
    expect(onexbet.error).toMatch(/timeout/i);
    expect(report.bookmakers.filter((b) => b.key !== "1xbet").every((b) => b.ok)).toBe(true);
    const summary = JSON.parse(t.api.odds.cache.summary().json).data;
    expect(summary.numBookmakers).toBe(4);
    await pipeline.close();
    await t.close();
  }, 60_000);
});
