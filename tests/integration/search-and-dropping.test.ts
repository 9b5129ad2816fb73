import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DroppingOdds, EventHeading, OutcomeDrop, SearchResult } from "#shared/contract.ts";
import type { FixtureInput } from "#api/odds/write/store.ts";
import { newAccount } from "../factories.ts";
import { startTestApi, type TestApi } from "../helpers/api.ts";
import { testClock } from "../helpers/clock.ts";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/databases.ts";
import { writeStoreRun } from "../helpers/pipeline.ts";
import { startSmtpSink } from "../helpers/smtp-sink.ts";

const dialects = await testDialects();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Sunday 22 November 2026, 08:00 UTC. */
const T0 = Date.UTC(2026, 10, 22, 8, 0);
const KICKOFF = new Date(T0 + 3 * 24 * HOUR);
const SOON = new Date(T0 + 30 * MINUTE);

type Price = [bookmaker: number, selection: number, price: number];

function fixture(key: string, competitionId: number, home: string, away: string, prices: Price[], kickoff = KICKOFF): FixtureInput {
  return { key, competitionId, home, away, kickoff, prices: prices.map(([bookmaker, selectionTypeId, price]) => ({ bookmaker, marketId: 1, selectionTypeId, price, boosted: false })) };
}

/**
 * Arsenal vs Chelsea's 1X2 prices at `at` (ms before T0): bookmaker 1's home win falls 2.50 -> 2.00
 * two hours ago and its away win 4.0 -> 3.8 five hours ago; bookmaker 2's home win rises 2.0 -> 2.2;
 * bookmaker 3's draw fell 3.0 -> 2.7 28 hours ago; bookmaker 4 first offers its home win 3 hours ago
 * at 2.4, then 2.1 an hour ago.
 */
function arsenalChelsea(ago: number): FixtureInput {
  const prices: Price[] = [
    [1, 1, ago > 2 * HOUR ? 2.5 : 2.0],
    [1, 3, ago > 5 * HOUR ? 4.0 : 3.8],
    [2, 1, ago > 1 * HOUR ? 2.0 : 2.2],
    [3, 2, ago > 28 * HOUR ? 3.0 : 2.7],
  ];
  if (ago <= 3 * HOUR) prices.push([4, 1, ago > 1 * HOUR ? 2.4 : 2.1]);
  return fixture("c1:search-drop:arsenal+chelsea", 1, "Arsenal", "Chelsea", prices);
}

const SEARCHABLE = [
  fixture("c1:search-drop:man-utd+spurs", 1, "Manchester United", "Tottenham Hotspur", [[1, 1, 2.3]]),
  fixture("c1:search-drop:man-city+leeds", 1, "Manchester City", "Leeds United", [[1, 1, 1.4]]),
  fixture("c2:search-drop:barca+real", 2, "Barcelona", "Real Madrid", [[1, 1, 2.6]]),
  fixture("c4:search-drop:bayern+bvb", 4, "Bayern Munich", "Borussia Dortmund", [[1, 1, 1.7]]),
  fixture("c3:search-drop:inter+juve", 3, "Inter Milan", "Juventus", [[1, 1, 2.0]], SOON),
];
/** Falls 3.0 -> 2.0 an hour ago, but no feed has confirmed it since: stale, out of the listing. */
const staleDrop = (price: number) => fixture("c1:search-drop:everton+fulham", 1, "Everton", "Fulham", [[5, 1, price]]);
/** Falls 5.0 -> 2.5 ten minutes ago and kicks off in half an hour. */
const soonDrop = (price: number) => fixture("c1:search-drop:burnley+brentford", 1, "Burnley", "Brentford", [[2, 2, price]], SOON);

