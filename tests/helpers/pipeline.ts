import { pino } from "pino";
import { createCollector } from "#api/feeds/collector.ts";
import { ADAPTERS } from "#api/feeds/bookmakers/index.ts";
import { createFetcher } from "#api/feeds/fetcher.ts";
import { startSimulator } from "#api/feeds/simulator/index.ts";
import type { BookmakerKey } from "#api/feeds/types.ts";
import { oddsStore } from "#api/odds/store.ts";
import type { ApiInstance } from "#api/app.ts";

export const SEED = 424242;

/** The real pipeline against the seeded simulator, on the test API's database and clock. */
export async function startPipeline(t: { api: ApiInstance; clock: () => number }, options: { bodyTimeoutMs?: number } = {}) {
  const simulator = await startSimulator({ seed: SEED, now: t.clock });
  const fetcher = createFetcher({ retries: 1, backoffMs: 1, bodyTimeoutMs: options.bodyTimeoutMs ?? 5_000, sleep: async () => undefined });
  const collector = createCollector({
    sources: (Object.keys(ADAPTERS) as BookmakerKey[]).map((key) => ({ adapter: ADAPTERS[key], baseUrl: simulator.baseUrl(key) })),
    fetcher,
    store: oddsStore(t.api.db.kysely),
    db: t.api.db.kysely,
    clock: t.clock,
    logger: pino({ level: "silent" }),
    politeDelayMs: [0, 0],
    onWritten: () => t.api.odds.refresh(),
  });
  return {
    simulator,
    collector,
    async close() {
      await fetcher.close();
      await simulator.close();
    },
  };
}
