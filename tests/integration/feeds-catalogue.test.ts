import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { createApi } from "#api/app.ts";
import { loadApiConfig } from "#api/config.ts";
import { startFeedCollection } from "#api/feeds/runtime.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/databases.ts";

const databases: TestDatabase[] = [];
afterEach(async () => {
  for (const d of databases.splice(0)) await d.drop();
});

const waitFor = async (predicate: () => Promise<boolean>, ms: number) => {
  const until = Date.now() + ms;
  while (!(await predicate())) {
    if (Date.now() > until) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe("feed collection and the catalogue (docs/design.md, Catalogue steps, step 2)", () => {
  it("asks each book for a competition by the id the database's catalogue holds, not the build's file", async () => {
    const database = await createTestDatabase("sqlite");
    databases.push(database);
    const config = loadApiConfig({ NODE_ENV: "test", API_PORT: "0", DATA_DIR: database.dataDir, DATABASE_URL: database.url, FEEDS: "simulated", SIM_WORLD: "leagues", FEED_INTERVAL_S: "5", LOG_LEVEL: "silent" });
    const api = await createApi(config);
    // 1xBet's Bundesliga moves to an id the simulator lists nothing under: the file still says 96463.
    await api.db.kysely.updateTable("competition_books").set({ book_id: "96470" }).where("bookmaker", "=", 5).where("book_id", "=", "96463").execute();
    const feeds = (await startFeedCollection({ config, db: api.db, odds: api.odds, logger: pino({ level: "silent" }), catalogue: api.catalogue }))!;
    try {
      const runs = () => api.db.kysely.selectFrom("feed_runs").select(["competition_id", "ok", "offers", "error"]).where("bookmaker", "=", "1xbet").execute();
      // A cycle can run out of time on a loaded machine: wait for a finished run of each league.
      const finished = async () => (await runs()).filter((r) => r.ok === 1 || !/time for this cycle ran out/.test(r.error ?? ""));
      await waitFor(async () => new Set((await finished()).map((r) => r.competition_id)).size === 4, 45_000);
      const byCompetition = new Map((await finished()).map((r) => [r.competition_id, r]));
      expect(byCompetition.get(4)).toMatchObject({ ok: 0, offers: 0, error: "answered no events for this league" });
      expect(byCompetition.get(1)).toMatchObject({ ok: 1, error: null });
      expect(byCompetition.get(1)?.offers).toBeGreaterThan(0);
    } finally {
      await feeds.stop();
      await api.close();
    }
  }, 90_000);
});