describe.each(dialects)("team search and dropping odds over HTTP on %s", (dialect) => {
  let database: TestDatabase;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApi;
  let token = "";
  const clock = testClock(T0);

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    sink = await startSmtpSink();
    t = await startTestApi(database, sink, clock);
    const db = t.api.db.kysely;
    for (const ago of [30 * HOUR, 28 * HOUR, 5 * HOUR, 3 * HOUR, 2 * HOUR, 1 * HOUR]) await writeStoreRun(db, [arsenalChelsea(ago)], T0 - ago);
    await writeStoreRun(db, [staleDrop(3.0), soonDrop(5.0)], T0 - 30 * HOUR);
    await writeStoreRun(db, [staleDrop(2.0)], T0 - HOUR);
    await writeStoreRun(db, [soonDrop(2.5)], T0 - 10 * MINUTE);
    await confirmAll();
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
    await database?.drop();
  });

  /** A feed run at the clock's time confirming today's prices (all but the stale event), then the cache rebuild. */
  async function confirmAll() {
    await writeStoreRun(t.api.db.kysely, [arsenalChelsea(0), soonDrop(2.5), ...SEARCHABLE], clock());
    await t.api.odds.refresh();
  }

  /** Access tokens live 15 minutes and tests move the clock: a new session when the last one is near its end. */
  async function bearer(): Promise<{ authorization: string }> {
    if (!token || (decodeJwt(token).exp ?? 0) * 1000 < clock() + MINUTE) {
      const account = newAccount();
      await t.http.put("/users/register").send(account);
      token = (await t.http.post("/users/verify-email").send({ email: account.email, otp: sink.latestCode(account.email) })).body.data.token;
    }
    return { authorization: `Bearer ${token}` };
  }

  async function search(q: string, country = 1): Promise<EventHeading[]> {
    const res = await t.http.get("/odds/search").query({ country, q }).set(await bearer());
    expect(res.status, res.text).toBe(200);
    return (res.body.data as SearchResult).events;
  }

  async function dropping(query: string): Promise<DroppingOdds> {
    const res = await t.http.get(`/odds/dropping?${query}`).set(await bearer());
    expect(res.status, res.text).toBe(200);
    return res.body.data as DroppingOdds;
  }

  const names = (events: EventHeading[]) => events.map((e) => e.name);
  /** Each outcome as [match, selection, its largest fall, [book, from, to, fall] per book]. */
  const summary = (drops: OutcomeDrop[]) => drops.map((d) => [d.event.name, d.selectionTypeId, d.dropPct, d.books.map((b) => [b.provider, b.from, b.to, b.dropPct])]);

  it("finds events by a club's short name, soonest first, as headings without prices", async () => {
    const events = await search("spurs");
    expect(events).toEqual([
      { id: "c1:search-drop:man-utd+spurs", name: "Manchester United vs Tottenham Hotspur", home: "Manchester United", away: "Tottenham Hotspur", date: KICKOFF.toISOString(), competitionId: 1 },
    ]);
    expect(names(await search("Man U"))).toEqual(["Manchester United vs Tottenham Hotspur"]);
    expect(names(await search("man city"))).toEqual(["Manchester City vs Leeds United"]);
    expect(names(await search("barca"))).toEqual(["Barcelona vs Real Madrid"]);
    expect(names(await search("bvb"))).toEqual(["Bayern Munich vs Borussia Dortmund"]);
    expect(names(await search("Inter"))).toEqual(["Inter Milan vs Juventus"]);
    expect(names(await search("man"))).toEqual(["Manchester City vs Leeds United", "Manchester United vs Tottenham Hotspur"]);
  });

  it("is blind to accents and case, and needs both teams of a two-team query", async () => {
    for (const q of ["munchen", "München", "MÜNCHEN"]) expect(names(await search(q)), q).toEqual(["Bayern Munich vs Borussia Dortmund"]);
    expect(names(await search("CHELSEA arsenal"))).toEqual(["Arsenal vs Chelsea"]);
    expect(await search("chelsea barcelona")).toEqual([]);
  });

  it("answers Ghana and Kenya with an empty list, and varies by token", async () => {
    expect(await search("arsenal", 2)).toEqual([]);
    expect(await search("arsenal", 3)).toEqual([]);
    const res = await t.http.get("/odds/search?country=1&q=arsenal").set(await bearer());
    expect(res.headers.vary).toBe("Accept-Encoding, Authorization");
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
  });

  it("answers 400 VALIDATION_ERROR for a missing, blank, too long or control-character q and a bad country", async () => {
    const auth = await bearer();
    const bad = [
      "/odds/search?country=1",
      "/odds/search?country=1&q=",
      "/odds/search?country=1&q=%20%20%20",
      `/odds/search?country=1&q=${"a".repeat(101)}`,
      `/odds/search?country=1&q=${"é".repeat(101)}`,
      "/odds/search?country=1&q=ars%00enal",
      "/odds/search?country=1&q=arsenal%0A",
      "/odds/search?country=1&q=%1B",
      "/odds/search?country=1&q=a&q=b",
      "/odds/search?q=arsenal",
      "/odds/search?country=0&q=arsenal",
      "/odds/search?country=4&q=arsenal",
      "/odds/search?country=abc&q=arsenal",
    ];
    for (const url of bad) {
      const res = await t.http.get(url).set(auth);
      expect(res.status, url).toBe(400);
      expect(res.body.error.code, url).toBe("VALIDATION_ERROR");
      expect(res.headers["content-type"], url).toMatch(/^application\/json/);
    }
    expect((await t.http.get(`/odds/search?country=1&q=${"é".repeat(100)}`).set(auth)).status).toBe(200);
  });

  it("answers 401 without a token or with a forged one", async () => {
    for (const url of ["/odds/search?country=1&q=arsenal", "/odds/dropping?country=1&hours=24"]) {
      const anonymous = await t.http.get(url);
      expect(anonymous.status, url).toBe(401);
      expect(anonymous.body.error.code, url).toBe("AUTH_REQUIRED");
      expect((await t.http.get(url).set("authorization", "Bearer not-a-token")).status, url).toBe(401);
    }
  });

  it("lists the outcomes whose prices fell in the last 24 hours, one row each with every book that fell, largest first, never one that rose or went stale", async () => {
    const board = await dropping("country=1&hours=24");
    expect(board.hours).toBe(24);
    expect(summary(board.drops)).toEqual([
      ["Burnley vs Brentford", 2, 50.0, [[2, 5.0, 2.5, 50.0]]],
      ["Arsenal vs Chelsea", 1, 20.0, [[1, 2.5, 2.0, 20.0], [4, 2.4, 2.1, 12.5]]],
      ["Arsenal vs Chelsea", 3, 5.0, [[1, 4.0, 3.8, 5.0]]],
    ]);
    const home = board.drops[1]!;
    expect(home).toMatchObject({ marketId: 1, selectionTypeId: 1 });
    expect(home.books[0]).toMatchObject({ provider: 1, at: new Date(T0 - 2 * HOUR).toISOString() });
    expect(home.event).toEqual({ id: "c1:search-drop:arsenal+chelsea", name: "Arsenal vs Chelsea", home: "Arsenal", away: "Chelsea", date: KICKOFF.toISOString(), competitionId: 1 });
  });

  it("measures each drop from the price in force when the window began", async () => {
    expect(summary((await dropping("country=1")).drops)).toHaveLength(3);
    expect((await dropping("country=1")).hours).toBe(24);
    expect(summary((await dropping("country=1&hours=48")).drops).map((d) => d[2])).toEqual([50.0, 20.0, 10.0, 5.0]);
    expect(summary((await dropping("country=1&hours=3")).drops)).toEqual([
      ["Burnley vs Brentford", 2, 50.0, [[2, 5.0, 2.5, 50.0]]],
      ["Arsenal vs Chelsea", 1, 20.0, [[1, 2.5, 2.0, 20.0], [4, 2.4, 2.1, 12.5]]],
    ]);
    expect(summary((await dropping("country=1&hours=1")).drops)).toEqual([["Burnley vs Brentford", 2, 50.0, [[2, 5.0, 2.5, 50.0]]]]);
    expect(await dropping("country=2&hours=24")).toEqual({ hours: 24, drops: [] });
    expect(await dropping("country=3")).toEqual({ hours: 24, drops: [] });
  });

  it("narrows the board to one league and one market when asked", async () => {
    const all = await dropping("country=1&hours=24");
    expect(await dropping("country=1&hours=24&competition=1")).toEqual(all);
    expect(await dropping("country=1&hours=24&competition=1&market=1")).toEqual(all);
    expect(await dropping("country=1&hours=24&market=1")).toEqual(all);
    // Every answer lists the catalogue's markets for the page's Market choice (docs/design.md, Dropping odds).
    expect(all.markets).toHaveLength(54);
    expect(await dropping("country=1&hours=24&competition=2")).toEqual({ hours: 24, drops: [], markets: all.markets });
    expect(await dropping("country=1&hours=24&market=7")).toEqual({ hours: 24, drops: [], markets: all.markets });
  });

  it("answers 400 VALIDATION_ERROR for a league or market that is not one of ours", async () => {
    const auth = await bearer();
    for (const query of ["competition=0", "competition=5", "competition=abc", "competition=", "competition=1.5", "market=0", "market=55", "market=-1", "market=1&market=2", "competition=1&competition=2"]) {
      const res = await t.http.get(`/odds/dropping?country=1&hours=24&${query}`).set(auth);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code, query).toBe("VALIDATION_ERROR");
      expect(res.headers["content-type"], query).toMatch(/^application\/json/);
    }
  });

  it("answers 400 VALIDATION_ERROR for hours outside 1 to 168 or not a whole number, and for a bad country", async () => {
    const auth = await bearer();
    for (const query of ["hours=0", "hours=169", "hours=abc", "hours=", "hours=1.5", "hours=-1", "hours=1e2", "hours=24&hours=48"]) {
      const res = await t.http.get(`/odds/dropping?country=1&${query}`).set(auth);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code, query).toBe("VALIDATION_ERROR");
    }
    expect((await t.http.get("/odds/dropping?country=5&hours=24").set(auth)).status).toBe(400);
    expect((await t.http.get("/odds/dropping?country=1&hours=168").set(auth)).status).toBe(200);
  });

  it("serves the board from memory until the odds cache rebuilds, with a 304 while it is unchanged", async () => {
    const first = await t.http.get("/odds/dropping?country=1&hours=24").set(await bearer());
    const again = await t.http.get("/odds/dropping?country=1&hours=24").set({ ...(await bearer()), "if-none-match": first.headers.etag });
    expect(again.status).toBe(304);
    expect(first.headers.vary).toBe("Accept-Encoding, Authorization");
    // Bookmaker 3's draw falls again; the board follows once the cache has rebuilt.
    const moved = arsenalChelsea(0);
    moved.prices = moved.prices.map((p) => (p.bookmaker === 3 ? { ...p, price: 2.43 } : p));
    await writeStoreRun(t.api.db.kysely, [moved], clock());
    expect(summary((await dropping("country=1&hours=24")).drops)).toHaveLength(3);
    await t.api.odds.refresh();
    expect(summary((await dropping("country=1&hours=24")).drops)).toContainEqual(["Arsenal vs Chelsea", 2, 10.0, [[3, 2.7, 2.43, 10.0]]]);
  });

  it("drops events past kick-off from both search and the board", async () => {
    expect(names(await search("juve"))).toEqual(["Inter Milan vs Juventus"]);
    expect((await dropping("country=1&hours=24")).drops[0]!.event.name).toBe("Burnley vs Brentford");
    clock.advance(31 * MINUTE);
    // Before the cache's next rebuild too: each answer is only good until its first event kicks off.
    expect(await search("juve")).toEqual([]);
    await writeStoreRun(t.api.db.kysely, [arsenalChelsea(0), ...SEARCHABLE], clock());
    const board = await dropping("country=1&hours=24");
    expect(board.drops.map((d) => d.event.name)).not.toContain("Burnley vs Brentford");
    expect(board.drops[0]!.event.name).toBe("Arsenal vs Chelsea");
    await t.api.odds.refresh();
    expect(await search("inter")).toEqual([]);
    expect(names(await search("arsenal"))).toEqual(["Arsenal vs Chelsea"]);
  });
});
