import request from "supertest";
import { describe, expect, it } from "vitest";
import { harness, HOUR, TUESDAY } from "../../../tests/helpers/simulator/sim-harness.ts";
import { matchOddsKey, readMatchOddsIds } from "../booking/index.ts";
import type { BookingAdapter, CodeRead, MintAnswer, MintLeg } from "../booking/types.ts";
import { bet9jaBooking } from "../bookmakers/bet9ja/bet9ja-booking.ts";
import { betkingBooking } from "../bookmakers/betking/betking-booking.ts";
import { onexbetBooking } from "../bookmakers/onexbet/onexbet-booking.ts";
import { sportybetBooking } from "../bookmakers/sportybet/sportybet-booking.ts";
import type { BookmakerKey, FeedRequest } from "../types.ts";
import { unlistedFixtures } from "./booking/booking-fixtures.ts";
import { FeedSimulator } from "./feed-simulator.ts";
import { createSimulatorApp } from "./simulator-app.ts";
import { bet9jaEventId, betkingItemId } from "./event-ids.ts";
import type { SimFixture } from "./scenario/schedule.ts";
import { betkingMatchOddsId } from "./sites/booking-picks.ts";

type App = ReturnType<typeof createSimulatorApp>;

/** Sends an adapter's request to the simulator app, as the fetcher would send it to the book. */
async function send(app: App, req: FeedRequest): Promise<{ status: number; body: string }> {
  const call = req.method === "POST" ? request(app).post(req.url) : request(app).get(req.url);
  for (const [name, value] of Object.entries(req.headers)) call.set(name, value);
  const res = await (req.body === undefined ? call : call.send(req.body)).buffer(true).parse((r, done) => {
    let text = "";
    r.setEncoding("utf8");
    r.on("data", (chunk: string) => (text += chunk));
    r.on("end", () => done(null, text));
  });
  return { status: res.status, body: res.body as string };
}

async function mint(app: App, adapter: BookingAdapter, legs: MintLeg[]): Promise<MintAnswer> {
  const res = await send(app, adapter.mintRequest?.(`/${adapter.key}`, legs) as FeedRequest);
  return adapter.parseMint?.(res.body, res.status) as MintAnswer;
}

async function read(app: App, adapter: BookingAdapter, code: string, now: number): Promise<CodeRead> {
  const res = await send(app, adapter.readRequest(`/${adapter.key}`, code));
  return adapter.parseRead(res.body, res.status, new Date(now));
}

function priced(sim: FeedSimulator, book: BookmakerKey, count: number) {
  return sim.listing(book, 1).filter((p) => p.markets.some((m) => m.kind === "1X2" && !m.suspended)).slice(0, count);
}

function homeWin(sim: FeedSimulator, book: BookmakerKey, fixture: SimFixture, externalId: string, extra: Partial<MintLeg> = {}): MintLeg {
  const market = sim.quote(book, fixture)?.find((m) => m.kind === "1X2");
  return { externalId, srId: fixture.srId, marketId: 1, selectionTypeId: 1, price: market?.prices[0] ?? 2, ...extra };
}

function codeOk(answer: MintAnswer): string {
  if (!answer.ok) throw new Error(`mint failed: ${answer.error}`);
  return answer.code;
}

