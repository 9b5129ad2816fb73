import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Betslip, BetslipLeg } from "#shared/contract.ts";
import { newAccount } from "../factories.ts";
import { startTestApi, type TestApi } from "../helpers/api.ts";
import { testClock } from "../helpers/clock.ts";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/databases.ts";
import { storeFixture, writeStoreRun } from "../helpers/pipeline.ts";
import { startSmtpSink } from "../helpers/smtp-sink.ts";

/**
 * The betslip over markets beyond the eight (docs/design.md, Betslip; Book-only markets): a team
 * total, a first-half total and SportyBet's 1UP on one slip, each book priced on its own prices of
 * each leg's market, "no price" where it does not quote, the legs named by the catalogue.
 */
const dialects = await testDialects();
const MINUTE = 60_000;
/** Sunday 22 November 2026, 08:00 UTC. */
const T0 = Date.UTC(2026, 10, 22, 8, 0);
const KICKOFF = new Date(T0 + 3 * 24 * 60 * MINUTE);

const ARSENAL = "c1:markets:arsenal+chelsea";
const LEEDS = "c1:markets:leeds+burnley";
const BARCA = "c2:markets:barca+real";
const GIRONA = "c2:markets:girona+sevilla";

/** Home Over/Under 0.5 (market 10): Bet9ja 1.30, BetKing 1.35, SportyBet 1.28. */
const arsenal = () =>
  storeFixture(ARSENAL, "Arsenal", "Chelsea", [[1, 10, 21, 1.3], [1, 10, 22, 3.2], [2, 10, 21, 1.35], [2, 10, 22, 3.0], [3, 10, 21, 1.28], [3, 10, 22, 3.4], [1, 1, 1, 2.0]], KICKOFF);
/** 1st Half Over/Under 0.5 (market 16): Bet9ja 1.40, SportyBet 1.45; BetKing prices the match's 1X2 but no first-half total. */
const leeds = () => storeFixture(LEEDS, "Leeds United", "Burnley", [[1, 16, 33, 1.4], [1, 16, 34, 2.8], [3, 16, 33, 1.45], [3, 16, 34, 2.7], [2, 1, 1, 2.9]], KICKOFF);
/**
 * SportyBet's 1UP Home (market 52) at 2.40. A Bet9ja row in market 52, which no feed of Bet9ja's
 * writes, stands for a price that must never pass for one: 1UP is SportyBet's alone.
 */
const barca = () => storeFixture(BARCA, "Barcelona", "Real Madrid", [[3, 52, 141, 2.4], [3, 52, 142, 5.0], [3, 52, 143, 4.1], [1, 52, 141, 2.6], [1, 1, 1, 1.9]], KICKOFF);
/** Another first-half total, for a new leg once that market is retired. */
const girona = () => storeFixture(GIRONA, "Girona", "Sevilla", [[1, 16, 33, 1.5], [3, 16, 33, 1.5]], KICKOFF);

const leg = (eventId: string, marketId: number, selectionTypeId: number): BetslipLeg => ({ eventId, marketId, selectionTypeId });
const SLIP = [leg(ARSENAL, 10, 21), leg(LEEDS, 16, 33), leg(BARCA, 52, 141)];

