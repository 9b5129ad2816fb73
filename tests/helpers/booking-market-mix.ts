/**
 * The booking corpus in the real market mix (docs/design.md, Booking on the board; figures in
 * docs/benchmarks.md, Booking codes): codes minted at the simulated SportyBet, Bet9ja and BetKing
 * on the whole board whose legs follow a real Nigerian SportyBet bet history (328 football legs),
 * read back through `GET /odds/booking` at the code's own book. It runs in
 * tests/integration/booking-board-corpus.test.ts, on that file's one collection of the board.
 *
 * The mix, per leg:
 * - markets: 1UP/2UP 32.3 %, full-time over/under 27.4 %, team totals 21.6 % (nearly all "Over
 *   0.5": nine in ten here), first- and second-half totals 13.1 %, 1X2 0.6 %, Double Chance 0.3 %,
 *   BTTS 0 %, the rest 4.7 % (correct score, HT/FT, handicaps, Draw No Bet, 1st-half 1X2, win
 *   either half). A book that does not quote a family has it left out and the others renormalised
 *   over what it quotes: Bet9ja has no 1UP/2UP; BetKing no 1UP/2UP and no half totals, and its
 *   "rest" is its correct score, HT/FT and handicaps. Within a family the type, line and selection
 *   are drawn evenly among the selections the book lists on the fixture (the history gives no finer
 *   split; a selection its feed leaves out, as BetKing's correct scores 0:0 and 0:1-0:4, is not
 *   bookable there);
 * - competitions: the four big leagues 14.6 %, the UEFA cups 7 %, every other competition the book
 *   lists 78.4 % (a fixture drawn evenly among theirs);
 * - ticket size: 1 + Binomial(19, 10.6 / 19) legs, so 1 to 20 and 11.6 on average.
 *
 * Each leg's truth comes from the world alone: the event of ours that is its fixture by the books'
 * names at our links (`oursByFixture`), our selection from the catalogue's type, line and outcome
 * (`comparedSelection`), turned as the simulator turns a fixture listed the other way round
 * (`otherSidePick`), never from our codecs, book ids or `api/booking/mirror.ts`.
 */
import { expect } from "vitest";
import type { BookingFixture } from "#api/feeds/simulator/booking/board-booking.ts";
import { quoteLeg } from "#api/feeds/simulator/booking/booking-store.ts";
import type { RunningSimulator } from "#api/feeds/simulator/index.ts";
import { catalogueKindsOf, simBookIds } from "#api/feeds/simulator/scenario/catalogue-kinds.ts";
import type { MarketKind } from "#api/feeds/simulator/scenario/margins.ts";
import { mulberry32 } from "#api/feeds/simulator/scenario/random.ts";
import type { BookingRead, UnmappedReason } from "#shared/contract.ts";
import type { TestApi } from "./api.ts";
import { legReversed, oursByFixture, type OursByFixture } from "./booking-board.ts";
import { comparedSelection, mintAndRead, MINTING_BOOKS, otherSidePick, type CataloguePick, type CorpusLeg, type CorpusSlip, type MintingBook } from "./booking-corpus.ts";
import { verifiedBearer } from "./booking-stack.ts";
import type { startSmtpSink } from "./smtp-sink.ts";

const SEED = 42;
/** At least 500, a third per minting book. */
export const MIX_CODES = 501;

/** The real mix's market families, their types and shares of legs (per cent). */
const FAMILIES: readonly { name: string; kinds: readonly MarketKind[]; share: number }[] = [
  { name: "1UP/2UP", kinds: ["1UP", "2UP"], share: 32.3 },
  { name: "FT over/under", kinds: ["OU"], share: 27.4 },
  { name: "team totals", kinds: ["HOU", "AOU"], share: 21.6 },
  { name: "half totals", kinds: ["1HOU", "2HOU"], share: 13.1 },
  { name: "1X2", kinds: ["1X2"], share: 0.6 },
  { name: "Double Chance", kinds: ["DC"], share: 0.3 },
  { name: "BTTS", kinds: ["BTTS"], share: 0 },
  { name: "other", kinds: ["CS", "HTFT", "HCP", "AH", "DNB", "1H1X2", "HWEH", "AWEH"], share: 4.7 },
];
/** Of team-total legs, the share on "Over 0.5" (the history's are nearly all that). */
const TEAM_OVER_HALF = 0.9;
/** The competitions' shares of legs (per cent). */
const COMPETITION_SHARES = { "four leagues": 14.6, "UEFA cups": 7, others: 78.4 } as const;
type CompetitionGroup = keyof typeof COMPETITION_SHARES;
const LEG_TRIALS = 19;
const LEG_P = 10.6 / LEG_TRIALS;

