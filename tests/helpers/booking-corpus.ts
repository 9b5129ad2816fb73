/**
 * A corpus of booking codes minted straight at the simulated books (docs/design.md, Booking codes):
 * seeded random slips over the fixtures each book takes, each leg kept with its truth, and each
 * slip booked through the book's own create endpoint in its real request shape. Legs in markets we
 * compare (every catalogue type the book quotes, `comparedSelection`) are encoded by our codecs'
 * `mintRequest`; the others (the older correct-score and HT/FT picks in the simulator's own ids,
 * Over/Under 6.5, off the grid) are spelled with the book's ids beside them.
 */
import { request } from "undici";
import type { BookingRead, UnmappedReason } from "#shared/contract.ts";
import { BOOKMAKER_ID_BY_KEY } from "#api/feeds/types.ts";
import { BOOKING_ADAPTERS } from "#api/feeds/booking/index.ts";
import type { MintLeg } from "#api/feeds/booking/types.ts";
import { betslip } from "#api/feeds/bookmakers/bet9ja/bet9ja-booking.ts";
import type { BookingFixture } from "#api/feeds/simulator/booking/board-booking.ts";
import { unlistedFixtures, unlistedLeague } from "#api/feeds/simulator/booking/booking-fixtures.ts";
import { isCataloguePick, quoteLeg, type BookedPick } from "#api/feeds/simulator/booking/booking-store.ts";
import { kindOutcomes, simCatalogueMarket } from "#api/feeds/simulator/scenario/catalogue-kinds.ts";
import { mirrored } from "#api/feeds/simulator/scenario/pricing.ts";
import { bet9jaEventId, betkingItemId } from "#api/feeds/simulator/event-ids.ts";
import { leagueById } from "#api/feeds/simulator/leagues.ts";
import { mulberry32 } from "#api/feeds/simulator/scenario/random.ts";
import { allPicks, bet9jaKey, betkingMatchOddsId, sportybetIds } from "#api/feeds/simulator/sites/booking-picks.ts";
import type { FeedSimulator, SimFixture } from "#api/feeds/simulator/index.ts";

export type MintingBook = "sportybet" | "bet9ja" | "betking";
export const MINTING_BOOKS: readonly MintingBook[] = ["sportybet", "bet9ja", "betking"];

/** What a leg must read as: our event, market and selection, or the reason it is reported unmapped. */
export type LegTruth = { eventId: string; marketId: number; selectionTypeId: number } | { reason: UnmappedReason };

export interface CorpusLeg {
  /** A fixture of the four leagues' world, an unlisted league's, or (SIM_WORLD=board) the board's. */
  fixture: BookingFixture;
  pick: BookedPick;
  /** The book's price when booked (the simulator's clock stands still, so also when read). */
  price: number;
  truth: LegTruth;
}

export interface CorpusSlip {
  book: MintingBook;
  legs: CorpusLeg[];
}

/** Our events by Sportradar id, with their home and away as stored: the truth's side of the join. */
export type OurEvents = Map<string, { id: string; home: string; away: string }>;

/**
 * Our market and selection for a pick in the book's orientation, from the catalogue alone
 * (`markets.json` through the simulator's `scenario/catalogue-kinds.ts`: the pick's type key, its
 * line and its outcome's place), for every type the simulator books: the four families, the
 * catalogue's other types, 1UP and 2UP; undefined for a line off the type's grid (Over/Under 6.5)
 * and for the older correct-score and HT/FT picks, spelled with the simulator's own ids
 * (`sites/booking-picks.ts`), so read as a market we do not compare.
 */
export function comparedSelection(pick: BookedPick): { marketId: number; selectionTypeId: number } | undefined {
  if (!isCataloguePick(pick)) return undefined;
  const market = simCatalogueMarket(pick.kind, pick.line);
  const selectionTypeId = market?.selections[pick.index];
  return market && selectionTypeId !== undefined ? { marketId: market.id, selectionTypeId } : undefined;
}

/** A pick in one of the quoted markets' types: `{kind, line, index}`. */
export type CataloguePick = Extract<BookedPick, { index: number }>;

