/**
 * What the booking-code tests share (docs/design.md, Booking codes): an API that has collected one
 * cycle of a simulator's feeds and reads and mints its codes at that simulator, and verified users.
 */
import { pino } from "pino";
import { simulatedSites } from "#api/booking/index.ts";
import { createCollector, runCycle } from "#api/feeds/collector/cycle.ts";
import { createFetcher } from "#api/feeds/fetcher.ts";
import { feedSources } from "#api/feeds/runtime.ts";
import type { RunningSimulator } from "#api/feeds/simulator/index.ts";
import { newAccount } from "../factories.ts";
import type { TestApi } from "./api.ts";
import type { startSmtpSink } from "./smtp-sink.ts";

/**
 * One collection cycle of the simulator's books into the API's store, then the API's booking calls
 * pointed at the same simulator. NairaBet, which has no booking codes, is not collected.
 */
export async function collectAndBookAt(t: TestApi, simulator: RunningSimulator, clock: () => number): Promise<void> {
  const fetcher = createFetcher({ retries: 1, backoffMs: 1, sleep: async () => undefined });
  const sources = feedSources((key) => simulator.baseUrl(key)).filter((source) => source.adapter.key !== "nairabet");
  const collector = createCollector({ sources, fetcher, db: t.api.db.kysely, clock, logger: pino({ level: "silent" }), politeDelayMs: [0, 0], onWritten: () => t.api.odds.refresh() });
  await runCycle(collector);
  await fetcher.close();
  t.api.booking.useSites(simulatedSites(simulator.baseUrl));
}

/** A new verified account's bearer header: each caller spends its own rate allowance. */
export async function verifiedBearer(t: TestApi, sink: Awaited<ReturnType<typeof startSmtpSink>>): Promise<{ authorization: string }> {
  const account = newAccount();
  await t.http.put("/users/register").send(account).expect(201);
  const res = await t.http.post("/users/verify-email").send({ email: account.email, otp: sink.latestCode(account.email) });
  return { authorization: `Bearer ${res.body.data.token as string}` };
}