describe.each(dialects)("a betslip over any catalogue market on %s", (dialect) => {
  let database: TestDatabase;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApi;
  const clock = testClock(T0);
  const account = newAccount();
  let token = "";

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    sink = await startSmtpSink();
    t = await startTestApi(database, sink, clock);
    await writeStoreRun(t.api.db.kysely, [arsenal(), leeds(), barca(), girona()], T0);
    await t.api.odds.refresh();
    await t.http.put("/users/register").send(account);
    token = (await t.http.post("/users/verify-email").send({ email: account.email, otp: sink.latestCode(account.email) })).body.data.token;
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
    await database?.drop();
  });

  async function bearer(): Promise<{ authorization: string }> {
    if ((decodeJwt(token).exp ?? 0) * 1000 < clock() + MINUTE) {
      token = (await t.http.post("/users/login").send({ username: account.userName, password: account.password })).body.data.token;
    }
    return { authorization: `Bearer ${token}` };
  }

  async function getSlip(): Promise<Betslip> {
    const res = await t.http.get("/users/betslip").set(await bearer());
    expect(res.status, res.text).toBe(200);
    return res.body.data as Betslip;
  }

  it("saves a slip of a team total, a first-half total and a 1UP leg, each named by the catalogue, 1UP marked SportyBet's", async () => {
    const res = await t.http.put("/users/betslip").set(await bearer()).send({ stake: 1000, legs: SLIP });
    expect(res.status, res.text).toBe(200);
    const slip = res.body.data as Betslip;
    expect(slip.legs.map((l) => [l.marketId, l.marketName, l.selectionTypeId, l.selectionName, l.bookOnly])).toEqual([
      [10, "Home Over/Under 0.5", 21, "Over 0.5", undefined],
      [16, "1st Half Over/Under 0.5", 33, "Over 0.5", undefined],
      [52, "1X2 - 1UP", 141, "Home", 3],
    ]);
    expect(slip.legs.map((l) => l.prices)).toEqual([
      [{ provider: 1, value: 1.3 }, { provider: 2, value: 1.35 }, { provider: 3, value: 1.28 }],
      // BetKing quotes Leeds' 1X2, not its first-half total: no price, never its 1X2's.
      [{ provider: 1, value: 1.4 }, { provider: 3, value: 1.45 }],
      // Bet9ja's row in market 52 is no price: 1UP is SportyBet's alone.
      [{ provider: 3, value: 2.4 }],
    ]);
    expect(slip.biddable).toBe(3);
    expect(await getSlip()).toEqual(slip);
  });

  it("prices each book on its own price of each leg: SportyBet alone takes the whole slip, the others say which legs they miss", async () => {
    const slip = await getSlip();
    // SportyBet 1.28 x 1.45 x 2.40 = 4.4544: ₦4,454.40 (total odds 4.45), its bonus not modelled without a live plan,
    // tax 5 % of ₦3,454.40 = ₦172.72, net ₦4,281.68.
    expect(slip.bookmakers[0]).toMatchObject({ provider: 3, totalOdds: 4.45, grossPayout: 4_454.4, bonus: 0, bonusStatus: "not-modelled", tax: 172.72, netPayout: 4_281.68, placeable: true });
    // Bet9ja misses the 1UP leg, BetKing the first-half total too, NairaBet and 1xBet all three: no total, ranked by what they miss.
    expect(slip.bookmakers.slice(1).map((b) => [b.provider, b.totalOdds, b.netPayout, b.missing, b.placeable, b.reason])).toEqual([
      [1, null, null, 1, false, "missing-price"],
      [2, null, null, 2, false, "missing-price"],
      [4, null, null, 3, false, "missing-price"],
      [5, null, null, 3, false, "missing-price"],
    ]);
  });

  it("adds and removes a selection of any catalogue market one at a time, by body and by path", async () => {
    const added = await t.http.post("/users/betslip/selections").set(await bearer()).send(leg(BARCA, 52, 143));
    expect(added.status, added.text).toBe(200);
    expect((added.body.data as Betslip).legs[2]).toMatchObject({ marketId: 52, selectionTypeId: 143, marketName: "1X2 - 1UP", selectionName: "Away", bookOnly: 3, prices: [{ provider: 3, value: 4.1 }] });
    const removed = await t.http.delete(`/users/betslip/selections/${encodeURIComponent(BARCA)}/52/143`).set(await bearer());
    expect(removed.status, removed.text).toBe(200);
    expect((removed.body.data as Betslip).legs.map((l) => l.marketId)).toEqual([10, 16]);
    expect((await t.http.post("/users/betslip/selections").set(await bearer()).send(leg(BARCA, 52, 141))).status).toBe(200);
  });

  it("refuses a market the catalogue lacks and a selection of another market, in the error envelope, saving nothing", async () => {
    const saved = await getSlip();
    const refusals: [() => Promise<{ status: number; body: { error: { code: string; description: string } } }>, RegExp][] = [
      [async () => t.http.put("/users/betslip").set(await bearer()).send({ stake: 1000, legs: [leg(ARSENAL, 10, 33)] }), /^Unknown selection 33 for the market Home Over\/Under 0\.5\.$/],
      [async () => t.http.put("/users/betslip").set(await bearer()).send({ stake: 1000, legs: [leg(ARSENAL, 55, 1)] }), /^marketId must be a market id of the catalogue/],
      [async () => t.http.post("/users/betslip/selections").set(await bearer()).send(leg(ARSENAL, 16, 141)), /^Unknown selection 141 for the market 1st Half Over\/Under 0\.5\.$/],
      [async () => t.http.delete(`/users/betslip/selections/${encodeURIComponent(ARSENAL)}/9999/1`).set(await bearer()), /^marketId must be a market id of the catalogue/],
    ];
    for (const [call, message] of refusals) {
      const res = await call();
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_ERROR");
      expect(res.body.error.description).toMatch(message);
      expect(await getSlip()).toEqual(saved);
    }
  });

  it("keeps a saved leg whose market the catalogue retires, and refuses that market as a new leg", async () => {
    const db = t.api.db.kysely;
    await db.updateTable("markets").set({ retired_at: T0 }).where("id", "=", 16).execute();
    await t.api.catalogue.reload();
    try {
      const slip = await getSlip();
      expect(slip.legs.map((l) => [l.marketId, l.selectionTypeId])).toEqual([
        [10, 21],
        [16, 33],
        [52, 141],
      ]);
      const resaved = await t.http.put("/users/betslip").set(await bearer()).send({ stake: 2000, legs: SLIP });
      expect(resaved.status, resaved.text).toBe(200);
      const refused = await t.http.post("/users/betslip/selections").set(await bearer()).send(leg(GIRONA, 16, 33));
      expect(refused.status).toBe(400);
      expect(refused.body.error.description).toBe("1st Half Over/Under 0.5 is no longer compared: it can no longer be added.");
      expect((await getSlip()).legs).toHaveLength(3);
    } finally {
      await db.updateTable("markets").set({ retired_at: null }).where("id", "=", 16).execute();
      await t.api.catalogue.reload();
    }
  });
});
