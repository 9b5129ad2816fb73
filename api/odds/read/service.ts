import type { Kysely } from "kysely";
import { LIVE_COUNTRY_ID } from "#shared/constants.ts";
import type { Database } from "../../db/schema.ts";
import { oddsCache } from "./cache.ts";
import { changesAfter, latestSeq } from "../write/changes.ts";
import { freshSince } from "./freshness.ts";
import { liveFeed, RING_CAPACITY } from "../live/live-feed.ts";
import { buildListing } from "./read-model.ts";

/**
 * The odds served: a cache rebuilt from the store after each write, on a change notice and on a
 * timer (time alone expires prices, flags and kick-offs), and the live feed of changed markets.
 */
export function oddsService(deps: { db: Kysely<Database>; clock: () => number; intervalS: number; ringCapacity?: number }) {
  const cache = oddsCache();
  const capacity = deps.ringCapacity ?? RING_CAPACITY;
  const live = liveFeed(capacity);
  let started = false;
  let running: Promise<void> | undefined;
  let again = false;
  let rebuilds = 0;

  /** Changes are read before the listing, so each one goes out with data at least as new as itself. */
  async function rebuild() {
    if (!started) live.startAt(await latestSeq(deps.db, LIVE_COUNTRY_ID));
    started = true;
    const changes = await changesAfter(deps.db, LIVE_COUNTRY_ID, live.latest(), capacity + 1);
    // Further behind than the ring holds: everyone refetches what is built next.
    const resetTo = changes.length > capacity ? await latestSeq(deps.db, LIVE_COUNTRY_ID) : undefined;
    const now = deps.clock();
    const listing = await buildListing(deps.db, { now, freshSince: freshSince(now, deps.intervalS * 1000) });
    cache.rebuild(listing);
    rebuilds += 1;
    if (resetTo !== undefined) live.reset(resetTo);
    else if (changes.length > 0) live.publish(changes, listing);
  }

  return {
    cache,
    live,
    /** How many times the cache has been rebuilt: answers read from the store (the match page) are kept until it moves. */
    rebuilds: () => rebuilds,
    /** Rebuilds the cache and publishes new changes; calls that arrive during a rebuild share one follow-up rebuild. */
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
