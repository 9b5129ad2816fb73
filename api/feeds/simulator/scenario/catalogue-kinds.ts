/**
 * The catalogue's types as the simulator prices them (docs/design.md, Market catalogue; Simulator):
 * each `MarketKind` is one type of `api/catalogue/data/markets.json`, its selections in the type's
 * order, its lines the type's grid, and each book's market and outcome ids exactly as the file maps
 * them. A book quotes a type only where the file gives it ids (1UP and 2UP: SportyBet alone).
 */
import markets from "../../../catalogue/data/markets.json" with { type: "json" };
import { marketFileSchema, type MarketTypeEntry } from "../../../catalogue/market-file.ts";
import type { BookmakerKey } from "../../types.ts";
import type { CatalogueKind, MarketKind } from "./margins.ts";

const TYPE_KEYS: Record<MarketKind, string> = {
  "1X2": "ft-1x2",
  DC: "ft-double-chance",
  OU: "ft-total",
  BTTS: "ft-btts",
  HOU: "ft-home-total",
  AOU: "ft-away-total",
  "1HOU": "1h-total",
  "2HOU": "2h-total",
  DNB: "ft-draw-no-bet",
  "1H1X2": "1h-1x2",
  HTFT: "ht-ft",
  CS: "ft-correct-score",
  HCP: "ft-handicap",
  AH: "ft-asian-handicap",
  HWEH: "ft-home-win-either-half",
  AWEH: "ft-away-win-either-half",
  "1UP": "ft-1up",
  "2UP": "ft-2up",
};

/** The types beyond the four families, in the order a book lists them after those. */
export const CATALOGUE_KINDS: readonly CatalogueKind[] = ["HOU", "AOU", "1HOU", "2HOU", "DNB", "1H1X2", "HTFT", "CS", "HCP", "AH", "HWEH", "AWEH", "1UP", "2UP"];

const FILE = marketFileSchema.parse(markets);

/** Looked up once per argument: the file does not change while the process runs. */
function once<A extends string, R>(compute: (arg: A) => R): (arg: A) => R {
  const memo = new Map<A, R>();
  return (arg) => {
    if (!memo.has(arg)) memo.set(arg, compute(arg));
    return memo.get(arg) as R;
  };
}

export const catalogueType = once((kind: MarketKind): MarketTypeEntry => {
  const type = FILE.types.find((t) => t.key === TYPE_KEYS[kind]);
  if (!type) throw new Error(`markets.json has no type ${TYPE_KEYS[kind]}`);
  return type;
});

/** The type's outcomes in selection order ("home", "over", "2:1", "home/draw", ...). */
export const kindOutcomes = once((kind: MarketKind): string[] => catalogueType(kind).markets[0]?.selections.map((s) => s.outcome) ?? []);

/** The type's lines (null for a type without lines). */
export const kindLines = once((kind: MarketKind): (number | null)[] => catalogueType(kind).markets.map((m) => m.line));

/** Our market id and selection ids of one line of a type. */
export function simCatalogueMarket(kind: MarketKind, line: number | null): { id: number; selections: number[] } | undefined {
  const market = catalogueType(kind).markets.find((m) => m.line === line);
  return market && { id: market.id, selections: market.selections.map((s) => s.id) };
}

export interface SimBookIds {
  /** The book's market id (SportyBet "19", Bet9ja "S_HAOU", BetKing "10283"). */
  market: string;
  name: string;
  /** Per selection, in the type's order: the book's outcome id, or null where the file maps none. */
  outcomes: (string | null)[];
}

/** A book's ids for a type, or undefined when markets.json gives it none (the book does not quote it). */
const bookIdsOf = once((key: `${BookmakerKey} ${MarketKind}`): SimBookIds | undefined => {
  const [bk, kind] = key.split(" ") as [BookmakerKey, MarketKind];
  const book = catalogueType(kind).books.find((b) => b.bookmaker === bk);
  if (!book) return undefined;
  const byOutcome = new Map(Object.entries(book.outcomes).map(([id, outcome]) => [outcome, id]));
  return { market: book.market, name: book.name, outcomes: kindOutcomes(kind).map((o) => byOutcome.get(o) ?? null) };
});

export const simBookIds = (bk: BookmakerKey, kind: MarketKind): SimBookIds | undefined => bookIdsOf(`${bk} ${kind}`);

/** The kinds a book quotes beyond the four families. */
export const catalogueKindsOf = once((bk: BookmakerKey): CatalogueKind[] => CATALOGUE_KINDS.filter((kind) => simBookIds(bk, kind) !== undefined));