/**
 * The same selection seen from the other side, as the simulator prices a fixture a book lists the
 * other way round (`scenario/pricing.ts`'s `mirrored`, never our `api/booking/mirror.ts`): the
 * pick's place among the mirrored market's selections, its kind and line the mirrored market's.
 */
export function otherSidePick(pick: CataloguePick): CataloguePick {
  const places = kindOutcomes(pick.kind).map((_, i) => i);
  const turned = mirrored({ kind: pick.kind, line: pick.line, prices: places, suspended: false, boosted: false });
  return { kind: turned.kind, line: turned.line, index: turned.prices.indexOf(pick.index) };
}

/** A leg's truth, from the simulator's fixture and pick and our stored events alone. */
function truthOf(fixture: SimFixture, pick: BookedPick, ours: OurEvents): LegTruth {
  const event = ours.get(fixture.srId);
  if (!event) return { reason: "event" };
  const selection = comparedSelection(pick);
  if (!selection) return { reason: "market" };
  const names = (club: SimFixture["home"]) => new Set([club.name, ...Object.values(club.names)]);
  const reversed = names(fixture.away).has(event.home) && names(fixture.home).has(event.away);
  if (!reversed && !(names(fixture.home).has(event.home) && names(fixture.away).has(event.away))) {
    throw new Error(`our event ${event.id} (${event.home} v ${event.away}) is not ${fixture.home.name} v ${fixture.away.name} either way round`);
  }
  const ourSide = reversed && isCataloguePick(pick) ? comparedSelection(otherSidePick(pick)) : selection;
  return ourSide ? { eventId: event.id, ...ourSide } : { reason: "market" };
}

export interface CorpusOptions {
  seed: number;
  codes: number;
  /** Most legs in one slip (at least one each). */
  maxLegs: number;
  /** Share of legs on fixtures in leagues we do not list. */
  unlistedShare: number;
  /** Share of legs on listed fixtures in a market we do not compare (correct score, HT/FT). */
  otherMarketShare: number;
}

/**
 * Seeded slips, one book after another, each leg on a fixture of its own (BetKing books two
 * selections of one match as an empty code), priced at the book now: the simulator books only
 * what it prices.
 */
export function buildCorpus(sim: FeedSimulator, t: number, ours: OurEvents, options: CorpusOptions): CorpusSlip[] {
  const random = mulberry32(options.seed);
  const draw = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const unlisted = unlistedFixtures(sim.seed, t).filter((f) => f.kickoff > t);
  const otherPicks = allPicks().filter((p) => p.kind === "CS" || p.kind === "HTFT");
  // SportyBet's older HT/FT picks carry the real ids (418-434, docs/design.md, Market catalogue), so a
  // code holds them as the catalogue's HT/FT pick (`atBook`); they are still not drawn on a listed
  // fixture there, which keeps the recorded corpus's random stream (docs/benchmarks.md, Booking codes).
  const otherPicksAt = (book: MintingBook) => (book === "sportybet" ? otherPicks.filter((p) => p.kind !== "HTFT") : otherPicks);
  /** The pick as the book holds it: SportyBet books an older HT/FT pick by the catalogue's ids (sites/booking-picks.ts, everyPick). */
  const atBook = (book: MintingBook, pick: BookedPick): BookedPick => (book === "sportybet" && pick.kind === "HTFT" && !isCataloguePick(pick) ? { kind: "HTFT", line: null, index: pick.ht * 3 + pick.ft } : pick);
  const listings = new Map(MINTING_BOOKS.map((book) => [book, sim.listing(book, undefined, t)]));
  const slips: CorpusSlip[] = [];
  for (let i = 0; i < options.codes; i++) {
    const book = MINTING_BOOKS[i % MINTING_BOOKS.length]!;
    const listing = listings.get(book)!;
    const size = 1 + Math.floor(random() * options.maxLegs);
    const used = new Set<number>();
    const legs: CorpusLeg[] = [];
    for (let attempt = 0; legs.length < size && attempt < size * 20; attempt++) {
      const fromUnlisted = random() < options.unlistedShare;
      const fixture = fromUnlisted ? draw(unlisted) : draw(listing).fixture;
      if (used.has(fixture.serial)) continue;
      let pick: BookedPick;
      if (fromUnlisted) pick = atBook(book, draw(allPicks()));
      else if (random() < options.otherMarketShare) pick = draw(otherPicksAt(book));
      else {
        const market = draw(listing.find((p) => p.fixture.serial === fixture.serial)!.markets.filter((m) => !m.suspended));
        pick = { kind: market.kind, line: market.line, index: Math.floor(random() * market.prices.length) };
      }
      const { price } = quoteLeg(sim, book, { fixture, pick }, t);
      if (price === undefined) continue;
      used.add(fixture.serial);
      legs.push({ fixture, pick, price, truth: truthOf(fixture, pick, ours) });
    }
    slips.push({ book, legs });
  }
  return slips;
}

