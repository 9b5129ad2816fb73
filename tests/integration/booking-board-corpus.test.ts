import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_BOOKING_RATES } from "#api/booking/rate.ts";
import type { BookingFixture } from "#api/feeds/simulator/booking/board-booking.ts";
import { quoteLeg, type BookedPick } from "#api/feeds/simulator/booking/booking-store.ts";
import { startSimulator, type RunningSimulator } from "#api/feeds/simulator/index.ts";
import { mulberry32 } from "#api/feeds/simulator/scenario/random.ts";
import { swapSides } from "#api/odds/write/sides.ts";
import type { BookingRead } from "#shared/contract.ts";
import { comparedSelection, mintAndRead, MINTING_BOOKS, type CorpusSlip, type MintingBook } from "../helpers/booking-corpus.ts";
import { startTestApi, type TestApi } from "../helpers/api.ts";
import { collectBoard, legReversed, oursByFixture, type OursByFixture } from "../helpers/booking-board.ts";
import { marketMixCorpus, MIX_CODES, newCorpusTally, type CorpusTally } from "../helpers/booking-market-mix.ts";
import { verifiedBearer } from "../helpers/booking-stack.ts";
import { testClock } from "../helpers/clock.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/databases.ts";
import { startSmtpSink } from "../helpers/smtp-sink.ts";

/** Friday 27 November 2026, 06:00 UTC: the simulated weekend's whole board lies ahead (learn-competitions.test.ts's instant). */
const FRIDAY = Date.UTC(2026, 10, 27, 6);
const SEED = 42;
const CODES = 240;
const MAX_LEGS = 10;
const CYCLES = 4;
/**
 * SQLite only: a PostgreSQL run gives the same figures but repeats the board's collection, most of
 * the file's time, over the CI budget (docs/benchmarks.md, Booking codes); the read's queries are
 * booking.test.ts's on both.
 */
const DIALECTS = ["sqlite"] as const;

/** Compared picks of the four families the board quotes at this book on this fixture, open now. */
function comparedPicks(simulator: RunningSimulator, book: MintingBook, fixture: BookingFixture, t: number): BookedPick[] {
  const markets = simulator.sim.boardBooking?.markets(book, fixture.board!, t) ?? [];
  return markets
    .filter((m) => !m.suspended)
    .flatMap((m) => m.prices.map((_, index): BookedPick => ({ kind: m.kind, line: m.line, index })))
    .filter((pick) => comparedSelection(pick) !== undefined);
}

/** Seeded slips, a third at each book, each leg on its own fixture drawn from everything the book lists on the board. */
function buildBoardCorpus(simulator: RunningSimulator, t: number): CorpusSlip[] {
  const random = mulberry32(SEED);
  const draw = <T,>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const listings = new Map(MINTING_BOOKS.map((book) => [book, simulator.sim.boardBooking!.bookable(book, t)]));
  const slips: CorpusSlip[] = [];
  for (let i = 0; i < CODES; i++) {
    const book = MINTING_BOOKS[i % MINTING_BOOKS.length]!;
    const size = 1 + Math.floor(random() * MAX_LEGS);
    const used = new Set<number>();
    const legs: CorpusSlip["legs"] = [];
    for (let attempt = 0; legs.length < size && attempt < size * 20; attempt++) {
      const fixture = draw(listings.get(book)!);
      if (used.has(fixture.serial)) continue;
      const family = draw(["1X2", "DC", "OU", "BTTS"] as const);
      const picks = comparedPicks(simulator, book, fixture, t).filter((p) => p.kind === family);
      if (picks.length === 0) continue;
      const pick = draw(picks);
      const { price } = quoteLeg(simulator.sim, book, { fixture, pick }, t);
      if (price === undefined) continue;
      used.add(fixture.serial);
      // The truth is judged against our events when the answers come back (check below).
      legs.push({ fixture, pick, price, truth: { reason: "event" } });
    }
    slips.push({ book, legs });
  }
  return slips;
}

/** One code's answer against the world: a mapped leg is one of our events that is its fixture, its market and side, the book's price. */
function check(tally: CorpusTally, ours: OursByFixture, slip: CorpusSlip, code: string, answer: BookingRead): void {
  tally.codes += 1;
  tally.legs += slip.legs.length;
  const { book } = slip;
  const unaccounted = new Set(slip.legs);
  for (const got of answer.legs) {
    const leg = [...unaccounted].find((l) => ours.get(l.fixture.serial)?.some((e) => e.id === got.eventId));
    const event = leg && ours.get(leg.fixture.serial)?.find((e) => e.id === got.eventId);
    const selection = leg && comparedSelection(leg.pick);
    const expected = leg && event && selection && (legReversed(book, leg.fixture, event) ? (swapSides([selection])[0] ?? selection) : selection);
    if (!leg || !expected || expected.marketId !== got.marketId || expected.selectionTypeId !== got.selectionTypeId || got.bookPrice !== leg.price) {
      tally.wrong.push(`${book} ${code}: read ${JSON.stringify([got.eventId, got.marketId, got.selectionTypeId, got.bookPrice])}, meant ${leg ? JSON.stringify([leg.fixture.serial, leg.pick, expected, leg.price]) : "no leg of the slip"}`);
      continue;
    }
    // Named as every answer names a competition beyond the four (docs/design.md, Competition names).
    if (got.event.competitionId > 4 && !got.event.competition) {
      tally.wrong.push(`${book} ${code}: ${got.eventId} read without its competition's name`);
      continue;
    }
    tally.mapped += 1;
    unaccounted.delete(leg);
  }
  for (const got of answer.unmapped) {
    const leg = [...unaccounted].find((l) => got.home === l.fixture.home.names[book] && got.away === l.fixture.away.names[book] && got.kickoff === new Date(l.fixture.kickoff).toISOString());
    const row = (tally.unmapped[got.reason] ??= { legs: 0, right: 0 });
    row.legs += 1;
    if (!leg) {
      tally.misreported.push(`${book} ${code}: unmapped ${JSON.stringify(got)} names no leg of the slip`);
      continue;
    }
    unaccounted.delete(leg);
    const count = ours.get(leg.fixture.serial)?.length ?? 0;
    if ((got.reason === "event" && count === 0) || (got.reason === "ambiguous" && count > 1)) row.right += 1;
    else tally.misreported.push(`${book} ${code}: ${leg.fixture.home.name} v ${leg.fixture.away.name} ${JSON.stringify(leg.pick)} reported ${got.reason} (${count} event(s) of ours are that fixture)`);
  }
  for (const leg of unaccounted) tally.misreported.push(`${book} ${code}: ${leg.fixture.home.name} v ${leg.fixture.away.name} ${JSON.stringify(leg.pick)} is neither mapped nor reported`);
}

