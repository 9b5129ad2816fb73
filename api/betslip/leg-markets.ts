/**
 * The markets a betslip leg may be in: every market of the catalogue (docs/design.md, Market catalogue),
 * each with its name, its selections' labels in display order, whether it is retired, and the one
 * book quoting it when it is book-only (docs/design.md, Book-only markets).
 */
import type { BetslipLeg, BetslipLegView } from "#shared/contract.ts";
import { isMarketId } from "#shared/reference.ts";
import type { Catalogue } from "../catalogue/catalogue.ts";
import { catalogueFromFiles } from "../catalogue/file-catalogue.ts";
import { CATALOGUE_FILES, parseCatalogueFiles } from "../catalogue/files.ts";

export interface LegMarket {
  id: number;
  name: string;
  /** Its selections in display order, with the catalogue's labels. */
  selections: readonly { id: number; label: string }[];
  /** A retired market stays readable, so a slip saved with it is never refused; no new leg may take it. */
  retired: boolean;
  /** The one bookmaker quoting it (SportyBet's 1UP and 2UP), else null. */
  bookOnly: number | null;
}

/** A market of the catalogue by id, retired ones included; undefined for an id it never had. */
export type LegMarkets = (marketId: number) => LegMarket | undefined;

const lookups = new WeakMap<Catalogue, LegMarkets>();

/** The catalogue's markets as legs are checked and named against, built once per catalogue (a reload builds a new one). */
export function legMarketsOf(catalogue: Catalogue): LegMarkets {
  const known = lookups.get(catalogue);
  if (known) return known;
  const markets = new Map<number, LegMarket>();
  for (const market of catalogue.markets.values()) {
    const type = catalogue.types.get(market.typeId);
    markets.set(market.id, {
      id: market.id,
      name: market.name,
      selections: market.selections.map((id) => ({ id, label: catalogue.selections.get(id)?.label ?? `Selection ${id}` })),
      retired: market.retired || type?.retired === true,
      bookOnly: type?.bookOnly ?? null,
    });
  }
  const lookup: LegMarkets = (marketId) => markets.get(marketId);
  lookups.set(catalogue, lookup);
  return lookup;
}

let fromFiles: LegMarkets | undefined;

/** The markets the build's files give, for callers handed no loaded catalogue (tests, tools): what a fresh database holds. */
export function fileLegMarkets(): LegMarkets {
  fromFiles ??= legMarketsOf(catalogueFromFiles(parseCatalogueFiles(CATALOGUE_FILES)));
  return fromFiles;
}

/**
 * A leg's names beyond the eight, which every client knows from shared/reference.ts: its market's and
 * selection's as the catalogue gives them (as a match answer's markets carry them); and the one book
 * quoting a book-only market (docs/design.md, Betslip, Book-only markets).
 */
export function legNaming(leg: Pick<BetslipLeg, "marketId" | "selectionTypeId">, market: LegMarket | undefined): Pick<BetslipLegView, "marketName" | "selectionName" | "bookOnly"> {
  if (!market) return {};
  const bookOnly = market.bookOnly === null ? {} : { bookOnly: market.bookOnly };
  if (isMarketId(leg.marketId)) return bookOnly;
  const selection = market.selections.find((s) => s.id === leg.selectionTypeId);
  return { marketName: market.name, ...(selection ? { selectionName: selection.label } : {}), ...bookOnly };
}