describe("simulated booking endpoints", () => {
  it("mints a SportyBet code and reads it back at current prices, expiring at the first kick-off", async () => {
    const h = harness();
    const fixtures = priced(h.sim, "sportybet", 2).map((p) => p.fixture);
    const legs = fixtures.map((f) => homeWin(h.sim, "sportybet", f, f.srId));
    const answer = await mint(h.app, sportybetBooking, legs);
    const code = codeOk(answer);
    expect(code).toMatch(sportybetBooking.codePattern);
    expect(answer.ok && answer.expiresAt?.getTime()).toBe(Math.min(...fixtures.map((f) => f.kickoff)));
    const back = await read(h.app, sportybetBooking, code, TUESDAY);
    expect(back.ok && back.legs.map((l) => [l.externalId, l.marketId, l.selectionTypeId, l.price, l.available])).toEqual(
      legs.map((l) => [l.externalId, 1, 1, l.price, true]),
    );
  });

  it("reads a started SportyBet leg as unavailable", async () => {
    const h = harness();
    const [first, second] = priced(h.sim, "sportybet", 2).map((p) => p.fixture).sort((a, b) => a.kickoff - b.kickoff);
    if (!first || !second) throw new Error("no fixtures");
    const code = codeOk(await mint(h.app, sportybetBooking, [first, second].map((f) => homeWin(h.sim, "sportybet", f, f.srId))));
    h.setNow(first.kickoff + 60_000);
    const back = await read(h.app, sportybetBooking, code, first.kickoff + 60_000);
    const started = back.ok ? back.legs.find((l) => l.externalId === first.srId) : undefined;
    expect(started?.available).toBe(false);
  });

  it("mints a Bet9ja code whose ODDMIN is the unrounded product, and reads it back by RIS", async () => {
    const h = harness();
    const fixtures = priced(h.sim, "bet9ja", 2).map((p) => p.fixture);
    const legs = fixtures.map((f) => homeWin(h.sim, "bet9ja", f, String(bet9jaEventId(f))));
    const code = codeOk(await mint(h.app, bet9jaBooking, legs));
    expect(code).toMatch(bet9jaBooking.codePattern);
    const back = await read(h.app, bet9jaBooking, code, TUESDAY);
    expect(back.ok && back.legs.map((l) => [l.externalId, l.marketId, l.selectionTypeId, l.available])).toEqual(
      legs.map((l) => [l.externalId, 1, 1, true]),
    );
  });

  it("refuses a Bet9ja slip whose ODDMIN was rounded", async () => {
    const h = harness();
    const legs = priced(h.sim, "bet9ja", 3).map((p) => homeWin(h.sim, "bet9ja", p.fixture, String(bet9jaEventId(p.fixture)), { price: 1.37 }));
    const req = bet9jaBooking.mintRequest?.("/bet9ja", legs) as FeedRequest;
    const slip = JSON.parse(new URLSearchParams(req.body).get("BETSLIP") ?? "") as { BETS: { ODDMIN: number }[] };
    expect(slip.BETS[0]?.ODDMIN).toBe(1.37 * 1.37 * 1.37);
    (slip.BETS[0] as { ODDMIN: number }).ODDMIN = Math.round(1.37 ** 3 * 100) / 100;
    const res = await send(h.app, { ...req, body: new URLSearchParams({ BETSLIP: JSON.stringify(slip) }).toString() });
    expect(bet9jaBooking.parseMint?.(res.body, res.status)).toMatchObject({ ok: false, reason: "rejected" });
  });

  it("reads a Bet9ja code back one leg short when the store says it loses one", async () => {
    const sim = new FeedSimulator({ seed: 42, now: () => TUESDAY, booking: { bet9jaLosesLeg: "always" } });
    const app = createSimulatorApp(sim);
    const legs = priced(sim, "bet9ja", 3).map((p) => homeWin(sim, "bet9ja", p.fixture, String(bet9jaEventId(p.fixture))));
    const code = codeOk(await mint(app, bet9jaBooking, legs));
    const back = await read(app, bet9jaBooking, code, TUESDAY);
    expect(back.ok && back.legs).toHaveLength(2);
  });

  it("books BetKing selections by the MatchOddsIDs its feed carries and reads them back", async () => {
    const h = harness();
    const listing = await h.get("/betking/api/feeds/prematch/en/4/20000841/0/0");
    const ids = readMatchOddsIds(listing.text);
    if (!ids.ok) throw new Error(ids.error);
    const legs = priced(h.sim, "betking", 2).map((p) => {
      const externalId = String(betkingItemId(p.fixture));
      return homeWin(h.sim, "betking", p.fixture, externalId, { bookSelectionId: ids.value.get(matchOddsKey(externalId, 1, 1)) as string });
    });
    expect(betkingBooking.mintProblem?.(legs)).toBeUndefined();
    const code = codeOk(await mint(h.app, betkingBooking, legs));
    expect(code).toMatch(betkingBooking.codePattern);
    const back = await read(h.app, betkingBooking, code, TUESDAY);
    expect(back.ok && back.legs.map((l) => [l.externalId, l.srId, l.marketId, l.selectionTypeId, l.available])).toEqual(
      legs.map((l) => [l.externalId, l.srId, 1, 1, true]),
    );
  });

  it("answers a valid-looking BetKing code for unknown selection ids, which reads back empty", async () => {
    const h = harness();
    const [fixture] = priced(h.sim, "betking", 1).map((p) => p.fixture);
    if (!fixture) throw new Error("no fixture");
    const leg = homeWin(h.sim, "betking", fixture, String(betkingItemId(fixture)), { bookSelectionId: "13222310353" });
    const code = codeOk(await mint(h.app, betkingBooking, [leg]));
    expect(await read(h.app, betkingBooking, code, TUESDAY)).toMatchObject({ ok: false, reason: "empty" });
  });

  it("drops started BetKing matches from a code and names them", async () => {
    const h = harness();
    const fixtures = priced(h.sim, "betking", 2).map((p) => p.fixture).sort((a, b) => a.kickoff - b.kickoff);
    const legs = fixtures.map((f) =>
      homeWin(h.sim, "betking", f, String(betkingItemId(f)), { bookSelectionId: String(betkingMatchOddsId(f, { kind: "1X2", line: null, index: 0 })) }),
    );
    const code = codeOk(await mint(h.app, betkingBooking, legs));
    const first = fixtures[0] as SimFixture;
    h.setNow(first.kickoff + HOUR);
    const back = await read(h.app, betkingBooking, code, first.kickoff + HOUR);
    expect(back.ok && back.legs).toHaveLength(1);
    expect(back.ok && back.dropped).toEqual([`${first.home.names.betking} - ${first.away.names.betking}`]);
  });

  it("reads a 1xBet code put into the store, with legs we do not compare and events we do not list", async () => {
    const h = harness();
    const [listed] = priced(h.sim, "1xbet", 1).map((p) => p.fixture);
    const unlisted = unlistedFixtures(h.sim.seed, TUESDAY).find((f) => f.kickoff > TUESDAY);
    if (!listed || !unlisted) throw new Error("no fixtures");
    const { code } = h.sim.bookings.create(
      "1xbet",
      [
        { fixture: listed, pick: { kind: "OU", line: 2.5, index: 0 } },
        { fixture: listed, pick: { kind: "CS", home: 2, away: 1 } },
        { fixture: unlisted, pick: { kind: "HTFT", ht: 0, ft: 0 } },
      ],
      TUESDAY,
    );
    expect(code).toMatch(onexbetBooking.codePattern);
    const back = await read(h.app, onexbetBooking, code, TUESDAY);
    if (!back.ok) throw new Error(back.error);
    expect(back.legs.map((l) => [l.marketId, l.selectionTypeId, l.available])).toEqual([
      [4, 8, true],
      [undefined, undefined, true],
      [undefined, undefined, true],
    ]);
    expect(back.legs[1]?.bookMarket).toContain("Correct Score 2-1");
    expect(back.legs[2]?.tournament).toMatch(/Ligue 1|Eredivisie/);
  });

  it("answers an unknown code as not found at every book", async () => {
    const h = harness();
    for (const [adapter, code] of [[sportybetBooking, "ZZZZZZ"], [bet9jaBooking, "5ZZZZZZ"], [betkingBooking, "ZZZZZZ"], [onexbetBooking, "ZZZZZ"]] as const) {
      expect(await read(h.app, adapter, code, TUESDAY)).toMatchObject({ ok: false, reason: "not-found" });
    }
  });

  it("reads a challenge page and a rate limit as blocked", async () => {
    const h = harness();
    h.sim.setFault("sportybet", { kind: "challenge", path: /orders\/share/ });
    expect(await read(h.app, sportybetBooking, "ABCDEF", TUESDAY)).toMatchObject({ ok: false, reason: "blocked" });
    h.sim.setFault("betking", { kind: "rate-limited" });
    expect(await read(h.app, betkingBooking, "ABCDEF", TUESDAY)).toMatchObject({ ok: false, reason: "blocked" });
    h.sim.setFault("bet9ja", { kind: "forbidden" });
    const legs = priced(h.sim, "bet9ja", 1).map((p) => homeWin(h.sim, "bet9ja", p.fixture, String(bet9jaEventId(p.fixture))));
    expect(await mint(h.app, bet9jaBooking, legs)).toMatchObject({ ok: false, reason: "blocked" });
  });

  it("waits the booking latency through the injected sleep, and only on booking paths", async () => {
    const waits: number[] = [];
    const sim = new FeedSimulator({ seed: 42, now: () => TUESDAY, sleep: async (ms) => void waits.push(ms), booking: { latencyMs: { min: 300, max: 1500 } } });
    const app = createSimulatorApp(sim);
    await send(app, betkingBooking.readRequest("/betking", "ABCDEF"));
    await send(app, { url: "/betking/api/feeds/prematch/en/4/20000841/0/0", headers: {} });
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(300);
    expect(waits[0]).toBeLessThanOrEqual(1500);
  });
});
