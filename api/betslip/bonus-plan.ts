/**
 * The bookmakers' live accumulator bonus plans as the API keeps them
 * (docs/design.md, Live bonus plan): the collecting replica stores each provider's newest plan,
 * every replica reads it from the database. Reads are kept for 30 s, so pricing slips costs no query each; a plan fetched more
 * than 24 h ago counts as none, so a plan the collector can no longer read is never shown as live.
 */
import type { Kysely } from "kysely";
import { LRUCache } from "lru-cache";
import { z } from "zod";
import type { BonusPlan } from "#shared/math/bookmaker-rules.ts";
import type { Database } from "../db/schema.ts";

/** SportyBet (docs/product.md, Reference tables): the one book with a live plan. */
const SPORTYBET = 3;
/** How long a read is kept in memory. */
export const PLAN_READ_TTL_MS = 30_000;
/** A plan fetched longer ago than this counts as none. */
export const PLAN_MAX_AGE_MS = 24 * 60 * 60 * 1000;

const bodySchema = z.object({
  name: z.string(),
  minLegOdds: z.number(),
  ratios: z.array(z.object({ legs: z.number().int(), min: z.number(), max: z.number() })),
  footballFactor: z.number(),
});

/** lru-cache keeps no undefined: a provider without a plan is kept as `{ plan: undefined }`. */
type Kept = { plan: BonusPlan | undefined };

/** One cache per database handle, so two databases in one process (tests, tools) never mix plans. */
const caches = new WeakMap<Kysely<Database>, LRUCache<number, Kept>>();

/**
 * Stores a provider's plan unless a newer one is stored already (two replicas briefly both
 * collecting, during a change of leader, can finish out of order).
 */
export async function storeBonusPlan(db: Kysely<Database>, provider: number, plan: BonusPlan): Promise<void> {
  const { fetchedAt, ...body } = plan;
  await db
    .insertInto("bonus_plans")
    .values({ provider, body: JSON.stringify(body), fetched_at: Date.parse(fetchedAt) })
    .onConflict((oc) =>
      oc
        .column("provider")
        .doUpdateSet((eb) => ({ body: eb.ref("excluded.body"), fetched_at: eb.ref("excluded.fetched_at") }))
        .where((eb) => eb("bonus_plans.fetched_at", "<", eb.ref("excluded.fetched_at"))),
    )
    .execute();
}

/** The stored plan of a provider, whatever its age; a row that is no plan is an error, never a guess. */
async function loadBonusPlan(db: Kysely<Database>, provider: number): Promise<BonusPlan | undefined> {
  const row = await db.selectFrom("bonus_plans").select(["body", "fetched_at"]).where("provider", "=", provider).executeTakeFirst();
  if (!row) return undefined;
  const body = bodySchema.safeParse(JSON.parse(row.body));
  if (!body.success) throw new Error(`bonus_plans: the row of provider ${provider} is not a plan: ${body.error.message}`);
  return { ...body.data, fetchedAt: new Date(row.fetched_at).toISOString() };
}

function cacheOf(db: Kysely<Database>): LRUCache<number, Kept> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new LRUCache<number, Kept>({ max: 16, ttl: PLAN_READ_TTL_MS, fetchMethod: async (provider) => ({ plan: await loadBonusPlan(db, provider) }) });
    caches.set(db, cache);
  }
  return cache;
}

/**
 * A provider's live bonus plan (SportyBet's by default), or undefined when none was stored or the
 * stored one was fetched more than 24 h before `now`. Read from the database at most every 30 s
 * per provider; concurrent reads share one query.
 */
export async function readBonusPlan(db: Kysely<Database>, provider = SPORTYBET, now = Date.now()): Promise<BonusPlan | undefined> {
  const kept = await cacheOf(db).fetch(provider);
  const plan = kept?.plan;
  return plan && now - Date.parse(plan.fetchedAt) <= PLAN_MAX_AGE_MS ? plan : undefined;
}
