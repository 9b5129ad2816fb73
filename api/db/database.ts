import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import { ConfigError } from "../../lib/node/start-up.ts";
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
  let db: Db | undefined;
  try {
    db = url.startsWith("sqlite:") ? openSqlite(url.slice("sqlite:".length)) : openPostgres(url, onIdleError);
    // One round trip first, so a database that cannot be reached is told apart from a failed migration.
    await sql`select 1`.execute(db.kysely);
  } catch (error) {
    await db?.close().catch(() => undefined);
    throw unreachableDatabase(url, error) ?? error;
  }
  await migrateToLatest(db.kysely as Kysely<unknown>);
  return db;
}

/** Why the database cannot be reached or opened, said by the error's code (node:net, libpq SQLSTATE, SQLite). */
const CANNOT_OPEN = /^(E[A-Z]+|28000|28P01|3D000|SQLITE_(CANTOPEN|NOTADB|READONLY|PERM|AUTH))$/;

/**
 * An operator's mistake in DATABASE_URL (a host that refuses, a database that does not exist, a
 * file that cannot be opened) as one line naming the variable, without the password; any other
 * failure (a migration's own bug) stays as it is.
 */
function unreachableDatabase(url: string, error: unknown): ConfigError | undefined {
  // A host name with several addresses fails with one error per address.
  const failure = error instanceof AggregateError ? (error.errors[0] as unknown) : error;
  const code = (failure as { code?: unknown } | undefined)?.code;
  if (typeof code !== "string" || !CANNOT_OPEN.test(code)) return undefined;
  // libpq's own messages ('database "x" does not exist') say more than their SQLSTATE.
  const reason = failure instanceof pg.DatabaseError ? failure.message : code;
  return new ConfigError(`DATABASE_URL: cannot ${url.startsWith("sqlite:") ? "open" : "connect to"} ${withoutPassword(url)} (${reason})`);
}

export function withoutPassword(url: string): string {
  if (url.startsWith("sqlite:") || !URL.canParse(url)) return url.startsWith("sqlite:") ? url : "the URL given";
  const parsed = new URL(url);
  parsed.password = "";
  return parsed.toString();
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