/** The book's own id of a fixture's event, as its feed and its booking endpoints write it. */
function bookEventId(book: MintingBook, fixture: SimFixture): string {
  if (book === "bet9ja") return String(bet9jaEventId(fixture));
  if (book === "betking") return String(betkingItemId(fixture));
  return fixture.srId;
}

function tournamentOf(book: MintingBook, fixture: BookingFixture): string {
  if (fixture.board) return fixture.board.competition.books[book]?.name ?? "";
  return leagueById(fixture.competitionId)?.[book].name ?? unlistedLeague(fixture)?.name ?? "";
}

/** The leg as our mint would send it; a leg outside our markets has no selection of ours (BetKing books it by its MatchOddsID alone). */
function mintLeg(book: MintingBook, leg: CorpusLeg): MintLeg {
  const { fixture, pick } = leg;
  const selection = comparedSelection(pick) ?? { marketId: 0, selectionTypeId: 0 };
  return {
    externalId: bookEventId(book, fixture),
    srId: fixture.srId,
    ...selection,
    price: leg.price,
    ...(book === "betking" ? { bookSelectionId: String(betkingMatchOddsId(fixture, pick)) } : {}),
    home: fixture.home.names[book],
    away: fixture.away.names[book],
    kickoff: new Date(fixture.kickoff),
    tournament: tournamentOf(book, fixture),
  };
}

/** SportyBet's `selections`: ours from the codec, the others with SportyBet's (Sportradar's) ids. */
function sportybetBody(base: string, legs: readonly CorpusLeg[]) {
  const codec = BOOKING_ADAPTERS.sportybet!;
  const selections = legs.map((leg) => {
    if (comparedSelection(leg.pick)) return (JSON.parse(String(codec.mintRequest!(base, [mintLeg("sportybet", leg)]).body)) as { selections: unknown[] }).selections[0];
    const { marketId, specifier, outcomeId } = sportybetIds(leg.pick);
    return { eventId: leg.fixture.srId, marketId, specifier, outcomeId };
  });
  return { ...codec.mintRequest!(base, []), body: JSON.stringify({ selections }) };
}

type Bet9jaSlip = ReturnType<typeof betslip>;

