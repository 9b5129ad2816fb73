/**
 * Booking codes in every compared market over HTTP (docs/design.md, Booking codes, Book-only
 * markets): a SportyBet code's legs beyond the eight read with the catalogue's names and the
 * book-only mark, a match the book lists the other way round mirrored, a slip minted at SportyBet
 * and at Bet9ja with each book's ids and lines, another book's 1UP set aside and named. The books
 * are stand-ins answering in the real shapes (tests/integration/booking.test.ts mints at the
 * simulator, which books the eight).
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeFixtures, type FixtureInput } from "#api/odds/write/store.ts";
import type { BookingCode, BookingRead } from "#shared/contract.ts";
import { startTestApi, type TestApi } from "../helpers/api.ts";
import { testClock } from "../helpers/clock.ts";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/databases.ts";
import { newAccount } from "../factories.ts";
import { startSmtpSink } from "../helpers/smtp-sink.ts";

const dialects = await testDialects();
const T0 = Date.UTC(2026, 10, 24, 10, 0);
const KICKOFF = Date.UTC(2026, 10, 28, 15, 0);
const SPORTYBET = 3;
const BET9JA = 1;

type Price = [number, number, number];
const prices = (bookmaker: number, list: Price[]) => list.map(([marketId, selectionTypeId, price]) => ({ bookmaker, marketId, selectionTypeId, price, boosted: false }));

/** Two Premier League matches, each listed by SportyBet and Bet9ja, priced in markets beyond the eight. */
function fixtures(): FixtureInput[] {
  const arsenal = { key: "c1:2026-11-28:arsenal+chelsea", competitionId: 1, home: "Arsenal", away: "Chelsea", kickoff: new Date(KICKOFF), srId: "sr:match:71000001" };
  const leeds = { key: "c1:2026-11-28:leeds+burnley", competitionId: 1, home: "Leeds United", away: "Burnley", kickoff: new Date(KICKOFF + 7_200_000), srId: "sr:match:71000002" };
  return [
    { ...arsenal, prices: prices(SPORTYBET, [[10, 21, 1.3], [52, 141, 1.9], [23, 49, 15]]), listing: { bookmaker: SPORTYBET, externalId: "sr:match:71000001", home: "Arsenal", away: "Chelsea" } },
    { ...arsenal, prices: prices(BET9JA, [[10, 21, 1.28], [23, 49, 14.5]]), listing: { bookmaker: BET9JA, externalId: "790000001", home: "Arsenal", away: "Chelsea" } },
    { ...leeds, prices: prices(SPORTYBET, [[27, 91, 1.4], [13, 27, 1.5]]), listing: { bookmaker: SPORTYBET, externalId: "sr:match:71000002", home: "Leeds United", away: "Burnley" } },
    // Bet9ja lists Leeds v Burnley the other way round; its price of Burnley's over 0.5 stands as our away team's.
    { ...leeds, prices: prices(BET9JA, [[13, 27, 1.45], [27, 91, 1.38]]), listing: { bookmaker: BET9JA, externalId: "790000002", home: "Burnley", away: "Leeds United" } },
  ];
}

/** What the stand-in books saw and keep: codes by book, each the selections it was booked with. */
interface Books {
  server: Server;
  base: string;
  sporty: Map<string, { eventId: string; marketId: string; specifier: string; outcomeId: string }[]>;
  bet9ja: Map<string, string[]>;
}

const body = (req: IncomingMessage) => new Promise<string>((resolve) => {
  let text = "";
  req.on("data", (chunk: Buffer) => (text += chunk.toString()));
  req.on("end", () => resolve(text));
});

/** SportyBet's share read in its shape: the ticket's selections and their events with the markets booked, each priced. */
function sportyShare(selections: { eventId: string; marketId: string; specifier: string; outcomeId: string }[], teams: Record<string, [string, string]>) {
  return JSON.stringify({
    bizCode: 10000,
    isAvailable: true,
    message: "0#0",
    data: {
      deadline: KICKOFF,
      ticket: { selections },
      outcomes: [...new Set(selections.map((s) => s.eventId))].map((eventId) => ({
        eventId,
        estimateStartTime: KICKOFF,
        matchStatus: "Not start",
        homeTeamName: teams[eventId]?.[0],
        awayTeamName: teams[eventId]?.[1],
        sport: { category: { tournament: { name: "Premier League" } } },
        markets: selections.filter((s) => s.eventId === eventId).map((s) => ({ id: s.marketId, specifier: s.specifier, desc: `market ${s.marketId}`, status: 0, outcomes: [{ id: s.outcomeId, odds: "1.80", desc: "pick", isActive: 1 }] })),
      })),
    },
  });
}

