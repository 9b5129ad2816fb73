import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_BOOKING_RATES } from "#api/booking/rate.ts";
import { startSimulator, type RunningSimulator } from "#api/feeds/simulator/index.ts";
import type { BookingRead, UnmappedReason } from "#shared/contract.ts";
import { startTestApi, type TestApi } from "../helpers/api.ts";
import { buildCorpus, mintAndRead, MINTING_BOOKS, type CorpusLeg, type CorpusSlip, type MintingBook, type OurEvents } from "../helpers/booking-corpus.ts";
import { testClock } from "../helpers/clock.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/databases.ts";
import { collectAndBookAt, verifiedBearer } from "../helpers/booking-stack.ts";
import { startSmtpSink } from "../helpers/smtp-sink.ts";

/** Tuesday 24 November 2026, 10:00 UTC: the weekend's fixtures are all ahead. */
const T0 = Date.UTC(2026, 10, 24, 10, 0);
const SEED = 20261124;
const CODES = 500;

interface Tally {
  codes: number;
  legs: number;
  comparable: number;
  mapped: number;
  wrong: string[];
  /** Comparable legs read back unmapped, by the reason given. */
  missed: Partial<Record<UnmappedReason, number>>;
  /** Legs not comparable, by their true reason, and how many were reported with it. */
  others: Partial<Record<UnmappedReason, { legs: number; right: number }>>;
  misreported: string[];
}

const newTally = (): Tally => ({ codes: 0, legs: 0, comparable: 0, mapped: 0, wrong: [], missed: {}, others: {}, misreported: [] });

/** One code's answer against its slip's truth: each mapped leg must be a true leg's exact selection, each other leg unmapped with its reason. */
function check(tally: Tally, slip: CorpusSlip, code: string, answer: BookingRead): void {
  tally.codes += 1;
  tally.legs += slip.legs.length;
  const book = slip.book;
  const where = (leg: CorpusLeg) => `${book} ${code}: ${leg.fixture.home.name} v ${leg.fixture.away.name} ${JSON.stringify(leg.pick)}`;
  const unaccounted = new Set(slip.legs);
  for (const got of answer.legs) {
    const leg = slip.legs.find((l) => "eventId" in l.truth && l.truth.eventId === got.eventId);
    const truth = leg?.truth;
    if (!leg || !truth || !("eventId" in truth) || truth.marketId !== got.marketId || truth.selectionTypeId !== got.selectionTypeId || got.bookPrice !== leg.price) {
      tally.wrong.push(`${book} ${code}: read ${JSON.stringify([got.eventId, got.marketId, got.selectionTypeId, got.bookPrice])}, truth ${leg ? JSON.stringify([leg.truth, leg.price]) : "none"}`);
      continue;
    }
    tally.mapped += 1;
    unaccounted.delete(leg);
  }
  for (const got of answer.unmapped) {
    const leg = [...unaccounted].find((l) => got.home === l.fixture.home.names[book] && got.away === l.fixture.away.names[book] && got.kickoff === new Date(l.fixture.kickoff).toISOString());
    if (!leg) {
      tally.misreported.push(`${book} ${code}: unmapped ${JSON.stringify(got)} names no leg of the slip`);
      continue;
    }
    unaccounted.delete(leg);
    if ("eventId" in leg.truth) tally.missed[got.reason] = (tally.missed[got.reason] ?? 0) + 1;
    else if (got.reason !== leg.truth.reason) tally.misreported.push(`${where(leg)} reported as ${got.reason}, truly ${leg.truth.reason}`);
    else {
      const row = (tally.others[got.reason] ??= { legs: 0, right: 0 });
      row.right += 1;
    }
  }
  for (const leg of unaccounted) tally.misreported.push(`${where(leg)} is neither mapped nor reported`);
  for (const leg of slip.legs) {
    if ("eventId" in leg.truth) tally.comparable += 1;
    else (tally.others[leg.truth.reason] ??= { legs: 0, right: 0 }).legs += 1;
  }
}

const percent = (part: number, whole: number) => (whole === 0 ? "-" : `${((100 * part) / whole).toFixed(2)} %`);

