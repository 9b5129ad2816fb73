/** Helpers every adapter shares: body decoding, price sanitising, kick-off times, price sets. */
import { z } from "zod";
import { bookOutcomeRow, bookSelection, typeSelection } from "../../catalogue/catalogue.ts";
import { BOOKMAKER_ID_BY_KEY, type OfferBookCompetition, type BookmakerKey, type Offer, type OfferPrice, type ParseResult } from "../types.ts";
import { feedCatalogue } from "./feed-catalogue.ts";

export type Result<T> = { ok: true; value: T } | { ok: false; error: string; blocked?: true };

export function failure(error: string): { ok: false; error: string } {
  return { ok: false, error };
}

/** The site turned the client away (WAF, bot challenge): reported as `blocked`, never as a parse error. */
export function blockedFailure(error: string): { ok: false; error: string; blocked: true } {
  return { ok: false, error: `blocked: ${error}`, blocked: true };
}

/**
 * Marks of the challenge and block pages Cloudflare ("Just a moment...", cf-chl), Akamai
 * ("Access Denied" with a Reference #) and generic WAFs send instead of the API's JSON.
 */
const CHALLENGE_MARKS = [
  /<title>\s*just a moment/i,
  /cf-chl|challenge-platform|challenge-body|cf_chl_opt/i,
  /<title>\s*attention required/i,
  /<title>\s*access denied/i,
  /verifying you are human|enable javascript and cookies to continue/i,
  /captcha/i,
  /request (was )?(rejected|blocked)/i,
];

/** Whether a body is an HTML challenge or block page rather than an answer. */
export function isChallengePage(body: string): boolean {
  const text = body.trimStart().slice(0, 20_000);
  return text.startsWith("<") && CHALLENGE_MARKS.some((mark) => mark.test(text));
}

/** Product selection of one priced outcome. */
export interface ProductSelection {
  marketId: number;
  selectionTypeId: number;
}

export const SELECTIONS = {
  home: { marketId: 1, selectionTypeId: 1 },
  draw: { marketId: 1, selectionTypeId: 2 },
  away: { marketId: 1, selectionTypeId: 3 },
  bttsYes: { marketId: 7, selectionTypeId: 14 },
  bttsNo: { marketId: 7, selectionTypeId: 15 },
  homeOrDraw: { marketId: 8, selectionTypeId: 16 },
  homeOrAway: { marketId: 8, selectionTypeId: 17 },
  drawOrAway: { marketId: 8, selectionTypeId: 18 },
} as const satisfies Record<string, ProductSelection>;

/** The catalogue's full-time goal totals (docs/design.md, Market catalogue): markets 2-6 at lines 0.5-4.5. */
const FT_TOTAL_KEY = "ft-total";