/** Bet9ja's BETSLIP: ours from the codec, the others keyed by Bet9ja's odds key; ODDMIN the unrounded product. */
function bet9jaBody(base: string, legs: readonly CorpusLeg[]) {
  const codec = BOOKING_ADAPTERS.bet9ja!;
  const entries = legs.map((leg) => {
    const slip = comparedSelection(leg.pick) ? betslip([mintLeg("bet9ja", leg)]) : undefined;
    const ours = slip && Object.values(slip.EVS)[0];
    if (ours) return ours;
    const key = bet9jaKey(leg.pick);
    const [, marketWithLine = "", sign = ""] = key.split("_");
    const [market = "", hnd = ""] = marketWithLine.split("@");
    const eventId = bookEventId("bet9ja", leg.fixture);
    const kickoff = new Date(leg.fixture.kickoff).toISOString().slice(0, 19).replace("T", " ").replaceAll("-", "/");
    const name = `${leg.fixture.home.names.bet9ja} v ${leg.fixture.away.names.bet9ja}`;
    const tournament = tournamentOf("bet9ja", leg.fixture);
    return { id: `${eventId}$${key}`, eventId, eventCode: "", eventName: name, market, sid: key, sign, GN: tournament, leagueName: tournament, SG: "", startdate: kickoff, oddValue: leg.price.toFixed(2), hnd, sportName: "" };
  });
  const slip: Bet9jaSlip = betslip([]);
  const product = entries.reduce((total, e) => total * Number(e.oddValue), 1);
  const bet = { ...slip.BETS[0]!, NUMLINES: entries.length, TYPE: entries.length, ODDMIN: product, ODDMAX: product, ODDS: Object.fromEntries(entries.map((e) => [e.id, e.oddValue])) };
  const body = { ...slip, BETS: [bet], EVS: Object.fromEntries(entries.map((e) => [e.id, e])) };
  return { ...codec.mintRequest!(base, []), body: new URLSearchParams({ BETSLIP: JSON.stringify(body) }).toString() };
}

/** The slip booked at its book's create endpoint; answers the code, checked to hold exactly the slip's legs. */
export async function mintAtBook(sim: FeedSimulator, baseUrl: string, slip: CorpusSlip): Promise<string> {
  const codec = BOOKING_ADAPTERS[slip.book]!;
  const req =
    slip.book === "sportybet"
      ? sportybetBody(baseUrl, slip.legs)
      : slip.book === "bet9ja"
        ? bet9jaBody(baseUrl, slip.legs)
        : codec.mintRequest!(baseUrl, slip.legs.map((leg) => mintLeg("betking", leg)));
  const res = await request(req.url, { method: req.method ?? "POST", headers: req.headers, ...(req.body === undefined ? {} : { body: req.body }) });
  const minted = codec.parseMint!(await res.body.text(), res.statusCode);
  if (!minted.ok) throw new Error(`${slip.book} refused a corpus slip: ${minted.error}`);
  if (minted.ok && minted.refusedLegs) throw new Error(`${slip.book} refused ${minted.refusedLegs} leg(s) of a corpus slip`);
  const booked = sim.bookings.get(slip.book, minted.code)?.legs.map((leg) => `${leg.fixture.serial}:${JSON.stringify(leg.pick)}`);
  const meant = slip.legs.map((leg) => `${leg.fixture.serial}:${JSON.stringify(leg.pick)}`);
  if (JSON.stringify(booked) !== JSON.stringify(meant)) throw new Error(`${slip.book} code ${minted.code} holds ${JSON.stringify(booked)}, not the slip ${JSON.stringify(meant)}`);
  return minted.code;
}

/** How a corpus reads a code back through our API: `GET /odds/booking` as a signed-in reader, its answer's data. */
export type ReadCode = (provider: number, code: string) => Promise<BookingRead>;

/**
 * Every slip minted at its book (the books side by side, each book's slips in turn), then every code
 * read back through `read`: each slip's code and our answer for it.
 */
export async function mintAndRead(sim: FeedSimulator, baseUrl: (book: MintingBook) => string, corpus: readonly CorpusSlip[], read: ReadCode): Promise<{ codes: Map<CorpusSlip, string>; answers: Map<CorpusSlip, BookingRead> }> {
  const codes = new Map<CorpusSlip, string>();
  const answers = new Map<CorpusSlip, BookingRead>();
  const eachBook = (work: (slip: CorpusSlip) => Promise<void>) =>
    Promise.all(
      MINTING_BOOKS.map(async (book) => {
        for (const slip of corpus.filter((s) => s.book === book)) await work(slip);
      }),
    );
  await eachBook(async (slip) => void codes.set(slip, await mintAtBook(sim, baseUrl(slip.book), slip)));
  await eachBook(async (slip) => void answers.set(slip, await read(BOOKMAKER_ID_BY_KEY[slip.book], codes.get(slip)!)));
  return { codes, answers };
}
