import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

/** The machine's PostgreSQL (trust auth); each test run makes its own databases and drops them. */
export const POSTGRES_ADMIN_URL = "postgres://postgres@127.0.0.1:5432/test";

export async function postgresAnswers(url = POSTGRES_ADMIN_URL): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Whether to run the PostgreSQL suite: whenever PostgreSQL answers. With CI=true a silent
 * PostgreSQL is a failure, never a skip.
 */
export async function shouldRunPostgres(ci = process.env.CI === "true", url = POSTGRES_ADMIN_URL): Promise<boolean> {
  if (await postgresAnswers(url)) return true;
  if (ci) throw new Error(`CI=true but PostgreSQL does not answer at ${url}`);
  return false;
}

export interface TestDatabase {
  url: string;
  dataDir: string;
  drop(): Promise<void>;
}

export function temporaryDataDir(): string {
  return mkdtempSync(join(tmpdir(), "afriodds-test-"));
}

export async function createTestDatabase(dialect: "sqlite" | "postgres"): Promise<TestDatabase> {
  const dataDir = temporaryDataDir();
  if (dialect === "sqlite") {
    return { url: `sqlite:${join(dataDir, "app.db")}`, dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `afriodds_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    url: `postgres://postgres@127.0.0.1:5432/${name}`,
    dataDir,
    async drop() {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
