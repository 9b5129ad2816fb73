import { pino } from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { loadApiConfig } from "#api/config.ts";
import { openDatabase } from "#api/db/database.ts";
import { startFeeds } from "#api/feeds/runtime.ts";
import { oddsService } from "#api/odds/service.ts";
import { createTestDatabase, shouldRunPostgres, type TestDatabase } from "../helpers/databases.ts";
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
    const config = loadApiConfig({ NODE_ENV: "test", DATA_DIR: database.dataDir, DATABASE_URL: database.url, FEEDS: "simulated", FEED_INTERVAL_S: "1", LOG_LEVEL: "silent" });
    const replicas = await Promise.all(
      [0, 1].map(async () => {
        const db = await openDatabase(config.databaseUrl);
        const odds = oddsService({ db: db.kysely, clock: Date.now, intervalS: 1 });
        return { db, odds, feeds: (await startFeeds(config, db, odds, silent))! };
      }),
    );
    await waitFor(() => replicas.some((r) => r.feeds.isLeader()));
    await new Promise((r) => setTimeout(r, 1500));
    expect(replicas.filter((r) => r.feeds.isLeader())).toHaveLength(1);
    const leader = replicas.find((r) => r.feeds.isLeader())!;
    const follower = replicas.find((r) => !r.feeds.isLeader())!;
    await waitFor(async () => (await leader.db.kysely.selectFrom("feed_runs").select("id").limit(1).execute()).length > 0, 20_000);
    await leader.feeds.stop();
    await leader.db.close();
    await waitFor(() => follower.feeds.isLeader(), 10_000);
    await follower.odds.refresh();
    expect(follower.odds.cache.summary().json).toMatch(/"numBookmakers":5/);
    await follower.feeds.stop();
    await follower.db.close();
  }, 60_000);
});

describe("a slow bookmaker", () => {
  it("times out alone while the others are served", async () => {
    const database = await createTestDatabase("sqlite");
    databases.push(database);
    const t = await startTestApi(database, undefined);
    const pipeline = await startPipeline(t, { bodyTimeoutMs: 300 });
    pipeline.simulator.sim.setFault("1xbet", { kind: "slow", delayMs: 2_000 });
    const report = await pipeline.collector.runCycle();
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
