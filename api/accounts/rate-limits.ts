import type { ExpressionBuilder, Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

export interface LimitRule {
  /** Attempts (or events) allowed within the window before the key is refused. */
  max: number;
  windowMs: number;
  /** How long a key stays blocked once `fail` finds it at `max`. */
  blockMs: number;
}

export type RateAdmission = { allowed: true } | { allowed: false; retryAfterS: number };

type RateLimitsEb = ExpressionBuilder<Database, "rate_limits">;

/**
 * Counters kept in the database so limits hold across replicas and restarts
 * (docs/design.md, Registration limits; docs/design.md, Login throttling).
 *
 * An attempt is counted before the work it guards (`take`), in one conditional upsert that refuses
 * once the key is at `max` or blocked: checking first and counting after let parallel requests all
 * pass the check (a burst of 40 guessed passwords was 40 evaluated guesses). A failed attempt keeps
 * its count and blocks the key once it is at `max` (`fail`); an attempt that turns out not to count
 * gives its slot back (`release`), and a success can start the key over (`reset`).
 */
export function rateLimits(db: Kysely<Database>, clock: () => number) {
  const deps: LimitsDeps = { db, clock };
  return {
    take: (key: string, rule: LimitRule) => take(deps, key, rule),
    peek: (key: string, rule: LimitRule) => peek(deps, key, rule),
    fail: (key: string, rule: LimitRule) => fail(deps, key, rule),
    release: (key: string) => release(deps, key),
    reset: (key: string) => reset(deps, key),
  };
}

interface LimitsDeps {
  db: Kysely<Database>;
  clock: () => number;
}

/** The stored window is over, or its block has ended: the key starts over. */
function startsOver(eb: RateLimitsEb, now: number, rule: LimitRule) {
  return eb.or([
    eb("rate_limits.window_start", "<=", now - rule.windowMs),
    eb.and([eb("rate_limits.blocked_until", "is not", null), eb("rate_limits.blocked_until", "<=", now)]),
  ]);
}

/** Counts one attempt against the key, or refuses it (counting nothing) when the key is at its limit. */
async function take({ db, clock }: LimitsDeps, key: string, rule: LimitRule): Promise<RateAdmission> {
  const now = clock();
  if (await countAttempt(db, key, rule, now)) return { allowed: true };
  return refusal(await limitRow(db, key), rule, now);
}

function limitRow(db: Kysely<Database>, key: string) {
  return db.selectFrom("rate_limits").select(["window_start", "count", "blocked_until"]).where("key", "=", key).executeTakeFirst();
}

/** A refusal of a key at its limit, with how long until it may try again. */
function refusal(row: { window_start: number; blocked_until: number | null } | undefined, rule: LimitRule, now: number): RateAdmission {
  const blockedUntil = row?.blocked_until ?? 0;
  // Not blocked yet means attempts at the limit are still running: their failure will block for blockMs.
  const waitMs =
    blockedUntil > now
      ? blockedUntil - now
      : Math.min(rule.blockMs, (row?.window_start ?? now) + rule.windowMs - now);
  return { allowed: false, retryAfterS: Math.max(1, Math.ceil(waitMs / 1000)) };
}

/**
 * Whether `take` would refuse the key now, counting nothing: one read, for a caller that refuses
 * early and cheaply (a registration flood answered without a write per request). Not a check to
 * count after: only `take` admits.
 */
async function peek({ db, clock }: LimitsDeps, key: string, rule: LimitRule): Promise<RateAdmission> {
  const now = clock();
  const row = await limitRow(db, key);
  const startsOverNow = !row || row.window_start <= now - rule.windowMs || (row.blocked_until !== null && row.blocked_until <= now);
  if (startsOverNow || (row.blocked_until === null && row.count < rule.max)) return { allowed: true };
  return refusal(row, rule, now);
}

/** The conditional upsert: true when the attempt was counted, false when the key is at its limit or blocked. */
async function countAttempt(db: Kysely<Database>, key: string, rule: LimitRule, now: number) {
  const counted = await db
    .insertInto("rate_limits")
    .values({ key, window_start: now, count: 1, blocked_until: null })
    .onConflict((oc) =>
      oc
        .column("key")
        .doUpdateSet((eb) => ({
          count: eb
            .case()
            .when(startsOver(eb, now, rule))
            .then(1)
            .else(eb("rate_limits.count", "+", 1))
            .end(),
          window_start: eb
            .case()
            .when(startsOver(eb, now, rule))
            .then(now)
            .else(eb.ref("rate_limits.window_start"))
            .end(),
          blocked_until: eb
            .case()
            .when(startsOver(eb, now, rule))
            .then(eb.val<number | null>(null))
            .else(eb.ref("rate_limits.blocked_until"))
            .end(),
        }))
        .where((eb) =>
          eb.or([
            startsOver(eb, now, rule),
            eb.and([eb("rate_limits.blocked_until", "is", null), eb("rate_limits.count", "<", rule.max)]),
          ]),
        ),
    )
    .returning("count")
    .executeTakeFirst();
  return counted !== undefined;
}

/** A counted attempt failed: a key at its limit is blocked for `blockMs` (an existing block is kept). */
async function fail({ db, clock }: LimitsDeps, key: string, rule: LimitRule): Promise<void> {
  const now = clock();
  await db
    .updateTable("rate_limits")
    .set({ blocked_until: now + rule.blockMs })
    .where("key", "=", key)
    .where("count", ">=", rule.max)
    .where((eb) => eb.or([eb("blocked_until", "is", null), eb("blocked_until", "<=", now)]))
    .execute();
}

/** Gives back a slot taken by an attempt that did not count (it succeeded, or another limit refused it). */
async function release({ db }: LimitsDeps, key: string): Promise<void> {
  await db
    .updateTable("rate_limits")
    .set((eb) => ({ count: eb("count", "-", 1) }))
    .where("key", "=", key)
    .where("count", ">", 0)
    .execute();
}

async function reset({ db }: LimitsDeps, key: string): Promise<void> {
  await db.deleteFrom("rate_limits").where("key", "=", key).execute();
}

export type RateLimits = ReturnType<typeof rateLimits>;
