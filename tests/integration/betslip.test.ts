import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeBonusPlan } from "#api/betslip/bonus-plan.ts";
import { pruneOdds, type FixtureInput } from "#api/odds/write/store.ts";
import type { Betslip, BetslipLeg, MatchDetail } from "#shared/contract.ts";
import { newAccount } from "../factories.ts";
import { startTestApi, type TestApi } from "../helpers/api.ts";
import { testClock } from "../helpers/clock.ts";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/databases.ts";
import { storeFixture, writeStoreRun, type StorePrice } from "../helpers/pipeline.ts";
import { startSmtpSink } from "../helpers/smtp-sink.ts";

const dialects = await testDialects();
const MINUTE = 60_000;
/** Sunday 22 November 2026, 08:00 UTC. */
const T0 = Date.UTC(2026, 10, 22, 8, 0);
const KICKOFF = new Date(T0 + 3 * 24 * 60 * MINUTE);
const SOON = new Date(T0 + 30 * MINUTE);

type Price = StorePrice;
const fixture = (key: string, home: string, away: string, prices: Price[], kickoff = KICKOFF, listing?: FixtureInput["listing"]) => storeFixture(key, home, away, prices, kickoff, listing);

const ARSENAL = "c1:slip:arsenal+chelsea";
const LEEDS = "c1:slip:leeds+burnley";
const BARCA = "c2:slip:barca+real";

/** Bet9ja, BetKing and SportyBet price Arsenal's 1X2; Bet9ja's feed lists the event as 123456. */
const arsenal = (bet9jaHome = 2.6) =>
  fixture(
    ARSENAL,
    "Arsenal",
    "Chelsea",
    [[1, 1, 1, bet9jaHome], [1, 1, 2, 3.3], [1, 1, 3, 3.0], [2, 1, 1, 2.4], [2, 1, 2, 3.8], [2, 1, 3, 3.1], [3, 1, 1, 2.5], [3, 1, 2, 3.5], [3, 1, 3, 3.4]],
    KICKOFF,
    { bookmaker: 1, externalId: "123456", home: "Arsenal", away: "Chelsea" },
  );
const leeds = () => fixture(LEEDS, "Leeds United", "Burnley", [[1, 1, 3, 4.0], [2, 1, 3, 3.6], [3, 1, 3, 4.4]]);
/** 1xBet's Leeds away price, last confirmed 2.5 feed intervals ago: marked stale, so not one to back. */
const leedsStale = () => fixture(LEEDS, "Leeds United", "Burnley", [[5, 1, 3, 9.0]]);
/** Kicks off in half an hour; only Bet9ja and BetKing price its OU2.5. */
const barca = () => fixture(BARCA, "Barcelona", "Real Madrid", [[1, 4, 8, 2.1], [1, 4, 9, 1.8], [2, 4, 8, 1.8], [2, 4, 9, 2.1]], SOON);
/** 51 more events, one price each, for a full slip. */
const MANY = Array.from({ length: 51 }, (_, i) => fixture(`c3:slip:team${i}+other${i}`, `Team ${i}`, `Other ${i}`, [[1, 1, 1, 1.5]]));

const leg = (eventId: string, marketId = 1, selectionTypeId = 1): BetslipLeg => ({ eventId, marketId, selectionTypeId });
/** A bookmaker missing `missing` of the selections that can still be bet: no money, not placeable (its bonus is not modelled with FEEDS=off). */
const unpriced = (missing: number) => ({
  totalOdds: null,
  payout: null,
  missing,
  grossPayout: null,
  bonusPct: null,
  bonus: null,
  bonusStatus: "not-modelled",
  bonusBase: null,
  bonusLegs: null,
  bonusMinLegOdds: null,
  tax: null,
  netPayout: null,
  capped: false,
  placeable: false,
  reason: "missing-price",
  rulesCheckedAt: "2026-11-25",
});
/** Arsenal to win, Leeds to lose, over 2.5 goals in Barcelona vs Real Madrid. */
const SLIP = [leg(ARSENAL, 1, 1), leg(LEEDS, 1, 3), leg(BARCA, 4, 8)];

