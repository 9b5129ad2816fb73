import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import request from "supertest";
import { loadApiConfig } from "#api/config.ts";
import { startApiServer, type RunningApi } from "#api/server.ts";
import { createApp as createWebApp } from "#server/app.ts";
import { loadServerConfig } from "#server/config.ts";
import { buildAll } from "../../scripts/build/all.ts";
import type { TestDatabase } from "./databases.ts";

let built: Promise<string> | undefined;

/** The web tier serves what the build wrote: build the client once per test file into a temporary dist. */
export function builtDist(): Promise<string> {
  built ??= (async () => {
    const dist = mkdtempSync(join(tmpdir(), "afriodds-dist-"));
    await buildAll(dist, { node: false });
    return dist;
  })();
  return built;
}

/** The real odds API listening on loopback (never a mock), and the web tier in front of it. */
export async function startWebStack(database: TestDatabase, options: { smtpUrl?: string; upstreamTimeoutMs?: number; publicOrigin?: string } = {}) {
  const dist = await builtDist();
  const apiConfig = loadApiConfig({
    NODE_ENV: "test",
    API_PORT: "0",
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.url,
    JWT_SECRET: "test-secret-that-is-long-enough-for-hs256-0123456789",
    FEEDS: "off",
    LOG_LEVEL: "silent",
    ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
  });
  const api: RunningApi = await startApiServer(apiConfig, { logger: pino({ level: "silent" }) });
  const webConfig = loadServerConfig({ NODE_ENV: "test", DIST_DIR: dist, PUBLIC_ORIGIN: options.publicOrigin ?? "http://afriodds.test", LOG_LEVEL: "silent" });
  const web = createWebApp(webConfig, { apiOrigin: api.origin, logger: pino({ level: "silent" }), upstreamTimeoutMs: options.upstreamTimeoutMs });
  return {
    api,
    web,
    config: webConfig,
    http: request(web.app),
    async close() {
      await web.close();
      await api.stop();
    },
  };
}
