import { afterAll, beforeAll } from "vitest";
import { startSimulator, type RunningSimulator } from "#api/feeds/simulator/index.ts";
import { startTestApi, type TestApi } from "./api.ts";
import { collectAndBookAt } from "./booking-stack.ts";
import type { testClock } from "./clock.ts";
import { createTestDatabase, type TestDatabase } from "./databases.ts";
import { startSmtpSink } from "./smtp-sink.ts";

export interface AlertStack {
  t: TestApi;
  sink: Awaited<ReturnType<typeof startSmtpSink>>;
  simulator: RunningSimulator;
}

/**
 * The real API on `dialect` with the booking simulator collected and its books bookable, mail to an
 * SMTP sink, and alerts started: what the alert suites that mint codes share. Read it inside a test.
 */
export function useAlertBookingStack(dialect: "sqlite" | "postgres", clock: ReturnType<typeof testClock>): () => AlertStack {
  let database: TestDatabase | undefined;
  let stack: AlertStack | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const sink = await startSmtpSink();
    const t = await startTestApi(database, sink, clock);
    const simulator = await startSimulator({ seed: 20261124, now: clock, booking: { bet9jaLosesLeg: "never" } });
    stack = { t, sink, simulator };
    await collectAndBookAt(t, simulator, clock);
    await t.api.alerts.start();
  }, 60_000);
  afterAll(async () => {
    await stack?.t.close();
    await stack?.simulator.close();
    await stack?.sink.close();
    await database?.drop();
  });
  return () => {
    if (!stack) throw new Error("the alert stack is not up yet (read it inside a test)");
    return stack;
  };
}
