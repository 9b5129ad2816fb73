/**
 * The simulator's booking codes (docs/design.md, Simulator): an in-memory store per simulator of
 * codes in each book's own format, and what a booked leg is worth when a code is read. A read
 * answers the simulator's current prices: the feeds' own quote for the markets we compare on
 * listed fixtures (the board's quotes for a board fixture under SIM_WORLD=board), a small goals
 * model for correct score, HT/FT and unlisted fixtures; a started fixture's legs are unavailable.
 */
import { randomInt } from "node:crypto";
import type { BookmakerKey } from "../../types.ts";
import type { BookingFixture } from "./board-booking.ts";
import { isUnlisted, type SimQuotes } from "./booking-fixtures.ts";
import type { CatalogueKind, MarketKind } from "../scenario/margins.ts";
import { MarketModel } from "../scenario/market-model.ts";
import { catalogueProbabilities } from "../scenario/pricing.ts";

const LEGACY: ReadonlySet<MarketKind> = new Set<MarketKind>(["1X2", "DC", "OU", "BTTS"]);
import { unit } from "../scenario/random.ts";
import type { SimFixture } from "../scenario/schedule.ts";

/**
 * A booked pick: a selection of any type the feeds quote (the QuotedMarket's kind, line and
 * selection index: the four families in their order, the other catalogue types in markets.json's),
 * or the older correct-score and HT/FT picks, markets the booking store prices from its own model.
 */
export type BookedPick =
  | { kind: MarketKind; line: number | null; index: number }
  | { kind: "CS"; home: number; away: number }
  /** Half-time then full-time result, each 0 home, 1 draw, 2 away. */
  | { kind: "HTFT"; ht: number; ft: number };

/** A pick of a quoted market (`{kind, line, index}`), not one of the older correct-score or HT/FT picks. */
export const isCataloguePick = (pick: BookedPick): pick is { kind: MarketKind; line: number | null; index: number } => "index" in pick;

export interface BookedLeg {
  fixture: BookingFixture;
  pick: BookedPick;
}

export interface StoredCode {
  code: string;
  /** 1, 2, 3... per book, in minting order. */
  number: number;
  legs: BookedLeg[];
  mintedAt: number;
}

export interface SimBookingOptions {
  /** Each booking answer waits a uniform draw from this range (real books take 0.3-1.5 s); none by default. */
  latencyMs?: { min: number; max: number };
  /** Which Bet9ja codes read back one leg short: every 7th minted (the default), always, or never. */
  bet9jaLosesLeg?: "every-7th" | "always" | "never";
}

/** The format of each book's codes (docs/design.md, Booking endpoints). */
const FORMATS: Record<BookmakerKey, { length: number; prefix: string }> = {
  sportybet: { length: 6, prefix: "" },
  bet9ja: { length: 7, prefix: "5" },
  betking: { length: 6, prefix: "" },
  "1xbet": { length: 5, prefix: "" },
  nairabet: { length: 6, prefix: "" },
};
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789";

export class BookingStore {
  private readonly codes = new Map<BookmakerKey, Map<string, StoredCode>>();
  private counter = 0;

  constructor(
    private readonly seed: number,
    readonly options: SimBookingOptions = {},
  ) {}

  /** Stores legs under a new code; also how a test makes a 1xBet code, whose site has no create endpoint here. */
  create(book: BookmakerKey, legs: BookedLeg[], t: number): StoredCode {
    const codes = this.codes.get(book) ?? new Map<string, StoredCode>();
    this.codes.set(book, codes);
    const number = codes.size + 1;
    let code = codeText(book);
    while (codes.has(code)) code = codeText(book);
    const stored = { code, number, legs, mintedAt: t };
    codes.set(code, stored);
    return stored;
  }

  get(book: BookmakerKey, code: string): StoredCode | undefined {
    return this.codes.get(book)?.get(code);
  }

  /** A stored code with the same legs, for a book that answers a rebooking with the same code (BetKing). */
  findSame(book: BookmakerKey, legs: readonly BookedLeg[]): StoredCode | undefined {
    const key = legsKey(legs);
    return [...(this.codes.get(book)?.values() ?? [])].find((stored) => legsKey(stored.legs) === key);
  }

  /** Whether Bet9ja reads this code back one leg short. */
  losesLeg(stored: StoredCode): boolean {
    const rule = this.options.bet9jaLosesLeg ?? "every-7th";
    if (stored.legs.length < 2 || rule === "never") return false;
    return rule === "always" || stored.number % 7 === 0;
  }

  /** How long the next booking answer waits, in ms (0 without the latency option). */
  nextDelayMs(): number {
    const range = this.options.latencyMs;
    if (!range) return 0;
    this.counter += 1;
    return Math.round(range.min + unit(this.seed, "booking-latency", this.counter) * (range.max - range.min));
  }

}