const groupOf = (fixture: BookingFixture): CompetitionGroup =>
  fixture.board!.competition.group === "four-leagues" ? "four leagues" : fixture.board!.competition.key.startsWith("UEFA/") ? "UEFA cups" : "others";

/** The families a book quotes, with their shares renormalised over them. */
function familiesAt(book: MintingBook): { name: string; kinds: MarketKind[]; share: number }[] {
  const quoted = new Set<MarketKind>(["1X2", "DC", "OU", "BTTS", ...catalogueKindsOf(book)]);
  const kept = FAMILIES.map((f) => ({ ...f, kinds: f.kinds.filter((k) => quoted.has(k)) })).filter((f) => f.kinds.length > 0 && f.share > 0);
  const total = kept.reduce((sum, f) => sum + f.share, 0);
  return kept.map((f) => ({ ...f, share: f.share / total }));
}

const FAMILY_KINDS: ReadonlySet<MarketKind> = new Set(["1X2", "DC", "OU", "BTTS"]);
/** Whether the book's feed lists the selection: the four families' all, the other types' where markets.json gives the book an outcome id. */
const listedAt = (book: MintingBook, pick: CataloguePick) => FAMILY_KINDS.has(pick.kind) || (simBookIds(book, pick.kind)?.outcomes[pick.index] ?? null) !== null;

/** Seeded slips in the real mix, a third at each book, each leg on its own fixture. */
function buildMixCorpus(simulator: RunningSimulator, t: number): CorpusSlip[] {
  const random = mulberry32(SEED);
  const draw = <T,>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const weighted = <T extends { share: number }>(items: readonly T[]): T => {
    let u = random() * items.reduce((sum, i) => sum + i.share, 0);
    for (const item of items) if ((u -= item.share) < 0) return item;
    return items.at(-1)!;
  };
  const booking = simulator.sim.boardBooking!;
  const pools = new Map(
    MINTING_BOOKS.map((book) => {
      const byGroup = new Map<CompetitionGroup, BookingFixture[]>();
      for (const fixture of booking.bookable(book, t)) byGroup.set(groupOf(fixture), [...(byGroup.get(groupOf(fixture)) ?? []), fixture]);
      const groups = Object.entries(COMPETITION_SHARES).map(([group, share]) => ({ group: group as CompetitionGroup, share, fixtures: byGroup.get(group as CompetitionGroup) ?? [] }));
      return [book, groups] as const;
    }),
  );
  const slips: CorpusSlip[] = [];
  for (let i = 0; i < MIX_CODES; i++) {
    const book = MINTING_BOOKS[i % MINTING_BOOKS.length]!;
    const families = familiesAt(book);
    let size = 1;
    for (let trial = 0; trial < LEG_TRIALS; trial++) if (random() < LEG_P) size += 1;
    const used = new Set<number>();
    const legs: CorpusLeg[] = [];
    // A leg's family and competition group are drawn once, then its fixture until one quotes the family: a redraw keeps the mix.
    for (let slot = 0; legs.length < size && slot < size * 3; slot++) {
      const family = weighted(families);
      const group = weighted(pools.get(book)!);
      for (let attempt = 0; attempt < 20; attempt++) {
        const fixture = draw(group.fixtures);
        if (used.has(fixture.serial)) continue;
        const markets = (booking.markets(book, fixture.board!, t) ?? []).filter((m) => !m.suspended && family.kinds.includes(m.kind));
        const picks = markets.flatMap((m) => m.prices.map((_, index): CataloguePick => ({ kind: m.kind, line: m.line, index }))).filter((p) => listedAt(book, p));
        const overHalf = picks.filter((p) => (p.kind === "HOU" || p.kind === "AOU") && p.line === 0.5 && p.index === 0);
        const pick = family.name === "team totals" && overHalf.length > 0 && random() < TEAM_OVER_HALF ? draw(overHalf) : picks.length > 0 ? draw(picks) : undefined;
        if (!pick) continue;
        const { price } = quoteLeg(simulator.sim, book, { fixture, pick }, t);
        if (price === undefined) continue;
        used.add(fixture.serial);
        // The truth is judged against our events when the answers come back (check below).
        legs.push({ fixture, pick, price, truth: { reason: "event" } });
        break;
      }
    }
    slips.push({ book, legs });
  }
  return slips;
}

/** One corpus's figures: codes, legs, mapped, the wrong, and the unmapped by reason with how many the truth agrees with. */
export interface CorpusTally {
  codes: number;
  legs: number;
  mapped: number;
  wrong: string[];
  /** Legs read back unmapped, by reason, and how many the truth agrees with. */
  unmapped: Partial<Record<UnmappedReason, { legs: number; right: number }>>;
  misreported: string[];
}

