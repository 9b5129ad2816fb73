import { afterAll, describe, expect, it, vi } from "vitest";
import { pino } from "pino";
import { request } from "undici";
import { loadApiConfig } from "#api/config.ts";
import { startApiServer } from "#api/server.ts";
import { createTestDatabase } from "../helpers/databases.ts";
import { newAccount } from "../factories.ts";

describe("the API's graceful shutdown", () => {
  const databases: Awaited<ReturnType<typeof createTestDatabase>>[] = [];
  afterAll(async () => {
    for (const d of databases) await d.drop();
  });

  it("finishes a request in flight, refuses new connections, and keeps what it saved", async () => {
    const database = await createTestDatabase("sqlite");
    databases.push(database);
    const config = loadApiConfig({ NODE_ENV: "test", API_PORT: "0", DATA_DIR: database.dataDir, DATABASE_URL: database.url, FEEDS: "off", LOG_LEVEL: "silent" });
    const running = await startApiServer(config, { logger: pino({ level: "silent" }) });
    const account = newAccount();
    // Registration hashes with production scrypt (the default cost): long enough to still be running when the stop begins.
    const inFlight = request(`${running.origin}/users/register`, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(account) });
    // The stop begins once the request is being served: its password is in the hashing lane.
    await vi.waitFor(() => expect(running.api.accounts.lane.load.running).toBe(1), { timeout: 10_000, interval: 5 });
    const stopped = running.stop();
    const res = await inFlight;
    expect(res.statusCode).toBe(201);
    await res.body.json();
    await stopped;
    await expect(request(`${running.origin}/healthz`)).rejects.toThrow();

    const again = await startApiServer(config, { logger: pino({ level: "silent" }) });
    const login = await request(`${again.origin}/users/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username: account.userName, password: account.password }) });
    expect(login.statusCode).toBe(403);
    await login.body.json();
    await again.stop();
  });
});