/** A goal line as a number ("2.5", " 3.50", 1.5); undefined for anything else. */
function lineValue(line: unknown): number | undefined {
  const value = typeof line === "string" ? decimalText(line) : line;
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/** Over/Under selection for a goal line, as the catalogue's markets of full-time totals list them; undefined for lines it does not (5.5, Asian 2.25, ...). */
export function overUnder(line: unknown, side: "over" | "under"): ProductSelection | undefined {
  const value = lineValue(line);
  if (value === undefined) return undefined;
  const catalogue = feedCatalogue();
  const type = [...catalogue.types.values()].find((t) => t.key === FT_TOTAL_KEY && !t.retired);
  return type && typeSelection(catalogue, type.id, value, side);
}

/**
 * A book's line in goals (docs/design.md, Lines): a total ("2.5"), the goals added to the home side
 * ("-0.25", "+1"), or Sportradar's head starts "home:away" as SportyBet's `hcp=0:1` and BetKing's
 * `line=0:1` write a 3-way handicap, so 0:1 is −1 and 1:0 is +1. Undefined for anything else.
 */
export function lineGoals(line: unknown): number | undefined {
  if (typeof line === "number") return Number.isFinite(line) ? line : undefined;
  if (typeof line !== "string") return undefined;
  const text = line.trim();
  if (/^[+-]?\d+(\.\d+)?$/.test(text)) return Number(text);
  const headStarts = /^(\d+):(\d+)$/.exec(text);
  return headStarts ? Number(headStarts[1]) - Number(headStarts[2]) : undefined;
}

/** Whether a type of this line kind reads the line: totals at .5 only (whole ones push), 3-way handicaps whole, Asian lines by quarters. */
function readsLine(lineKind: string, value: number): boolean {
  if (lineKind === "total") return value > 0 && Math.abs((value * 2) % 2) === 1;
  if (lineKind === "handicap") return Number.isInteger(value);
  return Number.isInteger(value * 4);
}

/**
 * Our selection for a book's market, outcome and line, as the loaded catalogue maps them
 * (docs/design.md, Catalogue steps, step 2); undefined for one it does not. The line counts only
 * for a lined type, read as `lineGoals` reads it; a total only at .5 (docs/design.md, Adapters):
 * whole lines push. A line outside the type's grid has no market yet, so no selection.
 */
export function catalogueSelection(bookmaker: BookmakerKey, market: string | number, outcome: string | number, line: unknown, { strictLines = false } = {}): ProductSelection | undefined {
  const catalogue = feedCatalogue();
  const id = BOOKMAKER_ID_BY_KEY[bookmaker];
  const mapped = bookOutcomeRow(catalogue, id, String(market), String(outcome));
  const type = mapped && catalogue.types.get(mapped.type_id);
  if (!type) return undefined;
  // Some books send a line with every market (BetKing's SpecialBetValue, 1xBet's P 0); Bet9ja's key with a line on a market without lines is another market.
  if (type.lineKind === "none") return strictLines && line !== undefined ? undefined : bookSelection(catalogue, id, String(market), String(outcome), null);
  const value = lineGoals(line);
  if (value === undefined || !readsLine(type.lineKind, value)) return undefined;
  return bookSelection(catalogue, id, String(market), String(outcome), value);
}

/**
 * How one bookmaker ids its markets: fixed markets by market type and odd type, and one totals
 * market whose two sides need the goal line.
 */
export interface MarketIds<K extends string | number> {
  fixed: Record<K, Record<K, ProductSelection>>;
  totals: K;
  totalSides: Record<K, "over" | "under">;
}

/** The product selection of a bookmaker's market type and odd type (and line, for totals); undefined for one the product does not show. */
export function selectionIn<K extends string | number>(ids: MarketIds<K>, market: K, odd: K, line: unknown): ProductSelection | undefined {
  if (market === ids.totals) {
    const side = ids.totalSides[odd] as "over" | "under" | undefined;
    return side && overUnder(line, side);
  }
  return (ids.fixed[market] as Record<K, ProductSelection> | undefined)?.[odd];
}

function decimalText(text: string): number | undefined {
  return /^\s*\d+(\.\d+)?\s*$/.test(text) ? Number(text) : undefined;
}

/** Odds at or below this are placeholders for a suspended price (docs/design.md, Adapters). */
export const PLACEHOLDER_MAX = 1.01;

/** A usable decimal price from a number or numeric text; undefined for placeholders and junk. */
export function sanitizePrice(raw: unknown): number | undefined {
  return priceAbove(raw, PLACEHOLDER_MAX);
}

/**
 * `sanitizePrice` with the site's own placeholder ceiling: 1 for Bet9ja, which prices a closed
 * line "1" and quotes real 1.01s (docs/design.md, Bet9ja feed).
 */
export function priceAbove(raw: unknown, closedAtOrBelow: number): number | undefined {
  const value = typeof raw === "string" ? decimalText(raw) : raw;
  if (typeof value !== "number" || !Number.isFinite(value) || value <= closedAtOrBelow) return undefined;
  return value;
}

/**
 * Collects an event's prices. When a feed quotes the same selection twice (a match repeated across
 * market groups, or a boosted market beside the regular one) the higher price wins: it is the one
 * a bettor can actually take.
 */
export class PriceSet {
  readonly #prices = new Map<number, OfferPrice>();

  constructor(private readonly closedAtOrBelow = PLACEHOLDER_MAX) {}

  add(selection: ProductSelection | undefined, raw: unknown, boosted = false): void {
    const price = priceAbove(raw, this.closedAtOrBelow);
    if (!selection || price === undefined) return;
    const current = this.#prices.get(selection.selectionTypeId);
    if (current && current.price >= price) return;
    this.#prices.set(selection.selectionTypeId, { ...selection, price, boosted });
  }

  list(): OfferPrice[] {
    return [...this.#prices.values()].sort((a, b) => a.selectionTypeId - b.selectionTypeId);
  }
}

/**
 * Decodes a response body. A WAF or challenge page (Cloudflare, Akamai) arrives as HTML with a
 * 200, so it is a `blocked` failure: it means "needs a browser-like client or a Nigerian
 * egress" (decision 012), not "the shape changed". Other HTML is an error page.
 */
export function parseJsonBody(body: string): Result<unknown> {
  const text = body.trim();
  if (text === "") return failure("empty body");
  if (isChallengePage(text)) return blockedFailure(`answered a bot challenge page: ${snippet(text)}`);
  if (text.startsWith("<")) {
    return failure(`answered HTML instead of JSON (an error page?): ${snippet(text)}`);
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return failure(`body is not JSON (${(error as Error).message}): ${snippet(text)}`);
  }
}

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, " ");
  return flat.length > 80 ? `${flat.slice(0, 80)}...` : flat;
}

