import { Writable } from "node:stream";
import { pino, type Logger } from "pino";
import request from "supertest";
import { createApi, type ApiInstance, type ApiOptions } from "#api/app.ts";
import { loadApiConfig } from "#api/config.ts";
import { testClock } from "./clock.ts";
import type { TestDatabase } from "./databases.ts";
import type { startSmtpSink } from "./smtp-sink.ts";

export type Sink = Awaited<ReturnType<typeof startSmtpSink>>;

export interface TestApiOptions {
  /** Defaults to a silent logger; pass `captureLogs().logger` to read what the API logs. */
  logger?: Logger;
  /** Environment on top of the test defaults, e.g. NODE_ENV or SMTP_URL. */
  env?: Record<string, string>;
  /** Per-user booking-code limits other than production's (api/booking/rate.ts); booking.test.ts tests the real ones. */
  bookingRates?: ApiOptions["bookingRates"];
}

/** The real odds API on a test database, mailing a real SMTP sink, with a movable clock. */
export async function startTestApi(database: TestDatabase, sink: Pick<Sink, "url"> | undefined, clock = testClock(), options: TestApiOptions = {}) {
  const config = loadApiConfig({
    NODE_ENV: "test",
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.url,
    JWT_SECRET: "test-secret-that-is-long-enough-for-hs256-0123456789",
    FEEDS: "off",
    // A suite that turns the simulator on plays the four leagues unless it asks for the board.
    SIM_WORLD: "leagues",
    LOG_LEVEL: "silent",
    // Suites register many accounts from one loopback address; accounts-abuse tests the real limits.
    REGISTRATIONS_PER_ADDRESS_HOUR: "100000",
    REGISTRATIONS_PER_10_MIN: "100000",
    // Suites save many slips from one account while the test clock stands still; betslip-writes tests the real limit.
    BETSLIP_WRITE_BURST: "100000",
    // Test-cost scrypt (api/accounts/passwords/passwords.ts), which production refuses; api/config.test.ts checks production's.
    PASSWORD_HASH_COST: options.env?.NODE_ENV === "production" ? "production" : "test",
    ...(sink ? { SMTP_URL: sink.url } : {}),
    ...options.env,
  });
  const api: ApiInstance = await createApi(config, { clock, logger: options.logger ?? pino({ level: "silent" }), ...(options.bookingRates ? { bookingRates: options.bookingRates } : {}) });
  return { api, clock, config, http: request(api.app), close: () => api.close() };
}

export type TestApi = Awaited<ReturnType<typeof startTestApi>>;

export type LogLine = Record<string, unknown> & { level: number; msg: string };

/** A pino logger at debug level whose lines the test can read back, parsed. */
export function captureLogs() {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n")) if (line.trim()) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return { logger: pino({ level: "debug" }, stream), lines };
}