describe.each(DIALECTS)("a corpus of booking codes on the whole board (SIM_WORLD=board), minted at the books, read through GET /odds/booking (%s)", (dialect) => {
  let database: TestDatabase;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApi;
  let simulator: RunningSimulator;
  const clock = testClock(FRIDAY);

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    sink = await startSmtpSink();
    // One reader reads the whole corpus: its read limit (api/booking/rate.ts) is raised, a test-only option.
    t = await startTestApi(database, sink, clock, { bookingRates: { ...DEFAULT_BOOKING_RATES, read: { burst: Math.max(CODES, MIX_CODES), intervalMs: DEFAULT_BOOKING_RATES.read.intervalMs } } });
    // Bet9ja reads every code back whole: a lost leg is its own test (booking.test.ts).
    simulator = await startSimulator({ seed: SEED, now: clock, world: "board", booking: { bet9jaLosesLeg: "never" } });
    // One collection of the board, learning its competitions as learn-competitions.test.ts does, for the whole corpus.
    await collectBoard(t, simulator, clock, CYCLES);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await simulator?.close();
    await sink?.close();
    await database?.drop();
  });

  it(`maps every leg of ${CODES} codes on fixtures of at least 30 competitions to the event of ours that is its fixture, none wrongly, and names any other leg's reason`, async () => {
    const now = clock();
    const ours = await oursByFixture(t, simulator, now);
    const corpus = buildBoardCorpus(simulator, now);
    const legs = corpus.flatMap((slip) => slip.legs);
    const competitions = new Set(legs.map((leg) => leg.fixture.board!.competition.key));
    const kinds = new Set(legs.map((leg) => leg.pick.kind));
    expect(kinds).toEqual(new Set(["1X2", "DC", "OU", "BTTS"]));
    expect(legs.some((leg) => leg.pick.kind === "OU" && leg.pick.line === 2.5)).toBe(true);
    expect(competitions.size).toBeGreaterThanOrEqual(30);

    // Minted straight at each book, the books side by side.
    const reader = await verifiedBearer(t, sink);
    const { codes, answers } = await mintAndRead(simulator.sim, (book) => simulator.baseUrl(book), corpus, async (provider, code) => {
      const res = await t.http.get("/odds/booking").query({ provider, code }).set(reader);
      expect(res.status, res.text).toBe(200);
      return res.body.data as BookingRead;
    });

    const tallies = new Map<MintingBook | "all", CorpusTally>([...MINTING_BOOKS.map((book) => [book, newCorpusTally()] as const), ["all", newCorpusTally()]]);
    for (const slip of corpus) for (const tally of [tallies.get(slip.book)!, tallies.get("all")!]) check(tally, ours, slip, codes.get(slip)!, answers.get(slip)!);
    const lines = [...tallies].map(([book, x]) => `${book}: ${x.codes} codes, ${x.legs} legs, ${x.mapped} mapped, ${x.wrong.length} wrong, unmapped ${JSON.stringify(x.unmapped)}`);
    const eventless = corpus.flatMap((slip) => slip.legs.filter((leg) => !ours.has(leg.fixture.serial)).map((leg) => `${slip.book} ${leg.fixture.board!.competition.key}`));
    lines.push(`legs on a fixture no event of ours is: ${[...new Set(eventless)].join(", ") || "none"}`);
    console.log(`Board booking corpus (seed ${SEED}, ${CODES} codes, legs on ${competitions.size} competitions):\n${lines.join("\n")}`);

    const all = tallies.get("all")!;
    expect(all.codes).toBe(CODES);
    expect(all.wrong).toEqual([]);
    expect(all.misreported).toEqual([]);
    for (const book of MINTING_BOOKS) expect(tallies.get(book)!.codes, book).toBe(CODES / MINTING_BOOKS.length);
    // Every leg on a fixture that is an event of ours maps; the others are the competitions learning still holds (one book lists them).
    expect(all.mapped).toBe(all.legs - eventless.length);
    expect(all.mapped / all.legs).toBeGreaterThanOrEqual(0.95);
  }, 120_000);

  // The same collection, so the suite pays for one (docs/benchmarks.md, Booking codes).
  it(`maps at least 95 % of the legs of ${MIX_CODES} codes in the real market mix (every type each book quotes, legs on the four leagues, the UEFA cups and the rest as a real bet history) at the code's own book, none wrongly, and names every other leg's reason truly`, async () => {
    await marketMixCorpus(t, simulator, sink, clock());
  }, 240_000);
});