export const newCorpusTally = (): CorpusTally => ({ codes: 0, legs: 0, mapped: 0, wrong: [], unmapped: {}, misreported: [] });

/** Our selection for a leg on one of our events: the catalogue's, turned when our event lists the fixture the other way round from the book. */
function expectedSelection(slip: CorpusSlip, leg: CorpusLeg, event: { id: string; home: string; away: string }) {
  const pick = leg.pick as CataloguePick;
  return comparedSelection(legReversed(slip.book, leg.fixture, event) ? otherSidePick(pick) : pick);
}

/**
 * One code's answer against the world, each leg counted in its book's tally and its type's: a
 * mapped leg is the event of ours that is its fixture, its selection and the book's price; an
 * unmapped one names its reason truly (`event`: no event of ours is that fixture; `ambiguous`:
 * several are; `market`: our event is, but the catalogue does not compare its selection).
 */
function check(tallyOf: (leg: CorpusLeg) => CorpusTally[], ours: OursByFixture, slip: CorpusSlip, code: string, answer: BookingRead): void {
  const { book } = slip;
  for (const leg of slip.legs) for (const tally of tallyOf(leg)) tally.legs += 1;
  const unaccounted = new Set(slip.legs);
  for (const got of answer.legs) {
    const leg = [...unaccounted].find((l) => ours.get(l.fixture.serial)?.some((e) => e.id === got.eventId));
    const event = leg && ours.get(leg.fixture.serial)?.find((e) => e.id === got.eventId);
    const expected = leg && event && expectedSelection(slip, leg, event);
    const tallies = leg ? tallyOf(leg) : tallyOf(slip.legs[0]!).slice(0, 1);
    if (!leg || !expected || expected.marketId !== got.marketId || expected.selectionTypeId !== got.selectionTypeId || got.bookPrice !== leg.price) {
      for (const tally of tallies) tally.wrong.push(`${book} ${code}: read ${JSON.stringify([got.eventId, got.marketId, got.selectionTypeId, got.bookPrice])}, meant ${leg ? JSON.stringify([leg.fixture.serial, leg.pick, expected, leg.price]) : "no leg of the slip"}`);
      continue;
    }
    unaccounted.delete(leg);
    for (const tally of tallies) tally.mapped += 1;
  }
  for (const got of answer.unmapped) {
    const leg = [...unaccounted].find((l) => got.home === l.fixture.home.names[book] && got.away === l.fixture.away.names[book] && got.kickoff === new Date(l.fixture.kickoff).toISOString());
    if (!leg) {
      tallyOf(slip.legs[0]!)[0]!.misreported.push(`${book} ${code}: unmapped ${JSON.stringify(got)} names no leg of the slip`);
      continue;
    }
    unaccounted.delete(leg);
    const events = ours.get(leg.fixture.serial) ?? [];
    const right =
      (got.reason === "event" && events.length === 0) ||
      (got.reason === "ambiguous" && events.length > 1) ||
      (got.reason === "market" && events.length === 1 && expectedSelection(slip, leg, events[0]!) === undefined);
    for (const tally of tallyOf(leg)) {
      const row = (tally.unmapped[got.reason] ??= { legs: 0, right: 0 });
      row.legs += 1;
      if (right) row.right += 1;
      else tally.misreported.push(`${book} ${code}: ${leg.fixture.home.name} v ${leg.fixture.away.name} ${JSON.stringify(leg.pick)} reported ${got.reason} (${events.length} event(s) of ours are that fixture)`);
    }
  }
  for (const leg of unaccounted) for (const tally of tallyOf(leg)) tally.misreported.push(`${book} ${code}: ${leg.fixture.home.name} v ${leg.fixture.away.name} ${JSON.stringify(leg.pick)} is neither mapped nor reported`);
}

const count = (items: readonly string[]) => items.reduce((counts, item) => counts.set(item, (counts.get(item) ?? 0) + 1), new Map<string, number>());
const percent = (part: number, whole: number) => (whole === 0 ? "-" : `${((100 * part) / whole).toFixed(1)} %`);

/** A table's rows: legs, mapped, wrong and each reason's unmapped legs (right of reported). */
function table(title: string, tallies: Map<string, CorpusTally>): string {
  const lines = [`| ${title} | codes | legs | mapped | wrong | unmapped (right of reported) | misreported |`, "|---|---|---|---|---|---|---|"];
  for (const [name, x] of tallies) {
    const unmapped = Object.entries(x.unmapped).map(([reason, r]) => `${reason} ${r.right} of ${r.legs}`).join(", ") || "none";
    lines.push(`| ${name} | ${x.codes || ""} | ${x.legs} | ${x.mapped} (${percent(x.mapped, x.legs)}) | ${x.wrong.length} | ${unmapped} | ${x.misreported.length} |`);
  }
  return lines.join("\n");
}

