import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noSites, simulatedSites } from "#api/booking/index.ts";
import { bookingMetrics } from "#api/booking/metrics.ts";
import { BOOKING_ADAPTERS } from "#api/feeds/booking/index.ts";
import { unlistedFixtures } from "#api/feeds/simulator/booking/booking-fixtures.ts";
import type { BookedPick } from "#api/feeds/simulator/booking/booking-store.ts";
import { startSimulator, type FeedSimulator, type RunningSimulator, type SimFixture } from "#api/feeds/simulator/index.ts";
import type { BookmakerKey } from "#api/feeds/types.ts";
import type { Betslip, BetslipLeg, BookingCode, BookingRead, MatchDetail } from "#shared/contract.ts";
import { startTestApi, type TestApi } from "../helpers/api.ts";
import { testClock } from "../helpers/clock.ts";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/databases.ts";
import { collectAndBookAt, verifiedBearer } from "../helpers/booking-stack.ts";
import { startSmtpSink } from "../helpers/smtp-sink.ts";

const dialects = await testDialects();
/** Tuesday 24 November 2026, 10:00 UTC: the weekend's fixtures are all ahead. */
const T0 = Date.UTC(2026, 10, 24, 10, 0);
const SEED = 20261124;
type Auth = { authorization: string };

const HOME: BookedPick = { kind: "1X2", line: null, index: 0 };
const OVER_2_5: BookedPick = { kind: "OU", line: 2.5, index: 0 };
const BTTS_YES: BookedPick = { kind: "BTTS", line: null, index: 0 };
const CORRECT_SCORE: BookedPick = { kind: "CS", home: 2, away: 1 };
const HT_FT: BookedPick = { kind: "HTFT", ht: 0, ft: 0 };
const PROVIDER: Record<BookmakerKey, number> = { bet9ja: 1, betking: 2, sportybet: 3, nairabet: 4, "1xbet": 5 };

/** The value of a prom-client counter for these labels (0 before the first count). */
async function counted(counter: { get(): Promise<{ values: { labels: Record<string, unknown>; value: number }[] }> }, labels: Record<string, string>) {
  const { values } = await counter.get();
  return values.filter((v) => Object.entries(labels).every(([k, want]) => v.labels[k] === want)).reduce((sum, v) => sum + v.value, 0);
}

