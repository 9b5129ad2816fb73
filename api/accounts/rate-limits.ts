import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

export interface LimitRule {
  /** Failures (or events) allowed within the window before the key is blocked. */
  max: number;
  windowMs: number;
  /** How long a key stays blocked once it reaches `max`. */
  blockMs: number;
}

/**
 * Counters kept in the database so limits hold across replicas and restarts (DESIGN section 4).
 * A key counts events in a fixed window; reaching `max` blocks it for `blockMs`.
 */
export function rateLimits(db: Kysely<Database>, clock: () => number) {
  return {
    /** Seconds until the key is allowed again, or 0. */
    async blockedFor(key: string): Promise<number> {
      const row = await db.selectFrom("rate_limits").select("blocked_until").where("key", "=", key).executeTakeFirst();
      const until = row?.blocked_until ?? 0;
      return until > clock() ? Math.ceil((until - clock()) / 1000) : 0;
    },

    /** Counts one event against the key; answers the seconds it is now blocked for (0 if not). */
    async hit(key: string, rule: LimitRule): Promise<number> {
      const now = clock();
      await db
        .insertInto("rate_limits")
        .values({ key, window_start: now, count: 1, blocked_until: null })
        .onConflict((oc) =>
          oc.column("key").doUpdateSet((eb) => ({
            // A window that has passed starts over; otherwise the count grows.
            count: eb.case().when("rate_limits.window_start", "<=", now - rule.windowMs).then(1).else(eb("rate_limits.count", "+", 1)).end(),
            window_start: eb.case().when("rate_limits.window_start", "<=", now - rule.windowMs).then(now).else(eb.ref("rate_limits.window_start")).end(),
          })),
        )
        .execute();
      const row = await db.selectFrom("rate_limits").select(["count"]).where("key", "=", key).executeTakeFirstOrThrow();
      if (row.count < rule.max) return 0;
      await db.updateTable("rate_limits").set({ blocked_until: now + rule.blockMs, count: 0, window_start: now }).where("key", "=", key).execute();
      return Math.ceil(rule.blockMs / 1000);
    },

    async reset(key: string): Promise<void> {
      await db.deleteFrom("rate_limits").where("key", "=", key).execute();
    },
  };
}