/** Validates a decoded body; the message names the first offending paths so a shape change is easy to find. */
export function validate<T>(schema: z.ZodType<T>, value: unknown): Result<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issues = parsed.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join(".") : "(root)"}: ${issue.message}`);
  return failure(`unexpected payload shape: ${issues.join("; ")}`);
}

/** Ids arrive as numbers or text depending on the site; offers carry them as text. */
export const idText = z.union([z.string().min(1), z.number()]).transform(String);

/** An instant with an explicit offset or Z ("2026-09-19T14:00:00Z", "...+01:00"); undefined otherwise. */
export function parseInstant(text: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(text)) return undefined;
  return validDate(new Date(text));
}

/**
 * A naive date-time that is UTC ("2026-05-06 11:00:00" or with a "T"). Bet9ja's STARTDATE is
 * UTC, not Lagos time: in both paired real captures it equals SportyBet's epoch kick-off
 * exactly (docs/design.md, Bet9ja feed).
 */
export function parseNaiveUtc(text: string): Date | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)$/.exec(text.trim());
  if (!match) return undefined;
  const time = match[2]?.length === 5 ? `${match[2]}:00` : match[2];
  return validDate(new Date(`${match[1]}T${time}Z`));
}

function validDate(date: Date): Date | undefined {
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** Only matches still to kick off are offered; one kicking off at `now` is already under way. */
export function isUpcoming(kickoff: Date, now: Date): boolean {
  return kickoff.getTime() > now.getTime();
}

/** Splits "Home - Away" style names on the first separator; undefined when either side is empty. */
export function splitTeams(name: string, separator: string): { home: string; away: string } | undefined {
  const at = name.indexOf(separator);
  if (at < 0) return undefined;
  const home = name.slice(0, at).trim();
  const away = name.slice(at + separator.length).trim();
  return home && away ? { home, away } : undefined;
}

const SR_MATCH = /^sr:match:(\d+)$/;

/**
 * A Sportradar match id, written "sr:match:N" whatever form the site uses, so the three books
 * that carry one join on it (docs/design.md, Matching). `bareDigits` says which bare numbers the
 * site's field holds as Sportradar's: Bet9ja's EXTID any, BetKing's ExtProvIDItem 8-9 digits
 * only (other lengths come from another provider). Without it only "sr:match:N" counts.
 */
export function sportradarId(value: unknown, bareDigits?: RegExp): string | undefined {
  if (typeof value === "string" && SR_MATCH.test(value.trim())) return value.trim();
  const text = typeof value === "number" && Number.isSafeInteger(value) ? String(value) : value;
  if (!bareDigits || typeof text !== "string" || !/^\d+$/.test(text.trim())) return undefined;
  return bareDigits.test(text.trim()) ? `sr:match:${Number(text.trim())}` : undefined;
}

/**
 * The book's competition as its payload names it, to spread into an offer: nothing when the payload
 * names none. Ids arrive as numbers or text; a blank country is none.
 */
export function bookCompetitionOf(id: string | number | undefined, name: string | undefined, country?: string): { bookCompetition?: OfferBookCompetition } {
  if (name === undefined || name.trim() === "") return {};
  return { bookCompetition: { ...(id === undefined ? {} : { id: String(id) }), name, ...(country?.trim() ? { country } : {}) } };
}

/** Offers with at least one usable price; an event without any is no offer at all. */
export function withPrices(offers: Offer[]): ParseResult {
  return { ok: true, offers: offers.filter((offer) => offer.prices.length > 0) };
}
