/**
 * Our selection as one book ids it, from the catalogue (docs/design.md, Market catalogue, Lines and
 * Booking codes): the book's market and outcome ids, the market's line and the book's line notation.
 * The codecs spell it in their book's request shape and check that their own read decodes it back
 * to the same selection, so a code is minted with exactly what a read of it maps (one table,
 * `markets.json`, both ways). Pure: the catalogue is the feeds' (`feedCatalogue`).
 */
import type { Catalogue } from "../../catalogue/catalogue.ts";
import { feedCatalogue } from "../bookmakers/feed-catalogue.ts";
import { BOOKMAKER_ID_BY_KEY, type BookmakerKey } from "../types.ts";

export interface BookIds {
  /** The book's market id or key: SportyBet "18", Bet9ja "S_OU", BetKing "160". */
  market: string;
  /** The book's outcome id within it: SportyBet "12", Bet9ja "O", BetKing "12". */
  outcome: string;
  /** The market's line in goals (a handicap's goals added to home), null for a type without lines. */
  line: number | null;
  /** The type's line kind: how the line is spelled. */
  lineKind: "none" | "total" | "handicap" | "asian";
}

/** Why a selection has no ids at a book: a book-only market of another book, or a market the book does not quote. */
export type BookIdsProblem = { kind: "book-only"; bookmaker: number } | { kind: "unquoted" };

/**
 * The ids of our selection at a book, or why it has none. A book-only type (SportyBet's 1UP, 2UP)
 * has ids at its own book only (docs/design.md, Book-only markets).
 */
export function bookIdsOf(bookmaker: BookmakerKey, marketId: number, selectionTypeId: number, catalogue: Catalogue = feedCatalogue()): { ok: true; ids: BookIds } | { ok: false; problem: BookIdsProblem } {
  const book = BOOKMAKER_ID_BY_KEY[bookmaker];
  const market = catalogue.markets.get(marketId);
  const selection = catalogue.selections.get(selectionTypeId);
  const type = market && catalogue.types.get(market.typeId);
  if (!market || market.retired || !type || type.retired || !selection || selection.market_id !== marketId || selection.retired_at !== null) return { ok: false, problem: { kind: "unquoted" } };
  if (type.bookOnly !== null && type.bookOnly !== book) return { ok: false, problem: { kind: "book-only", bookmaker: type.bookOnly } };
  const row = catalogue.rows.outcomeBooks.find((o) => o.bookmaker === book && o.type_id === type.id && o.outcome === selection.outcome && o.retired_at === null);
  if (!row) return { ok: false, problem: { kind: "unquoted" } };
  return { ok: true, ids: { market: row.book_market, outcome: row.book_outcome, line: market.line, lineKind: type.lineKind } };
}

/** A line as the books write a number: 2.5, -0.25, 1 (never "+1", never "-0"). */
export const lineNumber = (line: number): string => String(line === 0 ? 0 : line);

/**
 * A line in Sportradar's specifier (SportyBet): `total=2.5`; a 3-way handicap as head starts
 * `hcp=home:away` (−1 is `0:1`, +2 is `2:0`); an Asian line as goals added to home, `hcp=-1.5`
 * (docs/design.md, Lines). Empty for a market without a line.
 */
export function sportradarSpecifier(ids: Pick<BookIds, "line" | "lineKind">): string {
  if (ids.line === null || ids.lineKind === "none") return "";
  if (ids.lineKind === "total") return `total=${lineNumber(ids.line)}`;
  if (ids.lineKind === "handicap") return ids.line < 0 ? `hcp=0:${lineNumber(-ids.line)}` : `hcp=${lineNumber(ids.line)}:0`;
  return `hcp=${lineNumber(ids.line)}`;
}

/** Bet9ja's odds key: `S_OU@2.5_O`, `S_1X2HND@-1_1H`, `S_AH@-0.5_1`, `S_HTFT_1/X` (docs/design.md, Lines). */
export function bet9jaOddsKey(ids: BookIds): string {
  const line = ids.line === null || ids.lineKind === "none" ? "" : `@${lineNumber(ids.line)}`;
  return `${ids.market}${line}_${ids.outcome}`;
}