async function startBooks(): Promise<Books> {
  const sporty = new Map<string, { eventId: string; marketId: string; specifier: string; outcomeId: string }[]>();
  const bet9ja = new Map<string, string[]>();
  const teams: Record<string, [string, string]> = { "sr:match:71000001": ["Arsenal", "Chelsea"], "sr:match:71000002": ["Burnley", "Leeds United"] };
  // A code read that no test minted: Leeds v Burnley as SportyBet lists it, the other way round.
  sporty.set("RVRS01", [
    { eventId: "sr:match:71000002", marketId: "19", specifier: "total=0.5", outcomeId: "12" },
    { eventId: "sr:match:71000002", marketId: "14", specifier: "hcp=0:1", outcomeId: "1711" },
    { eventId: "sr:match:71000001", marketId: "60200", specifier: "", outcomeId: "1" },
    { eventId: "sr:match:71000001", marketId: "19", specifier: "total=0.5", outcomeId: "12" },
    { eventId: "sr:match:71000001", marketId: "8", specifier: "goalnr=1", outcomeId: "6" },
  ]);
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://books");
      const json = (status: number, value: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(typeof value === "string" ? value : JSON.stringify(value));
      if (req.method === "POST" && url.pathname === "/sportybet/api/ng/orders/share") {
        const code = `SB${String(sporty.size).padStart(4, "0")}`;
        sporty.set(code, (JSON.parse(await body(req)) as { selections: never[] }).selections);
        return json(200, { bizCode: 10000, message: "0#0", data: { shareCode: code, deadline: KICKOFF, unavailableOutcomes: [] } });
      }
      const share = /^\/sportybet\/api\/ng\/orders\/share\/(\w+)$/.exec(url.pathname);
      if (share) {
        const selections = sporty.get(share[1]!);
        return selections ? json(200, sportyShare(selections, teams)) : json(200, { bizCode: 10000, isAvailable: false, data: null });
      }
      if (req.method === "POST" && url.pathname === "/bet9ja/sportsbook/placebet/BookABetV2") {
        const slip = JSON.parse(new URLSearchParams(await body(req)).get("BETSLIP") ?? "{}") as { EVS: Record<string, unknown> };
        const code = `B9${String(bet9ja.size).padStart(5, "0")}`;
        bet9ja.set(code, Object.keys(slip.EVS));
        return json(200, { status: 1, error: { code: 0, message: "" }, data: [{ RIS: code, COUPONCODE: "internal" }] });
      }
      if (url.pathname === "/bet9ja/desktop/feapi/CouponAjax/GetBookABetCouponV2") {
        const keys = bet9ja.get(url.searchParams.get("couponCode") ?? "");
        if (!keys) return json(200, { R: "ERROR", D: null });
        return json(200, { R: "OK", D: { O: Object.fromEntries(keys.map((id) => [id, { E_NAME: "Arsenal - Chelsea", GN: "Premier League", STARTDATE: "2026-11-28 15:00:00", V: "1.80" }])) } });
      }
      json(404, { error: "no such endpoint" });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, sporty, bet9ja };
}

