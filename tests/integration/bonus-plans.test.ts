import { pino, type Logger } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import type { BonusPlan } from "#shared/math/bookmaker-rules.ts";
import { planPct } from "#shared/math/bookmaker-rules.ts";
import { readBonusPlan, storeBonusPlan } from "#api/betslip/bonus-plan.ts";
import { openDatabase, type Db } from "#api/db/database.ts";
import { BONUS_PLAN_PERIOD_MS, refreshBonusPlan, type BonusPlanDue } from "#api/feeds/bonus-plans.ts";
import { createCollector, runCycle } from "#api/feeds/collector/cycle.ts";
import { createFetcher } from "#api/feeds/fetcher.ts";
import { feedSources, startFeedCollection } from "#api/feeds/runtime.ts";
import { startSimulator } from "#api/feeds/simulator/index.ts";
import { captureLogs, startTestApi } from "../helpers/api.ts";
import { testClock } from "../helpers/clock.ts";
import { createTestDatabase, testDialects } from "../helpers/databases.ts";

const dialects = await testDialects();
const HOUR = 60 * 60 * 1000;
const T0 = Date.parse("2026-11-25T09:00:00Z");
const SPORTYBET = 3;

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A database of the test's own; `replica()` opens another handle on it, as another API replica would. */
async function freshDatabase(dialect: "sqlite" | "postgres") {
  const database = await createTestDatabase(dialect);
  cleanups.push(() => database.drop());
  const replica = async (): Promise<Db> => {
    const db = await openDatabase(database.url);
    cleanups.push(() => db.close());
    return db;
  };
  return { database, replica };
}

function plan(name: string, fetchedAt: number, footballFactor = 0.6): BonusPlan {
  return {
    name,
    minLegOdds: 1.2,
    ratios: [
      { legs: 4, min: 0, max: 0.08 },
      { legs: 6, min: 0.07, max: 0.16 },
    ],
    footballFactor,
    fetchedAt: new Date(fetchedAt).toISOString(),
  };
}

/** The collector against a simulator of its own, on `db` and a clock the test moves. */
async function collectorOn(db: Db, logger: Logger = pino({ level: "silent" })) {
  const clock = testClock(T0);
  const simulator = await startSimulator({ seed: 20261125, now: clock });
  const fetcher = createFetcher({ retries: 0, sleep: async () => undefined });
  cleanups.push(() => simulator.close(), () => fetcher.close());
  const collector = createCollector({ sources: feedSources((key) => simulator.baseUrl(key)), fetcher, db: db.kysely, clock, logger, politeDelayMs: [0, 0] });
  return { clock, simulator, collector };
}

