/** The catalogue's SQL: writing the files' rows at start-up, and reading every row for the in-memory catalogue. */
import { PostgresAdapter, sql, type Kysely, type Selectable } from "kysely";
import type { CompetitionBooksTable, CompetitionsTable, Database, MarketBooksTable, MarketsTable, MarketTypesTable, OutcomeBooksTable, RegionsTable, SelectionsTable } from "../db/schema.ts";
import type { CatalogueFiles } from "./files.ts";
import { catalogueTables } from "./rows.ts";
import { syncTable, type CatalogueTable, type SyncCount } from "./sync.ts";

/** Any 64-bit number the replicas agree on: replicas starting together write the catalogue one after the other. */
const CATALOGUE_WRITE_LOCK = 7_274_637_012;

/**
 * Writes the files' rows in one transaction: all or nothing, and on PostgreSQL behind an advisory
 * lock, so a second replica starting at once finds the rows written and writes nothing.
 */
export async function writeCatalogue(db: Kysely<Database>, files: CatalogueFiles, now: number): Promise<Record<CatalogueTable, SyncCount>> {
  return db.transaction().execute(async (trx) => {
    if (trx.getExecutor().adapter instanceof PostgresAdapter) await sql`select pg_advisory_xact_lock(${CATALOGUE_WRITE_LOCK})`.execute(trx);
    const counts: Partial<Record<CatalogueTable, SyncCount>> = {};
    for (const spec of catalogueTables(files, now)) counts[spec.table] = await syncTable(trx, spec, now);
    return counts as Record<CatalogueTable, SyncCount>;
  });
}

export interface CatalogueRows {
  regions: Selectable<RegionsTable>[];
  competitions: Selectable<CompetitionsTable>[];
  competitionBooks: Selectable<CompetitionBooksTable>[];
  marketTypes: Selectable<MarketTypesTable>[];
  markets: Selectable<MarketsTable>[];
  selections: Selectable<SelectionsTable>[];
  marketBooks: Selectable<MarketBooksTable>[];
  outcomeBooks: Selectable<OutcomeBooksTable>[];
}

/** Every catalogue row, retired ones included (stored prices still name them), each table in key order. */
export async function readCatalogueRows(db: Kysely<Database>): Promise<CatalogueRows> {
  const [regions, competitions, competitionBooks, marketTypes, markets, selections, marketBooks, outcomeBooks] = await Promise.all([
    db.selectFrom("regions").selectAll().orderBy("id").execute(),
    db.selectFrom("competitions").selectAll().orderBy("id").execute(),
    db.selectFrom("competition_books").selectAll().orderBy("bookmaker").orderBy("book_id").execute(),
    db.selectFrom("market_types").selectAll().orderBy("id").execute(),
    db.selectFrom("markets").selectAll().orderBy("id").execute(),
    db.selectFrom("selections").selectAll().orderBy("id").execute(),
    db.selectFrom("market_books").selectAll().orderBy("bookmaker").orderBy("book_market").orderBy("type_id").execute(),
    db.selectFrom("outcome_books").selectAll().orderBy("bookmaker").orderBy("book_market").orderBy("book_outcome").execute(),
  ]);
  return { regions, competitions, competitionBooks, marketTypes, markets, selections, marketBooks, outcomeBooks };
}

/** Takes the catalogue's write lock inside a transaction on PostgreSQL: learning and start-up writes run one at a time. */
export async function lockCatalogueWrites(trx: Kysely<Database>): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) await sql`select pg_advisory_xact_lock(${CATALOGUE_WRITE_LOCK})`.execute(trx);
}