/** The figures per book and in all, as recorded (docs/benchmarks.md, Booking codes). */
function figures(tallies: Map<MintingBook | "all", Tally>): string {
  const lines = ["| book | codes | legs | comparable | mapped | mapped wrong | comparable unmapped | market: reported right | event: reported right |", "|---|---|---|---|---|---|---|---|---|"];
  for (const [book, t] of tallies) {
    const missed = Object.entries(t.missed).map(([reason, n]) => `${n} ${reason}`).join(", ") || "0";
    const other = (reason: UnmappedReason) => `${t.others[reason]?.right ?? 0} of ${t.others[reason]?.legs ?? 0}`;
    lines.push(`| ${book} | ${t.codes} | ${t.legs} | ${t.comparable} | ${t.mapped} (${percent(t.mapped, t.comparable)}) | ${t.wrong.length} | ${missed} | ${other("market")} | ${other("event")} |`);
  }
  return lines.join("\n");
}

describe("a corpus of booking codes minted at the books, read through GET /odds/booking (SQLite)", () => {
  let database: TestDatabase;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApi;
  let simulator: RunningSimulator;
  const clock = testClock(T0);

  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    sink = await startSmtpSink();
    // One reader reads the whole corpus: its read limit (api/booking/rate.ts) is raised, a test-only option.
    t = await startTestApi(database, sink, clock, { bookingRates: { ...DEFAULT_BOOKING_RATES, read: { burst: CODES, intervalMs: DEFAULT_BOOKING_RATES.read.intervalMs } } });
    // Bet9ja reads every code back whole: a lost leg is its own test (booking.test.ts).
    simulator = await startSimulator({ seed: SEED, now: clock, booking: { bet9jaLosesLeg: "never" } });
    await collectAndBookAt(t, simulator, clock);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await simulator?.close();
    await sink?.close();
    await database?.drop();
  });

  const signIn = () => verifiedBearer(t, sink);


  it("maps at least 98 % of the comparable legs of 500 codes, none wrongly, and reports every other leg with its reason", async () => {
    const rows = await t.api.db.kysely.selectFrom("events").select(["id", "sr_id", "home", "away"]).where("sr_id", "is not", null).execute();
    const ours: OurEvents = new Map(rows.map((r) => [r.sr_id!, { id: r.id, home: r.home, away: r.away }]));
    const sim = simulator.sim;
    const corpus = buildCorpus(sim, clock(), ours, { seed: SEED, codes: CODES, maxLegs: 20, unlistedShare: 0.1, otherMarketShare: 0.15 });
    // Each slip is what it says: 1 to 20 legs, and every kind of leg is there.
    expect(corpus.every((slip) => slip.legs.length >= 1 && slip.legs.length <= 20)).toBe(true);
    const truths = corpus.flatMap((slip) => slip.legs.map((leg) => ("eventId" in leg.truth ? "comparable" : leg.truth.reason)));
    expect(new Set(truths)).toEqual(new Set(["comparable", "market", "event"]));

    // Minted straight at each book, the three books side by side.
    const reader = await signIn();
    const { codes, answers } = await mintAndRead(sim, (book) => simulator.baseUrl(book), corpus, async (provider, code) => {
      const res = await t.http.get("/odds/booking").query({ provider, code }).set(reader);
      expect(res.status, res.text).toBe(200);
      return res.body.data as BookingRead;
    });

    const tallies = new Map<MintingBook | "all", Tally>([...MINTING_BOOKS.map((book) => [book, newTally()] as const), ["all", newTally()]]);
    for (const slip of corpus) {
      for (const tally of [tallies.get(slip.book)!, tallies.get("all")!]) check(tally, slip, codes.get(slip)!, answers.get(slip)!);
    }
    console.log(`Booking-code corpus (seed ${SEED}, ${CODES} codes):\n${figures(tallies)}`);

    const all = tallies.get("all")!;
    expect(all.codes).toBe(CODES);
    expect(all.wrong).toEqual([]);
    expect(all.misreported).toEqual([]);
    expect(all.mapped / all.comparable).toBeGreaterThanOrEqual(0.98);
    for (const book of MINTING_BOOKS) expect(tallies.get(book)!.mapped / tallies.get(book)!.comparable, book).toBeGreaterThanOrEqual(0.98);
  }, 60_000);
});
