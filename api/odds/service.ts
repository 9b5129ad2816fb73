import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { oddsCache } from "./cache.ts";
import { freshSince } from "./freshness.ts";
import { buildListing } from "./read-model.ts";

/** The odds served: a cache rebuilt from the store after each write and on a timer (time alone expires prices, flags and kick-offs). */
export function oddsService(deps: { db: Kysely<Database>; clock: () => number; intervalS: number }) {
  const cache = oddsCache();
  let running: Promise<void> | undefined;
  let again = false;

  async function rebuild() {
    const now = deps.clock();
    const listing = await buildListing(deps.db, { now, freshSince: freshSince(now, deps.intervalS * 1000) });
    cache.rebuild(listing);
  }

  return {
    cache,
    /** Rebuilds the cache; calls that arrive during a rebuild share one follow-up rebuild. */
    refresh(): Promise<void> {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        try {
          do {
            again = false;
            await rebuild();
          } while (again);
        } finally {
          running = undefined;
        }
      })();
      return running;
    },
  };
}

export type OddsService = ReturnType<typeof oddsService>;