describe.each(dialects)("booking codes in every compared market on %s", (dialect) => {
  let database: TestDatabase;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApi;
  let books: Books;
  const clock = testClock(T0);

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    sink = await startSmtpSink();
    t = await startTestApi(database, sink, clock);
    books = await startBooks();
    await t.api.db.kysely.transaction().execute((trx) => writeFixtures(trx, fixtures(), T0));
    t.api.booking.useSites((key) => (key === "sportybet" || key === "bet9ja" ? `${books.base}/${key}` : undefined));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => books?.server.close(resolve));
    await sink?.close();
    await database?.drop();
  });

  /** A verified account's bearer header and id. */
  async function signIn(): Promise<{ auth: { authorization: string }; userId: string }> {
    const account = newAccount();
    await t.http.put("/users/register").send(account).expect(201);
    const res = await t.http.post("/users/verify-email").send({ email: account.email, otp: sink.latestCode(account.email) });
    const user = await t.api.db.kysely.selectFrom("users").select("id").where("email", "=", account.email).executeTakeFirstOrThrow();
    return { auth: { authorization: `Bearer ${res.body.data.token as string}` }, userId: user.id };
  }

  /** A saved slip as the betslip stores one (the betslip's own routes take the eight so far). */
  async function saveSlip(userId: string, legs: [string, number, number][]) {
    const values = { stake_kobo: 100_000, legs: JSON.stringify(legs.map(([eventId, marketId, selectionTypeId]) => ({ eventId, marketId, selectionTypeId }))), updated_at: T0, version: 1 };
    await t.api.db.kysely.insertInto("betslips").values({ user_id: userId, ...values }).onConflict((oc) => oc.column("user_id").doUpdateSet(values)).execute();
  }

  it("reads a SportyBet code's legs beyond the eight named by the catalogue, 1UP marked as SportyBet's own, a reversed match's legs mirrored", async () => {
    const { auth } = await signIn();
    const res = await t.http.get("/odds/booking").query({ provider: SPORTYBET, code: "rvrs01" }).set(auth);
    expect(res.status, res.text).toBe(200);
    const read = res.body.data as BookingRead;
    expect(read.legs.map((l) => [l.eventId, l.marketId, l.selectionTypeId, l.marketName, l.selectionName, l.bookOnly])).toEqual([
      // Burnley's over 0.5 at SportyBet (its home) is our away team's; its Home (0:1) our Away at Handicap +1.
      ["c1:2026-11-28:leeds+burnley", 13, 27, "Away Over/Under 0.5", "Over 0.5", undefined],
      ["c1:2026-11-28:leeds+burnley", 27, 91, "Handicap +1", "Away (-1)", undefined],
      ["c1:2026-11-28:arsenal+chelsea", 52, 141, "1X2 - 1UP", "Home", SPORTYBET],
      ["c1:2026-11-28:arsenal+chelsea", 10, 21, "Home Over/Under 0.5", "Over 0.5", undefined],
    ]);
    expect(read.unmapped).toMatchObject([{ reason: "market", description: "Arsenal v Chelsea, market 8 goalnr=1: pick" }]);
  });

  it("mints a slip beyond the eight at SportyBet with its ids and lines, 1UP included, verified by reading it back", async () => {
    const { auth, userId } = await signIn();
    await saveSlip(userId, [["c1:2026-11-28:arsenal+chelsea", 10, 21], ["c1:2026-11-28:arsenal+chelsea", 52, 141], ["c1:2026-11-28:arsenal+chelsea", 23, 49]]);
    const res = await t.http.post("/users/betslip/booking").set(auth).send({ provider: SPORTYBET });
    expect(res.status, res.text).toBe(200);
    const minted = res.body.data as BookingCode;
    expect(minted).toMatchObject({ provider: SPORTYBET, legs: 3 });
    expect(minted.notPlaced).toBeUndefined();
    expect(books.sporty.get(minted.code)?.map((s) => [s.eventId, s.marketId, s.specifier, s.outcomeId])).toEqual([
      ["sr:match:71000001", "19", "total=0.5", "12"],
      ["sr:match:71000001", "60200", "", "1"],
      ["sr:match:71000001", "47", "", "420"],
    ]);
  });

  it("mints the same slip at Bet9ja under its odds keys, setting SportyBet's 1UP aside and saying so", async () => {
    const { auth, userId } = await signIn();
    await saveSlip(userId, [["c1:2026-11-28:arsenal+chelsea", 10, 21], ["c1:2026-11-28:arsenal+chelsea", 52, 141], ["c1:2026-11-28:arsenal+chelsea", 23, 49]]);
    const res = await t.http.post("/users/betslip/booking").set(auth).send({ provider: BET9JA });
    expect(res.status, res.text).toBe(200);
    const minted = res.body.data as BookingCode;
    expect(minted).toMatchObject({ provider: BET9JA, legs: 2 });
    expect(books.bet9ja.get(minted.code)).toEqual(["790000001$S_HAOU@0.5_OH", "790000001$S_HTFT_1/X"]);
    expect(minted.notPlaced).toEqual([
      { leg: { eventId: "c1:2026-11-28:arsenal+chelsea", marketId: 52, selectionTypeId: 141 }, reason: expect.stringMatching(/1X2 - 1UP: Home is only at SportyBet: not placeable at Bet9ja/) },
    ]);
  });

  it("mints at a book listing the match the other way round its mirror selections: our away team total is its home one, our Away at +1 its Home at -1", async () => {
    const { auth, userId } = await signIn();
    await saveSlip(userId, [["c1:2026-11-28:leeds+burnley", 13, 27], ["c1:2026-11-28:arsenal+chelsea", 10, 21]]);
    const res = await t.http.post("/users/betslip/booking").set(auth).send({ provider: BET9JA });
    expect(res.status, res.text).toBe(200);
    const minted = res.body.data as BookingCode;
    expect(minted).toMatchObject({ provider: BET9JA, legs: 2 });
    expect(books.bet9ja.get(minted.code)).toEqual(["790000002$S_HAOU@0.5_OH", "790000001$S_HAOU@0.5_OH"]);

    const { auth: other, userId: otherId } = await signIn();
    await saveSlip(otherId, [["c1:2026-11-28:leeds+burnley", 27, 91]]);
    const handicap = await t.http.post("/users/betslip/booking").set(other).send({ provider: BET9JA });
    expect(handicap.status, handicap.text).toBe(200);
    expect(books.bet9ja.get((handicap.body.data as BookingCode).code)).toEqual(["790000002$S_1X2HND@-1_1H"]);
  });

  it("refuses a slip holding only another book's book-only legs, naming where they can be placed", async () => {
    const { auth, userId } = await signIn();
    await saveSlip(userId, [["c1:2026-11-28:arsenal+chelsea", 52, 141]]);
    const res = await t.http.post("/users/betslip/booking").set(auth).send({ provider: BET9JA });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "VALIDATION_ERROR", description: expect.stringContaining("only at SportyBet") });
  });
});
