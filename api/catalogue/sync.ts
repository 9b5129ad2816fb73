/**
 * Writes one catalogue table to match the rows its file gives (docs/design.md, Catalogue tables:
 * upsert; a row the file no longer has is marked retired, never deleted, since stored prices name
 * it). Only what differs is written, so a start with unchanged files writes nothing.
 */
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema.ts";

export type CatalogueRow = Record<string, string | number | null>;

export type CatalogueTable = "regions" | "competitions" | "competition_books" | "market_types" | "markets" | "selections" | "market_books" | "outcome_books";

export interface TableSync {
  table: CatalogueTable;
  /** The table's key columns. */
  key: readonly string[];
  /** The file's rows: the key and every column the file owns. */
  rows: readonly CatalogueRow[];
  /** Columns the database owns, given to a row when it is first written. */
  insertDefaults?: CatalogueRow;
  /** Whether the table has `retired_at`, set on rows the file no longer lists. */
  retires: boolean;
  /** Whether a stored row is still the file's to change (a learnt or an operator's row is not). */
  owns?: (stored: CatalogueRow) => boolean;
}

export interface SyncCount {
  inserted: number;
  updated: number;
  retired: number;
}

/** The tables typed loosely: one function writes all eight, each described by its TableSync. */
type LooseDb = Kysely<Record<CatalogueTable, CatalogueRow>>;

const keyOf = (key: readonly string[], row: CatalogueRow) => JSON.stringify(key.map((column) => row[column]));

function changedColumns(stored: CatalogueRow, row: CatalogueRow, retires: boolean): CatalogueRow {
  const changes: CatalogueRow = Object.fromEntries(Object.entries(row).filter(([column, value]) => stored[column] !== value));
  if (retires && stored.retired_at !== null) changes.retired_at = null;
  return changes;
}

async function updateRow(db: LooseDb, spec: TableSync, stored: CatalogueRow, changes: CatalogueRow): Promise<void> {
  let update = db.updateTable(spec.table).set(changes);
  for (const column of spec.key) update = update.where(column, "=", stored[column] ?? null);
  await update.execute();
}

/** Brings `spec.table` in line with `spec.rows` inside the caller's transaction; `now` dates a retirement. */
export async function syncTable(trx: Transaction<Database>, spec: TableSync, now: number): Promise<SyncCount> {
  const db = trx as unknown as LooseDb;
  const stored = (await db.selectFrom(spec.table).selectAll().execute()) as CatalogueRow[];
  const byKey = new Map(stored.map((row) => [keyOf(spec.key, row), row]));
  const listed = new Set<string>();
  const inserts: CatalogueRow[] = [];
  const count: SyncCount = { inserted: 0, updated: 0, retired: 0 };
  for (const row of spec.rows) {
    const key = keyOf(spec.key, row);
    listed.add(key);
    const old = byKey.get(key);
    if (!old) inserts.push({ ...spec.insertDefaults, ...row });
    else if (spec.owns?.(old) ?? true) {
      const changes = changedColumns(old, row, spec.retires);
      if (Object.keys(changes).length === 0) continue;
      await updateRow(db, spec, old, changes);
      count.updated += 1;
    }
  }
  if (inserts.length > 0) await db.insertInto(spec.table).values(inserts).execute();
  count.inserted = inserts.length;
  if (!spec.retires) return count;
  for (const old of stored) {
    if (listed.has(keyOf(spec.key, old)) || old.retired_at !== null) continue;
    await updateRow(db, spec, old, { retired_at: now });
    count.retired += 1;
  }
  return count;
}
