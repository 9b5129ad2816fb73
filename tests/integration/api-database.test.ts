import pg from "pg";
import { pino } from "pino";
import { request } from "undici";
import { afterAll, describe, expect, it } from "vitest";
import { loadApiConfig } from "#api/config.ts";
import { startApiServer } from "#api/server.ts";
import { createTestDatabase, POSTGRES_ADMIN_URL, shouldRunPostgres, type TestDatabase } from "../helpers/databases.ts";
import { newAccount } from "../factories.ts";

const runs = await shouldRunPostgres();

describe.runIf(runs)("the API on PostgreSQL", () => {
  let database: TestDatabase | undefined;
  afterAll(async () => {
    await database?.drop();
  });

  it("outlives its pooled connections being killed (a server restart, pg_terminate_backend) and goes on serving", async () => {
    database = await createTestDatabase("postgres");
    const config = loadApiConfig({ NODE_ENV: "test", API_PORT: "0", DATA_DIR: database.dataDir, DATABASE_URL: database.url, FEEDS: "off", LOG_LEVEL: "silent" });
    const lost: unknown[] = [];
    const logger = pino({ level: "warn" }, { write: (line: string) => void lost.push(JSON.parse(line)) });
    const api = await startApiServer(config, { logger });
    try {
      const register = (account = newAccount()) =>
        request(`${api.origin}/users/register`, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(account) });
      const first = await register();
      expect(first.statusCode).toBe(201);
      await first.body.json();

      const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await admin.connect();
      const name = new URL(database.url).pathname.slice(1);
      const killed = await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [name]);
      await admin.end();
      expect(killed.rowCount).toBeGreaterThan(0);
      // The idle connections learn of it asynchronously; without a listener that is an uncaught error.
      await new Promise((r) => setTimeout(r, 300));

      const second = await register();
      expect(second.statusCode).toBe(201);
      await second.body.json();
      expect(lost.some((line) => (line as { msg?: string }).msg?.includes("database connection was lost"))).toBe(true);
    } finally {
      await api.stop();
    }
  });
});
