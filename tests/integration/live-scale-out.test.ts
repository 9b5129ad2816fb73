import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { startFeedCollection, type FeedCollection } from "#api/feeds/runtime.ts";
import { startBalancer } from "../helpers/balancer.ts";
import { createTestDatabase, testDialects } from "../helpers/databases.ts";
import { serveApiWithLive, signInThrough, startLiveApi, startLiveWeb } from "../helpers/live-stack.ts";
import { openSseClient, pollUntil, type SseClient } from "../helpers/sse-client.ts";
import { startSmtpSink } from "../helpers/smtp-sink.ts";

const dialects = await testDialects();
/** The Premier League's 1X2: the simulator moves it every second (SIM_STEP_S=1). */
const VIEW = "country=1&competition=1&market=1";

describe.runIf(dialects.includes("postgres"))("live odds scaled out: two API replicas and two web tiers on PostgreSQL", () => {
  it("delivers the leader's writes to a browser on either web tier, and both streams go on (at most a reset) when the leader stops", async () => {
    const database = await createTestDatabase("postgres");
    const sink = await startSmtpSink();
    // Real time, simulated feeds moving and collected every second, each replica as api/main.ts runs it.
    const replicas = await Promise.all(
      [0, 1].map(async () => {
        const t = await startLiveApi(database, sink, { FEEDS: "simulated", FEED_INTERVAL_S: "1", SIM_STEP_S: "1" });
        const served = await serveApiWithLive(t.api, { heartbeatMs: 1_000 });
        const feeds = (await startFeedCollection({ config: t.config, db: t.api.db, odds: t.api.odds, logger: pino({ level: "silent" }) })) as FeedCollection;
        return { t, served, feeds };
      }),
    );
    const balancer = await startBalancer(replicas.map((r) => r.served.origin));
    const webs = await Promise.all([0, 1].map(() => startLiveWeb(balancer.origin, { heartbeatMs: 1_000, minBackoffMs: 50, maxBackoffMs: 500 })));
    const browsers: SseClient[] = [];
    try {
      const { cookie } = await signInThrough(webs[0]!, sink);
      for (const web of webs) browsers.push(openSseClient(`${web.origin}/api/odds/stream?${VIEW}`, { cookie }));
      await pollUntil(() => browsers.every((b) => b.events("ready").length === 1), 15_000);
      await pollUntil(() => replicas.some((r) => r.feeds.isLeader()), 15_000);
      const leader = replicas.find((r) => r.feeds.isLeader())!;
      const follower = replicas.find((r) => r !== leader)!;

      // Each browser gets a change of its view that the leader numbered in the database.
      await pollUntil(() => browsers.every((b) => b.markets().length > 0), 30_000);
      const db = follower.t.api.db.kysely;
      for (const b of browsers) {
        const { seq, event } = b.markets()[0]!;
        const row = await db.selectFrom("odds_changes").selectAll().where("seq", "=", seq).executeTakeFirstOrThrow();
        expect([row.event_id, row.market_id]).toEqual([event.id, 1]);
        expect(event.competitionId).toBe(1);
      }

      // The leader stops: the follower takes over collection; both browsers' streams continue.
      const seen = browsers.map((b) => b.frames.length);
      await leader.feeds.stop();
      await leader.served.serving.close();
      await leader.t.api.close();
      await pollUntil(() => follower.feeds.isLeader(), 15_000);
      const cycles = follower.feeds.cyclesRun();
      await pollUntil(() => follower.feeds.cyclesRun() > cycles, 15_000);
      const after = (b: SseClient, i: number) => b.frames.slice(seen[i]);
      await pollUntil(() => browsers.every((b, i) => after(b, i).some((f) => f.event === "market")), 30_000);
      browsers.forEach((b, i) => {
        expect(b.ended()).toBe(false);
        // Nothing but heartbeats, changes and at most one reset in between.
        expect(after(b, i).filter((f) => f.event === "reset").length).toBeLessThanOrEqual(1);
        expect(after(b, i).filter((f) => f.event === "ready")).toEqual([]);
      });
      // Ids only grow on each browser's stream, across the replica change.
      for (const b of browsers) {
        const ids = b.frames.filter((f) => f.event === "market").map((f) => Number(f.id));
        expect(ids).toEqual([...ids].sort((x, y) => x - y));
      }
    } finally {
      for (const b of browsers) b.close();
      for (const web of webs) await web.close();
      await balancer.close();
      for (const r of replicas) {
        await r.feeds.stop();
        await r.served.serving.close();
        await r.t.api.close().catch(() => undefined);
      }
      await sink.close();
      await database.drop();
    }
  }, 180_000);
});
