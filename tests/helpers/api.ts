import { pino } from "pino";
import request from "supertest";
import { createApp, type ApiInstance } from "#api/app.ts";
import { loadApiConfig } from "#api/config.ts";
import { testClock } from "./clock.ts";
import type { TestDatabase } from "./databases.ts";
import type { startSmtpSink } from "./smtp-sink.ts";

export type Sink = Awaited<ReturnType<typeof startSmtpSink>>;

/** The real odds API on a test database, mailing a real SMTP sink, with a movable clock. */
export async function startTestApi(database: TestDatabase, sink: Sink | undefined, clock = testClock()) {
  const config = loadApiConfig({
    NODE_ENV: "test",
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.url,
    JWT_SECRET: "test-secret-that-is-long-enough-for-hs256-0123456789",
    FEEDS: "off",
    LOG_LEVEL: "silent",
    ...(sink ? { SMTP_URL: sink.url } : {}),
  });
  const api: ApiInstance = await createApp(config, { clock, logger: pino({ level: "silent" }) });
  return { api, clock, config, http: request(api.app), close: () => api.close() };
}

export type TestApi = Awaited<ReturnType<typeof startTestApi>>;
