import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import { migrateToLatest } from "./migrations.ts";
import type { Database } from "./schema.ts";

export type Dialect = "sqlite" | "postgres";

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

/** int8 (bigint) columns hold epoch milliseconds: safe as JS numbers, and both dialects then agree. */
const INT8_OID = 20;
const pgTypes = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * Opens the database named by DATABASE_URL (`sqlite:<path>` or `postgres://...`) and migrates it.
 * `onIdleError` hears of a pooled PostgreSQL connection that died while idle (a server restart, an
 * administrator's pg_terminate_backend): the pool replaces it, and the process must not crash.
 */
export async function openDatabase(url: string, onIdleError: (error: Error) => void = (error) => console.error("database connection lost", error)): Promise<Db> {
  const db = url.startsWith("sqlite:") ? openSqlite(url.slice("sqlite:".length)) : openPostgres(url, onIdleError);
  await migrateToLatest(db.kysely as Kysely<unknown>);
  return db;
}

function openSqlite(path: string): Db {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { kysely, dialect: "sqlite", close: () => kysely.destroy() };
}

function openPostgres(url: string, onIdleError: (error: Error) => void): Db {
  const pool = new pg.Pool({ connectionString: url, max: 10, types: pgTypes });
  pool.on("error", onIdleError);
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { kysely, dialect: "postgres", close: () => kysely.destroy() };
}

/** A unique-constraint violation, in either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const code = (error as { code?: unknown }).code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}
