import type { RequestHandler } from "express";
import { errorEnvelope } from "#shared/error-codes.ts";
import { addressKey } from "#lib/node/address-key.ts";

export interface BucketOptions {
  /** Requests a client may send at once. */
  burst: number;
  /** Tokens added back per second. */
  perSecond: number;
  /** Clients remembered at most; the one seen longest ago is dropped first. */
  maxClients: number;
  clock?: () => number;
}

/**
 * A token bucket per key, in this process only. Memory is bounded: at most `maxClients` entries,
 * evicting the least recently seen (a Map keeps insertion order; a take re-inserts).
 */
export function tokenBuckets({ burst, perSecond, maxClients, clock = Date.now }: BucketOptions) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    /** Takes one token for `key`: 0 when allowed, else the whole seconds until one is back. */
    take(key: string): number {
      const now = clock();
      const held = buckets.get(key);
      const tokens = held ? Math.min(burst, held.tokens + ((now - held.at) / 1000) * perSecond) : burst;
      buckets.delete(key);
      if (buckets.size >= maxClients) buckets.delete(buckets.keys().next().value!);
      const allowed = tokens >= 1;
      buckets.set(key, { tokens: allowed ? tokens - 1 : tokens, at: now });
      return allowed ? 0 : Math.max(1, Math.ceil((1 - tokens) / perSecond));
    },
    get size() {
      return buckets.size;
    },
  };
}

/**
 * Analytics beacons per client address (docs/design.md, Operations endpoints). In-process on purpose:
 * beacons are only logged, so a client that spreads its flood over several web processes gets a few times
 * the budget and nothing worse; the database stays out of the beacon path. The burst is generous because
 * many users share a carrier NAT address (docs/design.md, Login throttling).
 */
export const BEACON_LIMIT = { burst: 60, perSecond: 2, maxClients: 10_000 } as const;

export function beaconRateLimit(options: BucketOptions = BEACON_LIMIT): RequestHandler {
  const buckets = tokenBuckets(options);
  return (req, res, next) => {
    // An IPv6 client counts by its /64, as the API's limits do (lib/node/address-key.ts).
    const wait = buckets.take(addressKey(req.ip));
    if (wait === 0) return next();
    res.setHeader("Retry-After", String(wait));
    res.status(429).json(errorEnvelope("RATE_LIMIT_EXCEEDED", "Too many analytics events. Please slow down."));
  };
}
