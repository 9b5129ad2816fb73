import { randomUUID } from "node:crypto";
import { sql, type Kysely, type Selectable } from "kysely";
import type { AlertChannelsView } from "#shared/alerts-contract.ts";
import { inChunks } from "../../db/in-chunks.ts";
import type { Database, PushSubscriptionsTable } from "../../db/schema.ts";
import type { VapidKeys } from "./vapid.ts";

/**
 * A bettor's Web Push subscriptions (docs/design.md, Channels: Web Push): one row per browser,
 * the endpoint unique. A browser that subscribes again under another account moves to it.
 */
export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;

/** Browsers a bettor keeps at once: the oldest goes when another subscribes. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;

export interface NewPushSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Stores the browser's subscription for `userId` (by endpoint: its keys and owner replaced), keeping the user's newest ten. */
export async function savePushSubscription(db: Kysely<Database>, userId: string, subscription: NewPushSubscription, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("push_subscriptions")
      .values({ id: randomUUID(), user_id: userId, endpoint: subscription.endpoint, p256dh: subscription.p256dh, auth: subscription.auth, created_at: now })
      .onConflict((oc) => oc.column("endpoint").doUpdateSet({ user_id: userId, p256dh: subscription.p256dh, auth: subscription.auth, created_at: now }))
      .execute();
    const beyond = await trx
      .selectFrom("push_subscriptions")
      .select("id")
      .where("user_id", "=", userId)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(1_000)
      .offset(MAX_PUSH_SUBSCRIPTIONS)
      .execute();
    if (beyond.length > 0) await trx.deleteFrom("push_subscriptions").where("id", "in", beyond.map((row) => row.id)).execute();
  });
}

/** Removes the caller's own subscription of that endpoint; another user's is left as it is. */
export async function removePushSubscription(db: Kysely<Database>, userId: string, endpoint: string): Promise<void> {
  await db.deleteFrom("push_subscriptions").where("user_id", "=", userId).where("endpoint", "=", endpoint).execute();
}

/** A push service answered 404 or 410: the browser unsubscribed, or the subscription expired. */
export async function forgetPushSubscription(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom("push_subscriptions").where("id", "=", id).execute();
}

/** Each bettor's browsers, oldest first. */
export async function pushSubscriptionsOf(db: Kysely<Database>, userIds: readonly string[]): Promise<Map<string, PushSubscriptionRow[]>> {
  const byUser = new Map<string, PushSubscriptionRow[]>();
  for (const ids of inChunks(userIds)) {
    const rows = await db.selectFrom("push_subscriptions").selectAll().where("user_id", "in", ids).orderBy("created_at").orderBy("id").execute();
    for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
  }
  return byUser;
}

/** What GET /users/alerts says of Web Push for a bettor: on or off here, the key to subscribe with, their browsers. */
export async function pushChannelView(db: Kysely<Database>, keys: VapidKeys | undefined, userId: string): Promise<AlertChannelsView["push"]> {
  const row = await db
    .selectFrom("push_subscriptions")
    .select(sql<number>`count(*)`.as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return { available: keys !== undefined, publicKey: keys?.publicKey ?? null, subscriptions: Number(row.n) };
}
