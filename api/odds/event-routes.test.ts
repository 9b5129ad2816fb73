import express from "express";
import { decodeJwt } from "jose";
import { pino } from "pino";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oddsChecksum } from "#shared/checksum.ts";
import type { OddsEvent } from "#shared/contract.ts";
import { newAccount } from "../../tests/factories.ts";
import { startTestApi, type TestApi } from "../../tests/helpers/api.ts";
import { testClock } from "../../tests/helpers/clock.ts";
import { createTestDatabase, testDialects, type TestDatabase } from "../../tests/helpers/databases.ts";
import { writeStoreRun } from "../../tests/helpers/pipeline.ts";
import { startSmtpSink } from "../../tests/helpers/smtp-sink.ts";
import { verifyAccessToken } from "../accounts/sessions.ts";
import { requireAuth } from "../http/auth.ts";
import { errorHandler } from "../http/errors.ts";
import { oddsEventRouter } from "./event-routes.ts";
import type { FixtureInput } from "./store.ts";

const dialects = await testDialects();
const START = Date.UTC(2026, 10, 22, 8, 0);
const KICKOFF = new Date(Date.UTC(2026, 10, 28, 15, 0));

function fixture(key: string, marketId: number, prices: [bookmaker: number, selection: number, price: number][]): FixtureInput {
  return { key, competitionId: 2, home: "Enyimba", away: "Rivers United", kickoff: KICKOFF, prices: prices.map(([bookmaker, selectionTypeId, price]) => ({ bookmaker, marketId, selectionTypeId, price, boosted: false })) };
}

describe.each(dialects)("GET /odds/events/:id on %s", (dialect) => {
  let database: TestDatabase;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApi;
  let app: express.Express;
  let token: string;
  const clock = testClock(START);

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    sink = await startSmtpSink();
    t = await startTestApi(database, sink, clock);
    // Mounted the way api/app.ts mounts it (`app.use("/odds/events", ...)`), before the rest of the API.
    app = express();
    app.use("/odds/events", oddsEventRouter(t.api.odds.cache, requireAuth((jwt) => verifyAccessToken(t.api.accounts, jwt))));
    app.use(t.api.app);
    app.use(errorHandler(pino({ level: "silent" })));
    const account = newAccount();
    await t.http.put("/users/register").send(account);
    token = (await t.http.post("/users/verify-email").send({ email: account.email, otp: sink.latestCode(account.email) })).body.data.token;
    // Two markets of one event (1X2 with two bookmakers, Over/Under 2.5 with one), and another event.
    await writeStoreRun(t.api.db.kysely, [fixture("c2:ev:a", 1, [[1, 1, 2.1], [1, 2, 3.3], [1, 3, 3.4], [2, 1, 2.2], [2, 2, 3.2], [2, 3, 3.3]]), fixture("c2:ev:b", 1, [[1, 1, 1.9]])], clock());
    // Over/Under 2.5: market 4, selections 8 and 9.
    await writeStoreRun(t.api.db.kysely, [fixture("c2:ev:a", 4, [[3, 8, 1.8], [3, 9, 2.0]])], clock());
    await t.api.odds.refresh();
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
    await database?.drop();
  });

  const auth = () => ({ authorization: `Bearer ${token}` });

  it("answers the event with every current market, each equal to what /odds answers for it", async () => {
    const res = await request(app).get("/odds/events/c2:ev:a").set(auth());
    expect(res.status).toBe(200);
    const event = res.body.data.event as OddsEvent;
    expect(event).toMatchObject({ id: "c2:ev:a", name: "Enyimba vs Rivers United", competitionId: 2, date: KICKOFF.toISOString() });
    expect(event.markets.length).toBe(2);
    expect(typeof res.body.data.updatedAt).toBe("string");
    const ak = String(decodeJwt(token).ak);
    for (const market of event.markets) {
      const q = { country: 1, competition: 2, market: market.marketId };
      const listed = await request(app).get(`/odds?country=1&competition=2&market=${market.marketId}&k=${oddsChecksum(ak, q)}`).set(auth());
      const same = (listed.body.data.events as OddsEvent[]).find((e) => e.id === "c2:ev:a")!;
      expect(same.markets).toEqual([market]);
    }
  });

  it("follows a new write, and answers 304 to a matching ETag while nothing changed", async () => {
    const first = await request(app).get("/odds/events/c2:ev:b").set(auth());
    expect(first.body.data.event.markets[0].odds).toHaveLength(1);
    const again = await request(app).get("/odds/events/c2:ev:b").set({ ...auth(), "if-none-match": first.headers.etag });
    expect(again.status).toBe(304);
    await writeStoreRun(t.api.db.kysely, [fixture("c2:ev:b", 1, [[1, 1, 1.9], [4, 1, 1.95]])], clock());
    await t.api.odds.refresh();
    const moved = await request(app).get("/odds/events/c2:ev:b").set({ ...auth(), "if-none-match": first.headers.etag });
    expect(moved.status).toBe(200);
    expect(moved.body.data.event.markets[0].odds.map((o: { provider: number }) => o.provider)).toEqual([1, 4]);
  });

  it("answers 404 NOT_FOUND in the envelope for an unknown id, 400 for an absurd one, 401 without a token", async () => {
    const unknown = await request(app).get("/odds/events/c2:nope").set(auth());
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: "NOT_FOUND" });
    const long = await request(app).get(`/odds/events/${"x".repeat(201)}`).set(auth());
    expect(long.status).toBe(400);
    expect(long.body.error.code).toBe("VALIDATION_ERROR");
    const anonymous = await request(app).get("/odds/events/c2:ev:a");
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe("AUTH_REQUIRED");
  });
});
