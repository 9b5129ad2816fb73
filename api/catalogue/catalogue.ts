/**
 * The in-memory catalogue every replica reads (docs/design.md, Catalogue tables): the rows as plain
 * objects and lookups, and a version that moves when any row changes, so readers never query the
 * catalogue per request and answers built from it can be tagged by it.
 */
import { createHash } from "node:crypto";
import type { CatalogueRows } from "./repository.ts";
import { settleRuleSchema, type SettleRule } from "./settle-rules.ts";

type Row<K extends keyof CatalogueRows> = CatalogueRows[K][number];

export interface CatalogueMarketType extends Omit<Row<"marketTypes">, "exclusive" | "settle" | "line_kind" | "book_only" | "retired_at"> {
  lineKind: Row<"marketTypes">["line_kind"];
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
}

function marketType({ line_kind, exclusive, settle, book_only, retired_at, ...rest }: Row<"marketTypes">): CatalogueMarketType {
  return { ...rest, lineKind: line_kind, exclusive: exclusive === 1, settle: settleRuleSchema.parse(JSON.parse(settle)), bookOnly: book_only, retired: retired_at !== null };
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
  };
}

/**
 * Our selection for a book's market, outcome and line, as the catalogue maps them (docs/design.md,
 * Market catalogue); undefined where the catalogue has no live market for it.
 */
export function bookSelection(catalogue: Catalogue, bookmaker: number, bookMarket: string, bookOutcome: string, line: number | null): { marketId: number; selectionTypeId: number } | undefined {
  const mapped = catalogue.rows.outcomeBooks.find((o) => o.bookmaker === bookmaker && o.book_market === bookMarket && o.book_outcome === bookOutcome && o.retired_at === null);
  if (!mapped) return undefined;
  const lineX100 = line === null ? null : Math.round(line * 100);
  const target = catalogue.rows.markets.find((m) => m.type_id === mapped.type_id && m.line_x100 === lineX100 && m.retired_at === null);
  const selection = target && catalogue.rows.selections.find((s) => s.market_id === target.id && s.outcome === mapped.outcome && s.retired_at === null);
  return target && selection ? { marketId: target.id, selectionTypeId: selection.id } : undefined;
}
