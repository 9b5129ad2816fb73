import request from "supertest";
import { describe, expect, it } from "vitest";
import { MARKETS } from "#shared/reference.ts";
import type { BookingAdapter, CodeRead, MintAnswer, MintLeg } from "../../booking/types.ts";
import { bet9jaBooking } from "../../bookmakers/bet9ja/bet9ja-booking.ts";
import { betkingBooking } from "../../bookmakers/betking/betking-booking.ts";
import { sportybetBooking } from "../../bookmakers/sportybet/sportybet-booking.ts";
import type { FeedRequest } from "../../types.ts";
import type { BookingFixture } from "../booking/board-booking.ts";
import type { BookedPick } from "../booking/booking-store.ts";
import { bet9jaEventId, betkingItemId } from "../event-ids.ts";
import { FeedSimulator } from "../feed-simulator.ts";
import type { QuotedMarket } from "../scenario/pricing.ts";
import { createSimulatorApp } from "../simulator-app.ts";
import { betkingMatchOddsId } from "../sites/booking-picks.ts";

/** Friday 27 November 2026, 06:00 UTC: the weekend's whole board lies ahead. */
const FRIDAY = Date.UTC(2026, 10, 27, 6);
type Book = "sportybet" | "bet9ja" | "betking";
const ADAPTERS: Record<Book, BookingAdapter> = { sportybet: sportybetBooking, bet9ja: bet9jaBooking, betking: betkingBooking };

const sim = new FeedSimulator({ seed: 42, now: () => FRIDAY, world: "board", booking: { bet9jaLosesLeg: "never" } });
const app = createSimulatorApp(sim);

async function send(req: FeedRequest): Promise<{ status: number; body: string }> {
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

async function mint(book: Book, legs: MintLeg[]): Promise<MintAnswer> {
  const res = await send(ADAPTERS[book].mintRequest?.(`/${book}`, legs) as FeedRequest);
  return ADAPTERS[book].parseMint?.(res.body, res.status) as MintAnswer;
}

async function read(book: Book, code: string): Promise<Extract<CodeRead, { ok: true }>> {
  const res = await send(ADAPTERS[book].readRequest(`/${book}`, code));
  const answer = ADAPTERS[book].parseRead(res.body, res.status, new Date(FRIDAY));
  if (!answer.ok) throw new Error(`${book} read failed: ${answer.error}`);
  return answer;
}

const externalId = (book: Book, f: BookingFixture) => (book === "bet9ja" ? String(bet9jaEventId(f)) : book === "betking" ? String(betkingItemId(f)) : f.srId);

/** A compared pick on the fixture at the book, as our mint sends it: our market and selection, the book's price. */
function leg(book: Book, fixture: BookingFixture, market: QuotedMarket, index: number): MintLeg {
  const ours = MARKETS.find((m) => m.code === (market.kind === "OU" ? `OU${market.line}` : market.kind));
  const pick: BookedPick = { kind: market.kind, line: market.line, index };
  return {
    externalId: externalId(book, fixture),
    srId: fixture.srId,
    marketId: ours?.id ?? 0,
    selectionTypeId: ours?.selections[index] ?? 0,
    price: market.prices[index] ?? 0,
    ...(book === "betking" ? { bookSelectionId: String(betkingMatchOddsId(fixture, pick)) } : {}),
  };
}

/** Fixtures of distinct competitions the book lists, each with one open market of each compared family. */
function spread(book: Book, count: number) {
  const seen = new Set<string>();
  const picked: { fixture: BookingFixture; markets: QuotedMarket[] }[] = [];
  for (const fixture of sim.boardBooking!.bookable(book, FRIDAY)) {
    const key = fixture.board!.competition.key;
    if (seen.has(key) || key.startsWith("ENG/premier-league")) continue;
    const markets = (sim.boardBooking!.markets(book, fixture.board!, FRIDAY) ?? []).filter((m) => !m.suspended);
    if (!["1X2", "DC", "OU", "BTTS"].every((kind) => markets.some((m) => m.kind === kind && (kind !== "OU" || m.line === 2.5)))) continue;
    seen.add(key);
    picked.push({ fixture, markets });
    if (picked.length === count) break;
  }
  return picked;
}

describe("the simulated booking endpoints on the whole board (SIM_WORLD=board)", () => {
  it.each(["sportybet", "bet9ja", "betking"] as const)("%s books and reads back 1X2, Double Chance, Over/Under 2.5 and BTTS legs on fixtures of four competitions, at the board's prices and names", async (book) => {
    const fixtures = spread(book, 4);
    expect(fixtures).toHaveLength(4);
    const families = ["1X2", "DC", "OU", "BTTS"] as const;
    const legs = fixtures.map(({ fixture, markets }, i) => {
      const market = markets.find((m) => m.kind === families[i] && (m.kind !== "OU" || m.line === 2.5))!;
      return leg(book, fixture, market, i % market.prices.length);
    });
    const minted = await mint(book, legs);
    if (!minted.ok) throw new Error(`${book} refused: ${minted.error}`);
    const back = await read(book, minted.code);
    expect(back.legs.map((l) => [l.externalId, l.marketId, l.selectionTypeId, l.price, l.available])).toEqual(legs.map((l) => [l.externalId, l.marketId, l.selectionTypeId, l.price, true]));
    // Named as the book's board feed names them: its teams in its order and its competition.
    expect(back.legs.map((l) => [l.home, l.away, l.tournament])).toEqual(
      fixtures.map(({ fixture }) => [fixture.home.names[book], fixture.away.names[book], sim.boardBooking!.view(book, fixture.board!)!.competition.name]),
    );
    if (book !== "bet9ja") expect(back.legs.map((l) => l.srId)).toEqual(fixtures.map(({ fixture }) => fixture.srId));
  });

  it("books a final BetKing lists the other way round in BetKing's order, priced as its feed prices it", async () => {
    const reversed = sim.boardBooking!.bookable("betking", FRIDAY).find((f) => f.board!.neutral?.reversedAt.includes("betking"));
    if (!reversed) throw new Error("no final BetKing lists the other way round this weekend");
    expect(reversed.home.names.betking).toBe(reversed.board!.away.names?.betking ?? reversed.board!.away.name);
    const market = sim.boardBooking!.markets("betking", reversed.board!, FRIDAY)!.find((m) => m.kind === "1X2")!;
    const minted = await mint("betking", [leg("betking", reversed, market, 0)]);
    if (!minted.ok) throw new Error(minted.error);
    const [only] = (await read("betking", minted.code)).legs;
    expect([only?.home, only?.price]).toEqual([reversed.home.names.betking, market.prices[0]]);
  });

  it("refuses a board fixture the book does not list", async () => {
    const listed = new Set(sim.boardBooking!.bookable("bet9ja", FRIDAY).map((f) => f.serial));
    const other = sim.boardBooking!.bookable("sportybet", FRIDAY).find((f) => !listed.has(f.serial))!;
    const market = sim.boardBooking!.markets("sportybet", other.board!, FRIDAY)!.find((m) => m.kind === "1X2")!;
    expect(await mint("bet9ja", [leg("bet9ja", other, market, 0)])).toMatchObject({ ok: false, reason: "rejected" });
  });
});