/**
 * The corpus built at `now` on the collected board, minted at the books, read through
 * `GET /odds/booking` and judged against the world; prints its tables and asserts at least 95 % of
 * all legs mapped at the code's own book, none wrongly, every other leg's reason true.
 */
export async function marketMixCorpus(t: TestApi, simulator: RunningSimulator, sink: Awaited<ReturnType<typeof startSmtpSink>>, now: number): Promise<void> {
  const ours = await oursByFixture(t, simulator, now);
  const corpus = buildMixCorpus(simulator, now);
  const legs = corpus.flatMap((slip) => slip.legs);

  // The corpus is the mix it says: ticket sizes, markets and competitions.
  expect(corpus.every((slip) => slip.legs.length >= 1 && slip.legs.length <= 20)).toBe(true);
  expect(legs.length / corpus.length).toBeGreaterThan(11);
  expect(legs.length / corpus.length).toBeLessThan(12.2);
  const share = (legsOf: CorpusLeg[], test: (leg: CorpusLeg) => boolean) => (100 * legsOf.filter(test).length) / legsOf.length;
  const sporty = corpus.filter((s) => s.book === "sportybet").flatMap((s) => s.legs);
  for (const family of FAMILIES) expect(Math.abs(share(sporty, (leg) => family.kinds.includes(leg.pick.kind)) - family.share), `SportyBet ${family.name}`).toBeLessThan(2.5);
  for (const [group, target] of Object.entries(COMPETITION_SHARES)) expect(Math.abs(share(legs, (leg) => groupOf(leg.fixture) === group) - target), group).toBeLessThan(2.5);
  const competitions = new Set(legs.map((leg) => leg.fixture.board!.competition.key));
  expect(competitions.size).toBeGreaterThanOrEqual(74);

  // Minted straight at each book, the books side by side; each code read at its own book.
  const reader = await verifiedBearer(t, sink);
  const { codes, answers } = await mintAndRead(simulator.sim, (book) => simulator.baseUrl(book), corpus, async (provider, code) => {
    const res = await t.http.get("/odds/booking").query({ provider, code }).set(reader);
    expect(res.status, res.text).toBe(200);
    return res.body.data as BookingRead;
  });

  const byBook = new Map<string, CorpusTally>([...MINTING_BOOKS.map((book) => [book, newCorpusTally()] as const), ["all", newCorpusTally()]]);
  const byKind = new Map<string, CorpusTally>();
  for (const slip of corpus) {
    byBook.get(slip.book)!.codes += 1;
    byBook.get("all")!.codes += 1;
    const tallyOf = (leg: CorpusLeg) => {
      const kind = byKind.get(leg.pick.kind) ?? newCorpusTally();
      byKind.set(leg.pick.kind, kind);
      return [byBook.get("all")!, byBook.get(slip.book)!, kind];
    };
    check(tallyOf, ours, slip, codes.get(slip)!, answers.get(slip)!);
  }
  const kinds = new Map([...byKind].sort(([, a], [, b]) => b.legs - a.legs));
  const offGrid = corpus.flatMap((slip) => slip.legs.filter((leg) => !comparedSelection(leg.pick)).map((leg) => `${slip.book} ${leg.pick.kind} ${(leg.pick as CataloguePick).line}`));
  const eventless = corpus.flatMap((slip) => slip.legs.filter((leg) => !ours.has(leg.fixture.serial)).map((leg) => `${slip.book} ${leg.fixture.board!.competition.key}`));
  console.log(
    [
      `Booking corpus in the real market mix (seed ${SEED}, ${MIX_CODES} codes, ${legs.length} legs on ${competitions.size} competitions; ${(legs.length / corpus.length).toFixed(1)} legs a code):`,
      table("book", byBook),
      table("type", kinds),
      `legs on a fixture no event of ours is: ${[...new Set(eventless)].join(", ") || "none"}`,
      `legs in a market we do not compare: ${[...count(offGrid)].map(([what, n]) => `${what} (${n})`).join(", ") || "none"}`,
    ].join("\n\n"),
  );

  const all = byBook.get("all")!;
  expect(all.codes).toBe(MIX_CODES);
  for (const book of MINTING_BOOKS) expect(byBook.get(book)!.codes, book).toBe(MIX_CODES / MINTING_BOOKS.length);
  expect(all.wrong).toEqual([]);
  expect(all.misreported).toEqual([]);
  expect(all.mapped / all.legs).toBeGreaterThanOrEqual(0.95);
}
