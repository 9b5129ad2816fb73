/**
 * The in-memory catalogue every replica reads (docs/design.md, Catalogue tables): the rows as plain
 * objects and lookups, and a version that moves when any row changes, so readers never query the
 * catalogue per request and answers built from it can be tagged by it.
 */
import { createHash } from "node:crypto";
import type { CatalogueRows } from "./repository.ts";
import type { SettleRule } from "#shared/math/settle-rule.ts";
import { settleRuleSchema } from "./settle-rules.ts";
import { isMarketGroup, type MarketGroup } from "#shared/market-groups.ts";

type Row<K extends keyof CatalogueRows> = CatalogueRows[K][number];

export interface CatalogueMarketType extends Omit<Row<"marketTypes">, "exclusive" | "settle" | "line_kind" | "book_only" | "retired_at" | "market_group"> {
  lineKind: Row<"marketTypes">["line_kind"];
  /** The picker's group (docs/design.md, Market groups); 'specials' for a value this build does not know. */
  group: MarketGroup;
  exclusive: boolean;
  settle: SettleRule;
  bookOnly: number | null;
  retired: boolean;
}

export interface CatalogueMarket {
  id: number;
  typeId: number;
  /** Goals (2.5), from `line_x100`; null for a type without lines. */
  line: number | null;
  code: string;
  name: string;
  /** Its selections' ids in display order. */
  selections: readonly number[];
  retired: boolean;
}

export interface Catalogue {
  /** Moves when any row changes; equal on every replica reading the same rows. */
  version: string;
  rows: CatalogueRows;
  types: ReadonlyMap<number, CatalogueMarketType>;
  markets: ReadonlyMap<number, CatalogueMarket>;
  selections: ReadonlyMap<number, Row<"selections">>;
  competitions: ReadonlyMap<number, Row<"competitions">>;
  /** Live outcome rows by `bookOutcomeKey`: an adapter asks for one per price it reads. */
  outcomeBooks: ReadonlyMap<string, Row<"outcomeBooks">>;
  /** Live markets by `typeLineKey`. */
  marketsByLine: ReadonlyMap<string, Row<"markets">>;
  /** Live selections by `marketOutcomeKey`. */
  selectionsByOutcome: ReadonlyMap<string, Row<"selections">>;
}

const bookOutcomeKey = (bookmaker: number, bookMarket: string, bookOutcome: string) => `${bookmaker}\u0000${bookMarket}\u0000${bookOutcome}`;
const typeLineKey = (typeId: number, lineX100: number | null) => `${typeId}@${String(lineX100)}`;
const marketOutcomeKey = (marketId: number, outcome: string) => `${marketId}\u0000${outcome}`;

/** Live rows (not retired) by a key: the lookups `bookSelection` makes per price, without scanning rows. */
function liveIndex<T extends { retired_at: number | null }>(rows: readonly T[], key: (row: T) => string): Map<string, T> {
  return new Map(rows.filter((row) => row.retired_at === null).map((row) => [key(row), row]));
}

function marketType({ line_kind, exclusive, settle, book_only, retired_at, market_group, ...rest }: Row<"marketTypes">): CatalogueMarketType {
  return { ...rest, group: isMarketGroup(market_group) ? market_group : "specials", lineKind: line_kind, exclusive: exclusive === 1, settle: settleRuleSchema.parse(JSON.parse(settle)), bookOnly: book_only, retired: retired_at !== null };
}

function market(row: Row<"markets">, selections: Row<"selections">[]): CatalogueMarket {
  const own = selections.filter((s) => s.market_id === row.id).sort((a, b) => a.ord - b.ord);
  return {
    id: row.id,
    typeId: row.type_id,
    line: row.line_x100 === null ? null : row.line_x100 / 100,
    code: row.code,
    name: row.name,
    selections: own.map((s) => s.id),
    retired: row.retired_at !== null,
  };
}

export function buildCatalogue(rows: CatalogueRows): Catalogue {
  return {
    version: createHash("sha256").update(JSON.stringify(rows)).digest("hex").slice(0, 16),
    rows,
    types: new Map(rows.marketTypes.map((row) => [row.id, marketType(row)])),
    markets: new Map(rows.markets.map((row) => [row.id, market(row, rows.selections)])),
    selections: new Map(rows.selections.map((row) => [row.id, row])),
    competitions: new Map(rows.competitions.map((row) => [row.id, row])),
    outcomeBooks: liveIndex(rows.outcomeBooks, (o) => bookOutcomeKey(o.bookmaker, o.book_market, o.book_outcome)),
    marketsByLine: liveIndex(rows.markets, (m) => typeLineKey(m.type_id, m.line_x100)),
    selectionsByOutcome: liveIndex(rows.selections, (s) => marketOutcomeKey(s.market_id, s.outcome)),
  };
}

/**
 * Our selection for a book's market, outcome and line, as the catalogue maps them (docs/design.md,
 * Market catalogue); undefined where the catalogue has no live market for it.
 */
export function bookSelection(catalogue: Catalogue, bookmaker: number, bookMarket: string, bookOutcome: string, line: number | null): { marketId: number; selectionTypeId: number } | undefined {
  const mapped = catalogue.outcomeBooks.get(bookOutcomeKey(bookmaker, bookMarket, bookOutcome));
  return mapped && typeSelection(catalogue, mapped.type_id, line, mapped.outcome);
}

/** Our selection of a type's outcome at a line (null for a type without lines); undefined where no live market has it. */
export function typeSelection(catalogue: Catalogue, typeId: number, line: number | null, outcome: string): { marketId: number; selectionTypeId: number } | undefined {
  const target = catalogue.marketsByLine.get(typeLineKey(typeId, line === null ? null : Math.round(line * 100)));
  const selection = target && catalogue.selectionsByOutcome.get(marketOutcomeKey(target.id, outcome));
  return target && selection ? { marketId: target.id, selectionTypeId: selection.id } : undefined;
}

/** A book's outcome row, when the catalogue maps it: its type says whether the book's line matters. */
export function bookOutcomeRow(catalogue: Catalogue, bookmaker: number, bookMarket: string, bookOutcome: string): Row<"outcomeBooks"> | undefined {
  return catalogue.outcomeBooks.get(bookOutcomeKey(bookmaker, bookMarket, bookOutcome));
}