describe.each(dialects)("booking codes over HTTP on %s", (dialect) => {
  let database: TestDatabase;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApi;
  let simulator: RunningSimulator;
  let lossy: RunningSimulator;
  const clock = testClock(T0);

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    sink = await startSmtpSink();
    t = await startTestApi(database, sink, clock);
    simulator = await startSimulator({ seed: SEED, now: clock, booking: { bet9jaLosesLeg: "never" } });
    // The same fixtures and ids, at a Bet9ja that reads every code back one leg short.
    lossy = await startSimulator({ seed: SEED, now: clock, booking: { bet9jaLosesLeg: "always" } });
    await collectAndBookAt(t, simulator, clock);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await simulator?.close();
    await lossy?.close();
    await sink?.close();
    await database?.drop();
  });

  /** A new verified account's bearer header: each test spends its own rate allowance. */
  const signIn = (): Promise<Auth> => verifiedBearer(t, sink);


  const read = (auth: Auth, provider: number | string, code: string) => t.http.get("/odds/booking").query({ provider, code }).set(auth);
  const mint = (auth: Auth, body: unknown) => t.http.post("/users/betslip/booking").set(auth).send(body as object);
  const sim = () => simulator.sim;

  const listings = new Map<string, ReturnType<FeedSimulator["listing"]>>();
  /** Fixtures a book lists with the pick's market open now, soonest first. */
  function priced(book: BookmakerKey, pick: BookedPick, count: number): SimFixture[] {
    const kind = pick.kind === "CS" || pick.kind === "HTFT" ? "1X2" : pick.kind;
    const line = pick.kind === "OU" ? pick.line : null;
    const key = `${book}@${clock()}`;
    const listing = listings.get(key) ?? sim().listing(book);
    listings.set(key, listing);
    return listing
      .filter((p) => p.markets.some((m) => m.kind === kind && m.line === line && !m.suspended))
      .map((p) => p.fixture)
      .sort((a, b) => a.kickoff - b.kickoff)
      .slice(0, count);
  }

  async function eventIdOf(fixture: SimFixture): Promise<string> {
    const row = await t.api.db.kysely.selectFrom("events").select("id").where("sr_id", "=", fixture.srId).executeTakeFirstOrThrow();
    return row.id;
  }

  const unlisted = (upcoming: boolean) => unlistedFixtures(SEED, clock()).find((f) => (upcoming ? f.kickoff > clock() + 3_600_000 : f.kickoff < clock()))!;

  it.each(["sportybet", "bet9ja", "betking"] as const)("reads a %s code: the listed legs mapped at the book's prices, the others reported with their reason", async (book) => {
    const auth = await signIn();
    const [a, b] = priced(book, HOME, 2);
    const [c] = priced(book, OVER_2_5, 3).filter((f) => f.serial !== a!.serial && f.serial !== b!.serial);
    const stored = sim().bookings.create(book, [
      { fixture: a!, pick: HOME },
      { fixture: c!, pick: OVER_2_5 },
      { fixture: b!, pick: CORRECT_SCORE },
      { fixture: unlisted(true), pick: HOME },
    ], clock());
    const res = await read(auth, PROVIDER[book], stored.code.toLowerCase());
    expect(res.status, res.text).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const answer = res.body.data as BookingRead;
    expect(answer.provider).toBe(PROVIDER[book]);
    expect(answer.code).toBe(stored.code);
    const homePrice = sim().quote(book, a!)!.find((m) => m.kind === "1X2")!.prices[0];
    expect(answer.legs.map((l) => [l.eventId, l.marketId, l.selectionTypeId, l.bookPrice])).toEqual([
      [await eventIdOf(a!), 1, 1, homePrice],
      [await eventIdOf(c!), 4, 8, sim().quote(book, c!)!.find((m) => m.kind === "OU" && m.line === 2.5)!.prices[0]],
    ]);
    // Each leg names its event as the match page does.
    const page = (await t.http.get(`/odds/events/${encodeURIComponent(answer.legs[0]!.eventId)}`).set(auth)).body.data as MatchDetail;
    const { markets: _m, links: _l, started: _s, ...heading } = page.event;
    expect(answer.legs[0]!.event).toEqual(heading);
    expect(answer.unmapped.map((u) => u.reason)).toEqual(["market", "event"]);
    expect(answer.unmapped[0]!.description).toMatch(/Correct Score|CS/);
    expect(answer.unmapped[0]!.description).toContain(b!.home.names[book]);
    expect(answer.unmapped[1]).toMatchObject({ home: unlisted(true).home.name, away: unlisted(true).away.name, kickoff: new Date(unlisted(true).kickoff).toISOString() });
    expect(answer.expiresAt).toBe(new Date(Math.min(a!.kickoff, b!.kickoff, c!.kickoff, unlisted(true).kickoff)).toISOString());
  });

  it("reads a 1xBet code by teams and kick-off, even for a game whose id we have not seen, and reports legs of markets and events we do not list", async () => {
    const auth = await signIn();
    const [a] = priced("1xbet", OVER_2_5, 1);
    const b = priced("1xbet", BTTS_YES, 3).find((f) => f.serial !== a!.serial);
    // 1xBet's coupon names a game id our feed never gave: the matcher alone places it.
    await t.api.db.kysely.deleteFrom("event_links").where("bookmaker", "=", 5).where("event_id", "=", await eventIdOf(b!)).execute();
    const stored = sim().bookings.create("1xbet", [
      { fixture: a!, pick: OVER_2_5 },
      { fixture: b!, pick: BTTS_YES },
      { fixture: a!, pick: HT_FT },
      { fixture: unlisted(true), pick: HT_FT },
    ], clock());
    const res = await read(auth, 5, stored.code);
    expect(res.status, res.text).toBe(200);
    const answer = res.body.data as BookingRead;
    expect(answer.legs.map((l) => [l.eventId, l.marketId, l.selectionTypeId])).toEqual([
      [await eventIdOf(a!), 4, 8],
      [await eventIdOf(b!), 7, 14],
    ]);
    expect(answer.unmapped.map((u) => u.reason)).toEqual(["market", "event"]);
  });

  it("reports a leg that has kicked off as started", async () => {
    const auth = await signIn();
    const [a] = priced("sportybet", HOME, 1);
    const stored = sim().bookings.create("sportybet", [{ fixture: a!, pick: HOME }, { fixture: unlisted(false), pick: HOME }], clock());
    const answer = (await read(auth, 3, stored.code).expect(200)).body.data as BookingRead;
    expect(answer.legs).toHaveLength(1);
    expect(answer.unmapped.map((u) => u.reason)).toEqual(["started"]);
  });

  it("names a match BetKing took off the code once it started, among the legs left out", async () => {
    const auth = await signIn();
    const [a] = priced("betking", HOME, 1);
    const started = unlisted(false);
    const stored = sim().bookings.create("betking", [{ fixture: a!, pick: HOME }, { fixture: started, pick: HOME }], clock());
    const answer = (await read(auth, 2, stored.code).expect(200)).body.data as BookingRead;
    expect(answer.legs.map((l) => l.eventId)).toEqual([await eventIdOf(a!)]);
    expect(answer.unmapped).toEqual([{ reason: "started", description: `${started.home.names.betking} - ${started.away.names.betking}`, home: null, away: null, kickoff: null }]);
  });

  /** Saves a slip of our events for these fixtures' picks; answers the legs as saved. */
  async function saveSlip(auth: Auth, legs: { fixture: SimFixture; marketId: number; selectionTypeId: number }[]): Promise<BetslipLeg[]> {
    const saved = await Promise.all(legs.map(async (l) => ({ eventId: await eventIdOf(l.fixture), marketId: l.marketId, selectionTypeId: l.selectionTypeId })));
    const res = await t.http.put("/users/betslip").set(auth).send({ stake: 1000, legs: saved });
    expect(res.status, res.text).toBe(200);
    return saved;
  }

  /** Three legs every book we mint at prices: two home wins and one over 2.5. */
  function mintableLegs() {
    const everywhere = (pick: BookedPick) => {
      const elsewhere = (["bet9ja", "betking"] as const).map((book) => new Set(priced(book, pick, 60).map((f) => f.serial)));
      return priced("sportybet", pick, 60).filter((f) => elsewhere.every((serials) => serials.has(f.serial)));
    };
    const [a, b] = everywhere(HOME);
    const c = everywhere(OVER_2_5).find((f) => f.serial !== a!.serial && f.serial !== b!.serial)!;
    return [{ fixture: a!, marketId: 1, selectionTypeId: 1 }, { fixture: b!, marketId: 1, selectionTypeId: 1 }, { fixture: c, marketId: 4, selectionTypeId: 8 }];
  }

  it.each(["sportybet", "bet9ja", "betking"] as const)("mints the slip as a %s code, reads it back leg by leg, and answers it with its link and first kick-off", async (book) => {
    const auth = await signIn();
    const legs = mintableLegs();
    const saved = await saveSlip(auth, legs);
    const before = (await t.http.get("/users/betslip").set(auth)).headers.etag;
    const res = await mint(auth, { provider: PROVIDER[book] });
    expect(res.status, res.text).toBe(200);
    const code = res.body.data as BookingCode;
    expect(code.code).toMatch(BOOKING_ADAPTERS[book]!.codePattern);
    expect(code).toEqual({ provider: PROVIDER[book], code: code.code, url: BOOKING_ADAPTERS[book]!.openUrl(code.code), legs: 3, expiresAt: new Date(Math.min(...legs.map((l) => l.fixture.kickoff))).toISOString() });
    expect(sim().bookings.get(book, code.code)?.legs.map((l) => l.fixture.serial)).toEqual(legs.map((l) => l.fixture.serial));
    // The code reads back as the slip it was made from; the slip is as it was.
    const back = (await read(auth, PROVIDER[book], code.code).expect(200)).body.data as BookingRead;
    expect(back.legs.map(({ eventId, marketId, selectionTypeId }) => ({ eventId, marketId, selectionTypeId }))).toEqual(saved);
    expect(back.unmapped).toEqual([]);
    expect((await t.http.get("/users/betslip").set(auth)).headers.etag).toBe(before);
  });

  it("answers BOOKING_FAILED, and counts it, when BetKing's code reads back empty or Bet9ja's one leg short", async () => {
    const auth = await signIn();
    await saveSlip(auth, mintableLegs());
    const failures = await counted(bookingMetrics.verificationFailures, {});
    sim().setFault("betking", { kind: "empty", path: /Booked/ });
    try {
      const res = await mint(auth, { provider: 2 });
      expect(res.status, res.text).toBe(502);
      expect(res.body.error.code).toBe("BOOKING_FAILED");
    } finally {
      sim().setFault("betking", null);
    }
    t.api.booking.useSites(simulatedSites(lossy.baseUrl));
    try {
      const res = await mint(auth, { provider: 1 });
      expect(res.status, res.text).toBe(502);
      expect(res.body.error).toMatchObject({ code: "BOOKING_FAILED", description: expect.stringMatching(/^Bet9ja did not keep every selection/) });
    } finally {
      t.api.booking.useSites(simulatedSites(simulator.baseUrl));
    }
    expect(await counted(bookingMetrics.verificationFailures, {})).toBe(failures + 2);
  });

  it("refuses to mint at NairaBet and 1xBet, a slip a book does not fully price, and bad bodies, changing nothing", async () => {
    const auth = await signIn();
    for (const provider of [4, 5]) {
      const res = await mint(auth, { provider });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("BOOKING_UNSUPPORTED");
    }
    expect((await mint(auth, { provider: 4 })).body.error.description).toBe("NairaBet has no booking codes we can create: add these selections by hand.");
    expect((await mint(auth, { provider: 3 })).body.error).toMatchObject({ code: "VALIDATION_ERROR", description: expect.stringMatching(/no selections that can still be bet/) });

    // A selection one book prices and another does not.
    const db = t.api.db.kysely;
    // The betslip takes the eight markets (docs/design.md, Catalogue steps, step 7).
    const rows = await db.selectFrom("prices").select(["event_id", "market_id", "selection_type_id", "bookmaker"]).where("bookmaker", "in", [1, 3]).where("market_id", "<=", 8).execute();
    const key = (r: (typeof rows)[number]) => `${r.event_id}|${r.market_id}|${r.selection_type_id}`;
    const atBet9ja = new Set(rows.filter((r) => r.bookmaker === 1).map(key));
    const onlySporty = rows.find((r) => r.bookmaker === 3 && !atBet9ja.has(key(r)));
    expect(onlySporty).toBeDefined();
    const leg = { eventId: onlySporty!.event_id, marketId: onlySporty!.market_id, selectionTypeId: onlySporty!.selection_type_id };
    await t.http.put("/users/betslip").set(auth).send({ stake: 1000, legs: [leg] }).expect(200);
    const slip = (await t.http.get("/users/betslip").set(auth)).body.data as Betslip;
    const unpriced = await mint(auth, { provider: 1 });
    expect(unpriced.status).toBe(400);
    expect(unpriced.body.error.description).toContain(`Bet9ja does not price ${slip.legs[0]!.event!.name}`);

    const auth2 = await signIn();
    for (const body of [{}, { provider: "3" }, { provider: 3.5 }, { provider: 0 }, { provider: 3, stake: 5 }, [3], null]) {
      const res = await mint(auth2, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_ERROR");
    }
    const after = (await t.http.get("/users/betslip").set(auth)).body.data as Betslip;
    expect(after.legs.map(({ eventId, marketId, selectionTypeId }) => ({ eventId, marketId, selectionTypeId }))).toEqual([leg]);
  });
  it("refuses bad input with 400 before asking any book, and never answers 5xx", async () => {
    const auth = await signIn();
    for (const book of ["sportybet", "bet9ja", "betking", "1xbet"] as const) sim().setFault(book, { kind: "outage" });
    try {
      const bad = ["", "?provider=3", "?code=ABCDEF", "?provider=0&code=ABCDEF", "?provider=6&code=ABCDEF", "?provider=3.0&code=ABCDEF", "?provider=3&code=ABC",
        "?provider=3&code=ABCDEFG", "?provider=3&code=AB%20CDEF", "?provider=3&code=ABCDEF&x=1", "?provider=3&provider=3&code=ABCDEF", "?provider=3&code[]=ABCDEF",
        `?provider=3&code=${"A".repeat(5000)}`, "?provider=3&code=%00BCDEF", "?provider=1&code=ABCDEF%E2%80%8B"];
      for (const query of bad) {
        const res = await t.http.get(`/odds/booking${query}`).set(auth);
        expect(res.status, query).toBe(400);
        expect(res.body.error.code, query).toBe("VALIDATION_ERROR");
      }
      expect((await t.http.get("/odds/booking?provider=3&code=ABCDEF")).status).toBe(401);
      // Trimmed and upper-cased, a pasted code is one to ask for: the book (down) is asked.
      expect((await read(auth, 3, "  abcdef ")).status).toBe(503);
    } finally {
      for (const book of ["sportybet", "bet9ja", "betking", "1xbet"] as const) sim().setFault(book, null);
    }
  });

  it("answers BOOKING_UNSUPPORTED, asking no book, where booking codes are off (FEEDS=off)", async () => {
    const auth = await signIn();
    await saveSlip(auth, mintableLegs().slice(0, 1));
    t.api.booking.useSites(noSites);
    try {
      for (const res of [await read(auth, 3, "ABCDEF"), await mint(auth, { provider: 3 })]) {
        expect(res.status, res.text).toBe(400);
        expect(res.body.error).toMatchObject({ code: "BOOKING_UNSUPPORTED", description: "Booking codes are switched off on this server." });
      }
    } finally {
      t.api.booking.useSites(simulatedSites(simulator.baseUrl));
    }
  });

  it("keeps a read a minute: a second read of the code asks the book nothing", async () => {
    const auth = await signIn();
    const [a] = priced("bet9ja", HOME, 1);
    const code = sim().bookings.create("bet9ja", [{ fixture: a!, pick: HOME }], clock()).code;
    const first = await read(auth, 1, code).expect(200);
    sim().setFault("bet9ja", { kind: "outage" });
    try {
      const cachedBefore = await counted(bookingMetrics.reads, { bookmaker: "bet9ja", result: "cached" });
      const second = await read(auth, 1, code).expect(200);
      expect(second.body).toEqual(first.body);
      expect(await counted(bookingMetrics.reads, { bookmaker: "bet9ja", result: "cached" })).toBe(cachedBefore + 1);
      clock.advance(61_000);
      expect((await read(auth, 1, code)).status).toBe(503);
    } finally {
      sim().setFault("bet9ja", null);
    }
  });

  it("answers each error in the envelope: unknown, empty, unsupported and badly formed codes, and a book that is not answering", async () => {
    const auth = await signIn();
    const expectError = async (res: Awaited<ReturnType<typeof read>>, status: number, code: string) => {
      expect(res.status, res.text).toBe(status);
      expect(res.body.error.code).toBe(code);
      return res.body.error.description as string;
    };
    await expectError(await read(auth, 3, "ZZZZZZ"), 404, "BOOKING_CODE_NOT_FOUND");
    await expectError(await read(auth, 1, "5ZZZZZZ"), 404, "BOOKING_CODE_NOT_FOUND");
    const empty = sim().bookings.create("betking", [], clock());
    await expectError(await read(auth, 2, empty.code), 404, "BOOKING_CODE_EMPTY");
    expect(await expectError(await read(auth, 4, "ABCDEF"), 400, "BOOKING_UNSUPPORTED")).toMatch(/NairaBet/);
    expect(await expectError(await read(auth, 1, "ABCDEF"), 400, "VALIDATION_ERROR")).toMatch(/Bet9ja/);

    const [a] = priced("sportybet", HOME, 1);
    const code = sim().bookings.create("sportybet", [{ fixture: a!, pick: HOME }], clock()).code;
    for (const fault of [{ kind: "challenge" }, { kind: "malformed" }, { kind: "error-envelope" }, { kind: "outage" }] as const) {
      sim().setFault("sportybet", { ...fault, path: /orders\/share/ });
      const description = await expectError(await read(auth, 3, code), 503, "BOOKMAKER_UNAVAILABLE");
      expect(description, fault.kind).toBe("SportyBet is not answering us right now. Please try again in a few minutes.");
      // A book that turned us away is left alone for a minute.
      if (fault.kind === "challenge") clock.advance(61_000);
    }
    sim().setFault("sportybet", null);
    sim().setFault("betking", { kind: "rate-limited" });
    const blockedBefore = await counted(bookingMetrics.blocked, { bookmaker: "betking" });
    expect(await expectError(await read(auth, 2, "ABCDEF"), 503, "BOOKMAKER_UNAVAILABLE")).toMatch(/^BetKing is not answering us/);
    expect(await counted(bookingMetrics.blocked, { bookmaker: "betking" })).toBe(blockedBefore + 1);
    sim().setFault("betking", null);
    // Still within the cool-off: BetKing is not asked again.
    await expectError(await read(auth, 2, empty.code), 503, "BOOKMAKER_UNAVAILABLE");
    clock.advance(61_000);
    await expectError(await read(auth, 2, empty.code), 404, "BOOKING_CODE_EMPTY");
    expect((await read(auth, 3, code)).status).toBe(200);
  });

  it("limits each user's reads to 10 at once then one every 6 s, and mints to 5 then one every 12 s, with Retry-After", async () => {
    const auth = await signIn();
    for (let i = 0; i < 10; i++) expect((await read(auth, 3, "ZZZZZZ")).status).toBe(404);
    const limited = await read(auth, 3, "ZZZZZZ");
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("RATE_LIMIT_EXCEEDED");
    expect(limited.headers["retry-after"]).toBe("6");
    // Another user is not held back.
    expect((await read(await signIn(), 3, "ZZZZZZ")).status).toBe(404);
    clock.advance(6_000);
    expect((await read(auth, 3, "ZZZZZZ")).status).toBe(404);
    expect((await read(auth, 3, "ZZZZZZ")).status).toBe(429);

    for (let i = 0; i < 5; i++) expect((await mint(auth, { provider: 3 })).body.error.code).toBe("VALIDATION_ERROR");
    const minting = await mint(auth, { provider: 3 });
    expect(minting.status).toBe(429);
    expect(minting.headers["retry-after"]).toBe("12");
  });
});
