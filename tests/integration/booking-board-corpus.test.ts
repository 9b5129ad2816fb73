import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simulatedSites } from "#api/booking/index.ts";
import { DEFAULT_BOOKING_RATES } from "#api/booking/rate.ts";
import { useFeedCatalogue } from "#api/feeds/bookmakers/feed-catalogue.ts";
import { createCollector, runCycle } from "#api/feeds/collector/cycle.ts";
import { createFetcher } from "#api/feeds/fetcher.ts";
import { feedSources } from "#api/feeds/runtime.ts";
import type { BookingFixture } from "#api/feeds/simulator/booking/board-booking.ts";
import { quoteLeg, type BookedPick } from "#api/feeds/simulator/booking/booking-store.ts";
import { startSimulator, type RunningSimulator } from "#api/feeds/simulator/index.ts";
import { mulberry32 } from "#api/feeds/simulator/scenario/random.ts";
import type { WorldClub } from "#api/feeds/simulator/world/load-world.ts";
import { BOOKMAKER_ID_BY_KEY, type BookmakerKey } from "#api/feeds/types.ts";
import { swapSides } from "#api/odds/write/sides.ts";
import type { BookingRead, UnmappedReason } from "#shared/contract.ts";
import { comparedSelection, mintAndRead, MINTING_BOOKS, type CorpusSlip, type MintingBook } from "../helpers/booking-corpus.ts";
import { startTestApi, type TestApi } from "../helpers/api.ts";
import { verifiedBearer } from "../helpers/booking-stack.ts";
import { testClock } from "../helpers/clock.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/databases.ts";
import { startSmtpSink } from "../helpers/smtp-sink.ts";

/** Friday 27 November 2026, 06:00 UTC: the simulated weekend's whole board lies ahead (learn-competitions.test.ts's instant). */
const FRIDAY = Date.UTC(2026, 10, 27, 6);
const SEED = 42;
const CODES = 240;
const MAX_LEGS = 10;
/** The books the collector reads: those that mint, whose event links the booking read joins on. */
const COLLECTED: readonly BookmakerKey[] = MINTING_BOOKS;
const CYCLES = 4;
/** SQLite only: on PostgreSQL the same run took 67 s (SQLite 30-50 s), over the CI budget; the read's queries are booking.test.ts's on both. */
const DIALECTS = ["sqlite"] as const;

/** Our events that are one world fixture: every book link of theirs names it (the book's spelling and order, the nearest kick-off). */
type OursByFixture = Map<number, { id: string; home: string; away: string }[]>;

async function oursByFixture(t: TestApi, simulator: RunningSimulator, at: number): Promise<OursByFixture> {
  const db = t.api.db.kysely;
  const events = await db.selectFrom("events").select(["id", "home", "away", "kickoff"]).execute();
  const links = await db.selectFrom("event_links").select(["event_id", "bookmaker", "home", "away"]).execute();
  const serials = new Map<string, { serial: number; kickoff: number }[]>();
  for (const book of COLLECTED) {
    for (const listed of simulator.sim.board.listed(book, at)) {
      const key = JSON.stringify([BOOKMAKER_ID_BY_KEY[book], listed.names[0], listed.names[1]]);
      serials.set(key, [...(serials.get(key) ?? []), { serial: listed.fixture.serial, kickoff: listed.fixture.kickoff }]);
    }
  }
  const kickoffOf = new Map(events.map((e) => [e.id, Number(e.kickoff)]));
  const serialsOf = new Map<string, Set<number | undefined>>();
  for (const link of links) {
    const kickoff = kickoffOf.get(link.event_id) ?? 0;
    const candidates = serials.get(JSON.stringify([link.bookmaker, link.home, link.away])) ?? [];
    const nearest = [...candidates].sort((a, b) => Math.abs(a.kickoff - kickoff) - Math.abs(b.kickoff - kickoff))[0];
    serialsOf.set(link.event_id, new Set([...(serialsOf.get(link.event_id) ?? []), nearest?.serial]));
  }
  const ours: OursByFixture = new Map();
  for (const event of events) {
    const named = [...(serialsOf.get(event.id) ?? [])];
    const [serial] = named;
    if (named.length !== 1 || serial === undefined) continue;
    ours.set(serial, [...(ours.get(serial) ?? []), { id: event.id, home: event.home, away: event.away }]);
  }
  return ours;
}

const spellings = (club: WorldClub) => new Set([club.name, ...Object.values(club.names ?? {})]);

/** Whether the book's home is our event's away: the book lists a final the other way round, or our event does. */
function legReversed(book: MintingBook, fixture: BookingFixture, event: { id: string; home: string; away: string }): boolean {
  const board = fixture.board!;
  const straight = spellings(board.home).has(event.home) && spellings(board.away).has(event.away);
  const crossed = spellings(board.away).has(event.home) && spellings(board.home).has(event.away);
  if (straight === crossed) throw new Error(`our event ${event.id} (${event.home} v ${event.away}) is not ${board.home.name} v ${board.away.name} either way round`);
  return (board.neutral?.reversedAt.includes(book) === true) !== crossed;
}

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

interface Tally {
  codes: number;
  legs: number;
  mapped: number;
  wrong: string[];
  /** Legs read back unmapped, by reason, and whether the truth agrees (no event of ours is that fixture; several are). */
  unmapped: Partial<Record<UnmappedReason, { legs: number; right: number }>>;
  misreported: string[];
}

const newTally = (): Tally => ({ codes: 0, legs: 0, mapped: 0, wrong: [], unmapped: {}, misreported: [] });

/** One code's answer against the world: a mapped leg is one of our events that is its fixture, its market and side, the book's price. */
function check(tally: Tally, ours: OursByFixture, slip: CorpusSlip, code: string, answer: BookingRead): void {
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
    t = await startTestApi(database, sink, clock, { bookingRates: { ...DEFAULT_BOOKING_RATES, read: { burst: CODES, intervalMs: DEFAULT_BOOKING_RATES.read.intervalMs } } });
    // Bet9ja reads every code back whole: a lost leg is its own test (booking.test.ts).
    simulator = await startSimulator({ seed: SEED, now: clock, world: "board", booking: { bet9jaLosesLeg: "never" } });
    // One collection of the board, learning its competitions as learn-competitions.test.ts does, for the whole
    // corpus, with a budget no loaded machine runs out of (the books' time is real time).
    const fetcher = createFetcher({ retries: 1, backoffMs: 1, bodyTimeoutMs: 20_000, sleep: async () => undefined });
    const sources = feedSources((key) => simulator.baseUrl(key)).filter((source) => COLLECTED.includes(source.adapter.key));
    const collector = createCollector({ sources, fetcher, db: t.api.db.kysely, clock, logger: pino({ level: "silent" }), politeDelayMs: [0, 0], learnCompetitions: true, intervalMs: 600_000 });
    try {
      for (let cycle = 0; cycle < CYCLES; cycle += 1) {
        useFeedCatalogue(await t.api.catalogue.reload());
        await runCycle(collector);
        clock.advance(60_000);
      }
    } finally {
      useFeedCatalogue(undefined);
      await fetcher.close();
    }
    await t.api.odds.refresh();
    t.api.booking.useSites(simulatedSites(simulator.baseUrl));
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

    const tallies = new Map<MintingBook | "all", Tally>([...MINTING_BOOKS.map((book) => [book, newTally()] as const), ["all", newTally()]]);
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
});
