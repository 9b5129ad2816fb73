/**
 * The catalogue as the build's files alone give it, without a database: the rows start-up would
 * write on a fresh database (docs/design.md, Catalogue steps, step 2). The adapters answer from it
 * until the collector hands them the loaded catalogue, so a test or `npm run feeds:parse` reads
 * payloads exactly as a freshly seeded API does.
 */
import { buildCatalogue, type Catalogue } from "./catalogue.ts";
import type { CatalogueFiles } from "./files.ts";
import type { CatalogueRows } from "./repository.ts";
import { catalogueTables } from "./rows.ts";
import type { CatalogueTable } from "./sync.ts";

const ROWS_OF: Record<CatalogueTable, keyof CatalogueRows> = {
  regions: "regions",
  competitions: "competitions",
  competition_books: "competitionBooks",
  market_types: "marketTypes",
  markets: "markets",
  selections: "selections",
  market_books: "marketBooks",
  outcome_books: "outcomeBooks",
};

/** Every row the files give, with the database's columns as a first write sets them. */
export function catalogueFromFiles(files: CatalogueFiles, now = 0): Catalogue {
  const rows = Object.fromEntries(Object.values(ROWS_OF).map((name) => [name, []])) as unknown as Record<keyof CatalogueRows, object[]>;
  for (const spec of catalogueTables(files, now)) {
    const retired = spec.retires ? { retired_at: null } : {};
    rows[ROWS_OF[spec.table]].push(...spec.rows.map((row) => ({ ...spec.insertDefaults, ...row, ...retired })));
  }
  return buildCatalogue(rows as unknown as CatalogueRows);
}