describe.each(dialects)("the betslip over HTTP on %s", (dialect) => {
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
    const db = t.api.db.kysely;
    await writeStoreRun(db, [leedsStale()], T0 - 150_000);
    await writeStoreRun(db, [arsenal(), leeds(), barca(), ...MANY], T0);
    await t.api.odds.refresh();
    await t.http.put("/users/register").send(account);
    token = (await t.http.post("/users/verify-email").send({ email: account.email, otp: sink.latestCode(account.email) })).body.data.token;
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
    await database?.drop();
  });

  /** The account's session; a new login when the access token (15 minutes) is near its end. */
  async function bearer(): Promise<{ authorization: string }> {
    if ((decodeJwt(token).exp ?? 0) * 1000 < clock() + MINUTE) {
      token = (await t.http.post("/users/login").send({ username: account.userName, password: account.password })).body.data.token;
    }
    return { authorization: `Bearer ${token}` };
  }

  async function getSlip(api = t): Promise<Betslip> {
    const res = await api.http.get("/users/betslip").set(await bearer());
    expect(res.status, res.text).toBe(200);
    return res.body.data as Betslip;
  }

  const put = async (body: unknown) => t.http.put("/users/betslip").set(await bearer()).send(body as object);

  it("answers ₦1,000 and no selections to a user who never saved a slip", async () => {
    expect(await getSlip()).toEqual({ stake: 1000, legs: [], bookmakers: [], biddable: 0, updatedAt: null });
  });

  it("saves a slip and answers it re-read: each leg's match, confirmed prices and links, every bookmaker's total, the best first", async () => {
    const res = await put({ stake: 1000, legs: SLIP });
    expect(res.status, res.text).toBe(200);
    const slip = res.body.data as Betslip;
    expect(slip.stake).toBe(1000);
    expect(slip.updatedAt).toBe(new Date(T0).toISOString());
    expect(slip.legs.map((l) => [l.eventId, l.marketId, l.selectionTypeId, l.event?.name, l.started])).toEqual([
      [ARSENAL, 1, 1, "Arsenal vs Chelsea", false],
      [LEEDS, 1, 3, "Leeds United vs Burnley", false],
      [BARCA, 4, 8, "Barcelona vs Real Madrid", false],
    ]);
    expect(slip.legs[0]!.event).toEqual({ id: ARSENAL, name: "Arsenal vs Chelsea", home: "Arsenal", away: "Chelsea", date: KICKOFF.toISOString(), competitionId: 1 });
    expect(slip.legs[0]!.prices).toEqual([{ provider: 1, value: 2.6 }, { provider: 2, value: 2.4 }, { provider: 3, value: 2.5 }]);
    // 1xBet's stale 9.00 is no price to back.
    expect(slip.legs[1]!.prices).toEqual([{ provider: 1, value: 4.0 }, { provider: 2, value: 3.6 }, { provider: 3, value: 4.4 }]);
    const page = (await t.http.get(`/odds/events/${encodeURIComponent(ARSENAL)}`).set(await bearer())).body.data as MatchDetail;
    expect(slip.legs[0]!.links).toEqual(page.event.links.filter((l) => [1, 2, 3].includes(l.provider)));
    expect(slip.legs[0]!.links[0]).toEqual({ provider: 1, url: "https://sports.bet9ja.com/event/123456", exact: true });
    // Bet9ja 2.60 x 4.00 x 2.10 = 21.84: ₦21,840, three legs earn no Multiple Bonus, tax 5 % of ₦20,840 = ₦1,042,
    // net ₦20,798. BetKing 2.40 x 3.60 x 1.80 = 15.552: ₦15,552, tax ₦727.60, net ₦14,824.40. SportyBet has no OU2.5 price.
    const money = { bonusPct: 0, bonus: 0, bonusStatus: "none", bonusBase: null, bonusLegs: null, bonusMinLegOdds: null, capped: false, placeable: true, reason: null, rulesCheckedAt: "2026-11-25" };
    expect(slip.biddable).toBe(3);
    expect(slip.bookmakers).toEqual([
      { provider: 1, totalOdds: 21.84, payout: 21_840, missing: 0, grossPayout: 21_840, tax: 1_042, netPayout: 20_798, ...money },
      { provider: 2, totalOdds: 15.55, payout: 15_552, missing: 0, grossPayout: 15_552, tax: 727.6, netPayout: 14_824.4, ...money, bonusPct: null, bonusStatus: "not-modelled" },
      { provider: 3, ...unpriced(1) },
      { provider: 4, ...unpriced(3) },
      { provider: 5, ...unpriced(3) },
    ]);
    expect(await getSlip()).toEqual(slip);
  });

  it("keeps the slip across a restart: a fresh API on the same database answers it", async () => {
    const before = await getSlip();
    const restarted = await startTestApi(database, sink, clock);
    try {
      expect(await getSlip(restarted)).toEqual(before);
    } finally {
      await restarted.close();
    }
  });

  it("re-reads prices on every read: a price that moves moves the totals", async () => {
    await writeStoreRun(t.api.db.kysely, [arsenal(2.8)], clock());
    const slip = await getSlip();
    expect(slip.legs[0]!.prices[0]).toEqual({ provider: 1, value: 2.8 });
    // 2.80 x 4.00 x 2.10 = 23.52: ₦23,520, tax 5 % of ₦22,520 = ₦1,126, net ₦22,394.
    expect(slip.bookmakers[0]).toMatchObject({ provider: 1, totalOdds: 23.52, payout: 23_520, tax: 1_126, netPayout: 22_394 });
  });

  it("refuses a 51st selection, a second one for a match, an unknown selection or match, a bad stake and unknown fields, saving nothing", async () => {
    const saved = await getSlip();
    const refusals: [unknown, RegExp][] = [
      [{ stake: 1000, legs: MANY.map((f) => leg(f.key)) }, /^A betslip holds at most 50 selections\.$/],
      [{ stake: 1000, legs: [leg(ARSENAL, 1, 1), leg(ARSENAL, 1, 2)] }, /^One selection per match: Arsenal vs Chelsea appears twice\.$/],
      [{ stake: 1000, legs: [leg(ARSENAL, 1, 8)] }, /^Unknown selection 8 /],
      [{ stake: 1000, legs: [leg("c1:slip:nobody+none")] }, /^Unknown match c1:slip:nobody\+none/],
      [{ stake: 0, legs: SLIP }, /^stake must be a positive amount in naira/],
      [{ stake: -5, legs: SLIP }, /^stake must be a positive amount in naira/],
      [{ stake: "100", legs: SLIP }, /^stake must be a positive amount in naira/],
      [{ stake: 1.234, legs: SLIP }, /^stake must be a positive amount in naira/],
      [{ legs: SLIP }, /^stake must be a positive amount in naira/],
      [{ stake: 1000, legs: SLIP, userId: "someone-else" }, /unknown field: userId/],
      [{ stake: 1000, legs: [{ ...leg(ARSENAL), price: 9.99 }] }, /unknown field: price/],
    ];
    for (const [body, message] of refusals) {
      const res = await put(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_ERROR");
      expect(res.body.error.description).toMatch(message);
      expect(await getSlip()).toEqual(saved);
    }
  });

  it("answers 401 without a token or with a forged one, for reading and saving", async () => {
    for (const call of [() => t.http.get("/users/betslip"), () => t.http.put("/users/betslip").send({ stake: 1000, legs: [] })]) {
      const anonymous = await call();
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.error.code).toBe("AUTH_REQUIRED");
      expect((await call().set("authorization", "Bearer not-a-token")).status).toBe(401);
    }
  });

  it("takes 50 selections and a stake to the kobo", async () => {
    const legs = MANY.slice(0, 50).map((f) => leg(f.key));
    const res = await put({ stake: 1234.56, legs });
    expect(res.status, res.text).toBe(200);
    const slip = res.body.data as Betslip;
    expect(slip.stake).toBe(1234.56);
    expect(slip.legs).toHaveLength(50);
    // 1.50^50 = 637,621,500.214...: ₦1,234.56 x that = ₦787,181,999,304.26. Fifty legs at 1.20 or more would earn
    // Bet9ja's 170 %, but a win above ₦50,000,000 earns none. Tax 5 % of (that - ₦1,234.56) = ₦39,359,099,903.485
    // -> ₦39,359,099,903.49 (half a kobo rounds up); net ₦747,822,899,400.77.
    expect(slip.bookmakers[0]).toMatchObject({ provider: 1, totalOdds: 637_621_500.21, payout: 787_181_999_304.26, bonus: 0, tax: 39_359_099_903.49, netPayout: 747_822_899_400.77 });
    expect(await put({ stake: 1000, legs: SLIP })).toHaveProperty("status", 200);
  });

  it("adds SportyBet's Multi Bet Bonus from the plan the collector stored, as an estimate, and ranks it above a higher raw total", async () => {
    // The plan as the collector keeps it: 2 qualifying legs, at most 5 %, football factor 0.6 -> 3 %.
    await storeBonusPlan(t.api.db.kysely, 3, { name: "MBB_TEST", minLegOdds: 1.2, ratios: [{ legs: 2, min: 0, max: 0.05 }], footballFactor: 0.6, fetchedAt: new Date(clock()).toISOString() });
    // A fresh replica on the same database reads it (each replica keeps its read for 30 s).
    const replica = await startTestApi(database, sink, clock);
    try {
      const res = await replica.http.put("/users/betslip").set(await bearer()).send({ stake: 1000, legs: [leg(ARSENAL, 1, 1), leg(LEEDS, 1, 3)] });
      expect(res.status, res.text).toBe(200);
      const slip = res.body.data as Betslip;
      // SportyBet 2.50 x 4.40 = 11.00: ₦11,000 + 3 % of ₦1,000 x 11.00 = ₦330; paid ₦11,330; tax 5 % of ₦10,330 =
      // ₦516.50; net ₦10,813.50. Bet9ja 2.80 x 4.00 = 11.20: ₦11,200, no bonus for two legs, tax ₦510, net ₦10,690.
      expect(slip.bookmakers.slice(0, 2).map((b) => [b.provider, b.totalOdds, b.bonusStatus, b.bonusPct, b.bonus, b.tax, b.netPayout])).toEqual([
        [3, 11, "estimate", 3, 330, 516.5, 10_813.5],
        [1, 11.2, "none", 0, 0, 510, 10_690],
      ]);
      // What the 3 % is a percentage of, so the figures shown add up: the stake at the two legs priced 1.20 or more.
      expect(slip.bookmakers[0]).toMatchObject({ bonusBase: 11_000, bonusLegs: 2, bonusMinLegOdds: 1.2 });
    } finally {
      await replica.close();
      // The other tests price SportyBet with no plan, whenever this API's 30 s read runs out.
      await t.api.db.kysely.deleteFrom("bonus_plans").execute();
    }
    expect(await put({ stake: 1000, legs: SLIP })).toHaveProperty("status", 200);
  });

  it("marks a started leg, missed by every bookmaker, and refuses a new one for that match; a pruned one stays and may be saved again, but none may be added", async () => {
    clock.advance(31 * MINUTE);
    await writeStoreRun(t.api.db.kysely, [arsenal(2.8), leeds()], clock());
    const started = await getSlip();
    expect(started.legs[2]).toMatchObject({ eventId: BARCA, started: true, prices: [] });
    expect(started.legs[2]!.event?.name).toBe("Barcelona vs Real Madrid");
    // The comparison goes on over the two selections still open: Bet9ja 2.80 x 4.00 = ₦11,200 (net ₦10,690),
    // SportyBet 2.50 x 4.40 = ₦11,000 (net ₦10,500; only the started match lacked its price), BetKing 2.40 x 3.60 = ₦8,640.
    expect(started.biddable).toBe(2);
    expect(started.bookmakers.map((b) => [b.provider, b.payout, b.netPayout, b.missing])).toEqual([
      [1, 11_200, 10_690, 0],
      [3, 11_000, 10_500, 0],
      [2, 8_640, 8_258, 0],
      [4, null, null, 2],
      [5, null, null, 2],
    ]);

    // A new selection for the started match is refused; the one saved before kick-off stays.
    const changed = await put({ stake: 1000, legs: [...SLIP.slice(0, 2), leg(BARCA, 4, 9)] });
    expect(changed.status).toBe(400);
    expect(changed.body.error.code).toBe("VALIDATION_ERROR");
    expect(changed.body.error.description).toBe("Barcelona vs Real Madrid has started: it can no longer be added.");
    expect(await getSlip()).toEqual(started);
    const kept = await put({ stake: 1000, legs: SLIP });
    expect(kept.status, kept.text).toBe(200);

    await pruneOdds(t.api.db.kysely, { eventsBefore: clock() });
    const pruned = await getSlip();
    expect(pruned.legs[2]).toEqual({ ...leg(BARCA, 4, 8), event: null, started: true, prices: [], links: [] });
    const again = await put({ stake: 2000, legs: SLIP });
    expect(again.status, again.text).toBe(200);
    expect((again.body.data as Betslip).stake).toBe(2000);
    expect((again.body.data as Betslip).legs.map((l) => l.eventId)).toEqual([ARSENAL, LEEDS, BARCA]);
    const other = await put({ stake: 2000, legs: [...SLIP.slice(0, 2), leg(BARCA, 4, 9)] });
    expect(other.status).toBe(400);
    expect(other.body.error.description).toMatch(/^Unknown match c2:slip:barca\+real/);
    expect((await getSlip()).legs.map((l) => l.selectionTypeId)).toEqual([1, 3, 8]);

  });

  it("goes with its user's account", async () => {
    const db = t.api.db.kysely;
    const userId = String(decodeJwt(token).sub);
    expect(await db.selectFrom("betslips").select("user_id").where("user_id", "=", userId).execute()).toHaveLength(1);
    await db.deleteFrom("users").where("id", "=", userId).execute();
    expect(await db.selectFrom("betslips").select("user_id").where("user_id", "=", userId).execute()).toEqual([]);
  });
});