/**
 * A new code in the book's shape, drawn from the CSPRNG rather than the seed: every simulator runs
 * the same seed, so seeded codes were the same at every instance, and two instances gave one code
 * to two slips (docs/design.md, Simulator). The store refuses a repeat of its own codes.
 */
function codeText(book: BookmakerKey): string {
  const { length, prefix } = FORMATS[book];
  let text = prefix;
  for (let i = text.length; i < length; i++) text += ALPHABET[randomInt(ALPHABET.length)];
  return text;
}

const pickKey = (pick: BookedPick) => JSON.stringify(pick);
const legsKey = (legs: readonly BookedLeg[]) =>
  legs
    .map((leg) => `${leg.fixture.serial}:${pickKey(leg.pick)}`)
    .sort()
    .join("|");

export interface LegQuote {
  started: boolean;
  /** The book's current price; undefined when it does not offer the pick now (suspended, not quoted, started). */
  price?: number;
}

/** What a booked leg is worth at `t` at one book. */
export function quoteLeg(sim: SimQuotes, book: BookmakerKey, leg: BookedLeg, t: number): LegQuote {
  const { fixture, pick } = leg;
  if (fixture.kickoff <= t) return { started: true };
  if (!isCataloguePick(pick) || isUnlisted(fixture)) {
    const price = modelPrice(sim.seed, book, fixture, pick);
    return price === undefined ? { started: false } : { started: false, price };
  }
  // The four families' picks need only those priced (the same prices either way).
  const wanted = LEGACY.has(pick.kind) ? "main" : "all";
  const markets = fixture.board ? (sim.boardBooking?.markets(book, fixture.board, t, wanted) ?? null) : sim.quote(book, fixture, t, wanted);
  const market = markets?.find((m) => m.kind === pick.kind && m.line === pick.line);
  const price = market && !market.suspended ? market.prices[pick.index] : undefined;
  return price === undefined ? { started: false } : { started: false, price };
}

const poisson = (k: number, mean: number) => {
  let p = Math.exp(-mean);
  for (let i = 1; i <= k; i++) p *= mean / i;
  return p;
};
const result = (home: number, away: number) => (home > away ? 0 : home === away ? 1 : 2);

/** The probability of a pick under independent Poisson goals, halves split 45/55. */
function probability(pick: BookedPick, meanHome: number, meanAway: number): number {
  let p = 0;
  const max = 8;
  for (let h1 = 0; h1 <= max; h1++)
    for (let a1 = 0; a1 <= max; a1++) {
      const first = poisson(h1, meanHome * 0.45) * poisson(a1, meanAway * 0.45);
      for (let h2 = 0; h2 <= max - h1; h2++)
        for (let a2 = 0; a2 <= max - a1; a2++) {
          const home = h1 + h2;
          const away = a1 + a2;
          if (wins(pick, home, away, result(h1, a1))) p += first * poisson(h2, meanHome * 0.55) * poisson(a2, meanAway * 0.55);
        }
    }
  return p;
}

function wins(pick: BookedPick, home: number, away: number, halfTime: number): boolean {
  const full = result(home, away);
  if (!isCataloguePick(pick)) return pick.kind === "CS" ? home === pick.home && away === pick.away : halfTime === pick.ht && full === pick.ft;
  switch (pick.kind) {
    case "1X2":
      return full === pick.index;
    case "DC":
      return [full !== 2, full !== 1, full !== 0][pick.index] === true;
    case "OU":
      return pick.index === 0 ? home + away > (pick.line ?? 2.5) : home + away < (pick.line ?? 2.5);
    case "BTTS":
      return (home > 0 && away > 0) === (pick.index === 0);
    default:
      return false;
  }
}

/** A price from a small goals model: 6 % margin on the compared families, 20 % on correct score and HT/FT. */
function modelPrice(seed: number, book: BookmakerKey, fixture: SimFixture, pick: BookedPick): number | undefined {
  const meanHome = 1.1 + 0.9 * unit(seed, "booking-goals-home", fixture.serial);
  const meanAway = 0.7 + 0.8 * unit(seed, "booking-goals-away", fixture.serial);
  // The catalogue's other types from the feeds' market model (scenario/market-model.ts), on these goals.
  const other = isCataloguePick(pick) && !LEGACY.has(pick.kind);
  const p = other ? (catalogueProbabilities(pick.kind as CatalogueKind, pick.line, new MarketModel({ home: meanHome, away: meanAway }))[pick.index] ?? 0) : probability(pick, meanHome, meanAway);
  const margin = pick.kind === "CS" || pick.kind === "HTFT" ? 0.2 : 0.06;
  const shade = 1 + 0.02 * unit(seed, "booking-book", book, fixture.serial);
  const price = Math.round((100 / (p * (1 + margin) * shade)) * 1) / 100;
  return Number.isFinite(price) && price > 1.01 && price < 500 ? price : undefined;
}
