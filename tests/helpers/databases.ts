import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

/**
 * The machine's PostgreSQL (trust auth). Test runs connect to the maintenance database
 * `postgres`, which every server has, to create their own databases and drop them afterwards.
 */
export const POSTGRES_SERVER_URL = "postgres://postgres@127.0.0.1:5432";
export const POSTGRES_ADMIN_URL = `${POSTGRES_SERVER_URL}/postgres`;

export type PostgresProbe = { answers: true } | { answers: false; reason: string };

/**
 * Whether PostgreSQL answers at `url`. A server that answers but refuses the connection (a
 * missing database, a failed login) throws: that is a broken setup to fix, never a reason to skip.
 */
export async function probePostgres(url = POSTGRES_ADMIN_URL): Promise<PostgresProbe> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query("select 1");
    return { answers: true };
  } catch (error) {
    if (error instanceof pg.DatabaseError) {
      throw new Error(`PostgreSQL at ${url} answers but refuses the test connection: ${error.message} (SQLSTATE ${error.code})`, { cause: error });
    }
    return { answers: false, reason: error instanceof Error ? error.message || error.name : String(error) };
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function postgresAnswers(url = POSTGRES_ADMIN_URL): Promise<boolean> {
  return (await probePostgres(url)).answers;
}

let skipReported = false;

/**
 * Whether to run the PostgreSQL suite: whenever PostgreSQL answers. With CI=true a silent
 * PostgreSQL is a failure, never a skip; locally the skip is said once on stderr.
 */
export async function shouldRunPostgres(ci = process.env.CI === "true", url = POSTGRES_ADMIN_URL): Promise<boolean> {
  const probe = await probePostgres(url);
  if (probe.answers) return true;
  const why = `PostgreSQL does not answer at ${url} (${probe.reason})`;
  if (ci) throw new Error(`CI=true but ${why}`);
  if (!skipReported) {
    skipReported = true;
    console.warn(`${why}: the PostgreSQL runs of the suite are skipped; start PostgreSQL (or set CI=true to make this fail).`);
  }
  return false;
}

/** The databases a suite runs on: SQLite always, PostgreSQL whenever it answers (or always, with CI=true). */
export async function testDialects(): Promise<("sqlite" | "postgres")[]> {
  return (await shouldRunPostgres()) ? ["sqlite", "postgres"] : ["sqlite"];
}

export interface TestDatabase {
  url: string;
  dataDir: string;
  drop(): Promise<void>;
}

export function temporaryDataDir(): string {
  return mkdtempSync(join(tmpdir(), "afriodds-test-"));
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query(text);
  } catch (error) {
    throw new Error(`PostgreSQL at ${adminUrl}: "${text}" failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function createTestDatabase(dialect: "sqlite" | "postgres", adminUrl = POSTGRES_ADMIN_URL): Promise<TestDatabase> {
  const dataDir = temporaryDataDir();
  if (dialect === "sqlite") {
    return { url: `sqlite:${join(dataDir, "app.db")}`, dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `afriodds_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const server = new URL(adminUrl);
  server.pathname = `/${name}`;
  return {
    url: server.toString(),
    dataDir,
    async drop() {
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
