import type { Kysely } from "kysely";
import { LIVE_COUNTRY_ID } from "#shared/constants.ts";
import type { Database } from "../../db/schema.ts";
import { oddsCache } from "./cache.ts";
import { changesAfter, latestSeq, type ChangeRow } from "../write/changes.ts";
import { freshSince } from "./freshness.ts";
import { liveFeed, RING_CAPACITY } from "../live/live-feed.ts";
import type { MarketLookup } from "#shared/math/market-descriptor.ts";
import { listEvents, listingOf, type ListedEvent, type ListingOptions } from "./read-model.ts";

/**
 * A whole rebuild at least this often; between them the listing is patched. What the change log does
 * not carry (a competition renamed in the catalogue, a kick-off moved with no price changing) reaches
 * the answers within this.
 */
export const WHOLE_REBUILD_MS = 10 * 60_000;

/** The competitions of events that differ between two listings of the same ids, and the patched listing. */
function patch(listed: Map<string, ListedEvent>, ids: ReadonlySet<string>, reread: ReadonlyMap<string, ListedEvent>): Set<number> {
  const touched = new Set<number>();
  for (const id of ids) {
    const before = listed.get(id);
    const after = reread.get(id);
    if (before && after && JSON.stringify(before.event) === JSON.stringify(after.event)) {
      listed.set(id, { event: before.event, changesAt: after.changesAt });
      continue;
    }
    if (before) touched.add(before.event.competitionId);
    if (after) {
      touched.add(after.event.competitionId);
      listed.set(id, after);
    } else listed.delete(id);
  }
  return touched;
}

/**
 * Brings `listed` up to date at `options.now`: with `changes`, the events they name and those whose
 * moment has come are re-read; without, every event is, compared event by event (what did not move
 * keeps its answers and the listed version). The competitions whose events moved come back.
 */
async function relist(db: Kysely<Database>, listed: Map<string, ListedEvent>, changes: readonly ChangeRow[] | undefined, options: ListingOptions, markets?: MarketLookup): Promise<Set<number>> {
  if (changes === undefined) {
    const reread = await listEvents(db, options, undefined, markets);
    return patch(listed, new Set([...listed.keys(), ...reread.keys()]), reread);
  }
  const ids = new Set(changes.map((c) => c.eventId));
  for (const [id, entry] of listed) if (entry.changesAt <= options.now) ids.add(id);
  return ids.size > 0 ? patch(listed, ids, await listEvents(db, options, [...ids], markets)) : new Set();
}

type RebuiltListener = (changedEvents: ReadonlySet<string> | undefined) => void;

/** Who hears which events each rebuild read changes of (undefined after a reset): alert detection (docs/design.md, Detection). */
function rebuildNotices() {
  const listeners = new Set<RebuiltListener>();
  return {
    notify(changedEvents: ReadonlySet<string> | undefined) {
      for (const listener of listeners) listener(changedEvents);
    },
    onRebuilt(listener: RebuiltListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The odds served: a cache rebuilt from the store after each write, on a change notice and on a
 * timer, and the live feed of changed markets. A rebuild re-reads only the events the change log
 * names since the last one and those whose moment (kick-off, a price leaving its window, a stale
 * mark, an arrow expiring) has come; the whole listing every WHOLE_REBUILD_MS, at start and when
 * this replica fell behind the ring (docs/design.md, Odds cache).
 */
export function oddsService(deps: { db: Kysely<Database>; clock: () => number; intervalS: number; ringCapacity?: number; markets?: () => MarketLookup }) {
  const cache = oddsCache();
  const capacity = deps.ringCapacity ?? RING_CAPACITY;
  const live = liveFeed(capacity);
  let started = false;
  let running: Promise<void> | undefined;
  let again = false;
  let rebuilds = 0;
  const listed = new Map<string, ListedEvent>();
  let wholeAt: number | undefined;
  const notices = rebuildNotices();

  /** Changes are read before the listing, so each one goes out with data at least as new as itself. */
  async function rebuild() {
    if (!started) live.startAt(await latestSeq(deps.db, LIVE_COUNTRY_ID));
    started = true;
    const changes = await changesAfter(deps.db, LIVE_COUNTRY_ID, live.latest(), capacity + 1);
    // Further behind than the ring holds: everyone refetches what is built next.
    const resetTo = changes.length > capacity ? await latestSeq(deps.db, LIVE_COUNTRY_ID) : undefined;
    const now = deps.clock();
    const whole = wholeAt === undefined || resetTo !== undefined || now - wholeAt >= WHOLE_REBUILD_MS || now < wholeAt;
    const touched = await relist(deps.db, listed, whole ? undefined : changes, { now, freshSince: freshSince(now, deps.intervalS * 1000) }, deps.markets?.());
    if (whole) wholeAt = now;
    rebuilds += 1;
    // The cache builds everything from its first listing, whatever `touched` says.
    if (touched.size > 0 || rebuilds === 1) cache.rebuild(listingOf([...listed.values()].map((entry) => entry.event), deps.intervalS), touched);
    if (resetTo !== undefined) live.reset(resetTo);
    else if (changes.length > 0) live.publish(changes, listed);
    notices.notify(resetTo !== undefined ? undefined : new Set(changes.map((c) => c.eventId)));
  }

  return {
    cache,
    live,
    /** How many times the cache has been rebuilt: answers read from the store (the match page) are kept until it moves. */
    rebuilds: () => rebuilds,
    /** Calls a listener after every rebuild with the events whose changes it read; returns its removal. */
    onRebuilt: notices.onRebuilt,
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