const waitFor = async (predicate: () => Promise<boolean>, ms = 20_000) => {
  const until = Date.now() + ms;
  while (!(await predicate())) {
    if (Date.now() > until) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe.each(dialects)("bonus plans stored on %s", (dialect) => {
  it("lets another replica read the plan one stored, as the plan was", async () => {
    const { replica } = await freshDatabase(dialect);
    const [writer, reader] = [await replica(), await replica()];

    await storeBonusPlan(writer.kysely, SPORTYBET, plan("MBB_1", T0));

    expect(await readBonusPlan(reader.kysely, SPORTYBET, T0 + HOUR)).toEqual(plan("MBB_1", T0));
  });

  it("keeps the newest plan per provider, whatever order the writes finish in", async () => {
    const { replica } = await freshDatabase(dialect);
    const writer = await replica();

    await storeBonusPlan(writer.kysely, SPORTYBET, plan("MBB_new", T0));
    await storeBonusPlan(writer.kysely, SPORTYBET, plan("MBB_old", T0 - HOUR));
    await storeBonusPlan(writer.kysely, 1, plan("other book", T0 - HOUR, 1));
    expect((await readBonusPlan((await replica()).kysely, SPORTYBET, T0))?.name).toBe("MBB_new");

    await storeBonusPlan(writer.kysely, SPORTYBET, plan("MBB_newer", T0 + HOUR));
    expect((await readBonusPlan((await replica()).kysely, SPORTYBET, T0 + HOUR))?.name).toBe("MBB_newer");
    expect((await readBonusPlan((await replica()).kysely, 1, T0 + HOUR))?.name).toBe("other book");
    expect(await writer.kysely.selectFrom("bonus_plans").select("provider").orderBy("provider").execute()).toEqual([{ provider: 1 }, { provider: SPORTYBET }]);
  });

  it("counts a plan fetched more than 24 hours ago as none, and no plan stored as none", async () => {
    const { replica } = await freshDatabase(dialect);
    const db = await replica();

    expect(await readBonusPlan(db.kysely, SPORTYBET, T0)).toBeUndefined();
    await storeBonusPlan(db.kysely, 1, plan("MBB_1", T0));

    expect((await readBonusPlan(db.kysely, 1, T0 + 24 * HOUR))?.name).toBe("MBB_1");
    expect(await readBonusPlan(db.kysely, 1, T0 + 24 * HOUR + 1)).toBeUndefined();
  });

  it("stores the simulator's plan through the collector, and asks again only after 10 minutes", async () => {
    const { replica } = await freshDatabase(dialect);
    const db = await replica();
    const { clock, collector } = await collectorOn(db);
    const due: BonusPlanDue = { at: 0 };

    expect(await refreshBonusPlan(collector, undefined, due)).toBe("stored");
    const stored = await readBonusPlan((await replica()).kysely, SPORTYBET, clock());
    expect(stored).toMatchObject({ minLegOdds: 1.2, footballFactor: 0.6, fetchedAt: new Date(T0).toISOString() });
    expect([4, 6, 10, 20].map((legs) => planPct(stored!, legs))).toEqual([0.048, 0.096, 0.198, 0.42].map((pct) => expect.closeTo(pct, 10)));

    clock.advance(BONUS_PLAN_PERIOD_MS - 1);
    expect(await refreshBonusPlan(collector, undefined, due)).toBe("not-due");
    clock.advance(1);
    expect(await refreshBonusPlan(collector, undefined, due)).toBe("stored");
    expect((await readBonusPlan((await replica()).kysely, SPORTYBET, clock()))?.fetchedAt).toBe(new Date(T0 + BONUS_PLAN_PERIOD_MS).toISOString());
  });

  it("logs a plan it cannot read, keeps the stored plan and waits the period before asking again", async () => {
    const { replica } = await freshDatabase(dialect);
    const db = await replica();
    const logs = captureLogs();
    const { clock, simulator, collector } = await collectorOn(db, logs.logger);
    const due: BonusPlanDue = { at: 0 };
    await refreshBonusPlan(collector, undefined, due);

    clock.advance(BONUS_PLAN_PERIOD_MS);
    simulator.sim.setFault("sportybet", { kind: "outage", path: /\/bonus\/plans\// });
    expect(await refreshBonusPlan(collector, undefined, due)).toBe("failed");
    simulator.sim.setFault("sportybet", { kind: "error-envelope" });
    expect(await refreshBonusPlan(collector, undefined, due)).toBe("not-due");
    clock.advance(BONUS_PLAN_PERIOD_MS);
    expect(await refreshBonusPlan(collector, undefined, due)).toBe("failed");
    clock.advance(BONUS_PLAN_PERIOD_MS);
    simulator.sim.setFault("sportybet", { kind: "empty" });
    expect(await refreshBonusPlan(collector, undefined, due)).toBe("no-plan");

    const warnings = logs.lines.filter((l) => l.level === 40 && l.bookmaker === "sportybet");
    expect(warnings.map((l) => l.msg)).toEqual([
      "reading the bonus plan failed: the stored plan stands",
      "reading the bonus plan failed: the stored plan stands",
      "the site answered no bonus plan: the stored plan stands until it is 24 h old",
    ]);
    expect(String(warnings[1]?.err)).toMatch(/^bizCode 19000/);
    expect((await readBonusPlan((await replica()).kysely, SPORTYBET, clock()))?.fetchedAt).toBe(new Date(T0).toISOString());
  });

  it("does not ask for the plan in a cycle the site turned the feeds away, and asks once it answers", async () => {
    const { replica } = await freshDatabase(dialect);
    const db = await replica();
    const { simulator, collector } = await collectorOn(db);
    const due: BonusPlanDue = { at: 0 };

    simulator.sim.setFault("sportybet", { kind: "challenge" });
    const blocked = await runCycle(collector);
    expect(blocked.bookmakers.find((b) => b.key === "sportybet")?.blocked).toBe(true);
    expect(await refreshBonusPlan(collector, blocked, due)).toBe("skipped");
    expect(await db.kysely.selectFrom("bonus_plans").selectAll().execute()).toEqual([]);

    simulator.sim.setFault("sportybet", null);
    expect(await refreshBonusPlan(collector, await runCycle(collector), due)).toBe("stored");
  }, 60_000);

  it("stores the simulator's plan when the API collects with FEEDS=simulated", async () => {
    const { database } = await freshDatabase(dialect);
    const t = await startTestApi(database, undefined, undefined, { env: { FEEDS: "simulated", FEED_INTERVAL_S: "1" } });
    cleanups.push(() => t.close());
    const feeds = (await startFeedCollection({ config: t.config, db: t.api.db, odds: t.api.odds, logger: pino({ level: "silent" }), clock: t.clock }))!;
    cleanups.push(() => feeds.stop());

    await waitFor(async () => (await t.api.db.kysely.selectFrom("bonus_plans").select("provider").execute()).length > 0);

    const stored = await readBonusPlan(t.api.db.kysely, SPORTYBET, t.clock());
    expect(stored).toMatchObject({ name: expect.stringMatching(/^MBB_\d+$/), minLegOdds: 1.2, footballFactor: 0.6 });
    expect(stored?.ratios).toHaveLength(39);
  }, 60_000);
});
