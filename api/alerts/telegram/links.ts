/**
 * Telegram links (docs/design.md, Alerts, Channels, Telegram): one chat per user and a chat to one
 * user (`telegram_links`), made from a single-use token the profile page asks for, stored hashed
 * and valid 10 minutes (`telegram_link_tokens`).
 */
import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { inChunks } from "../../db/in-chunks.ts";
import type { Database } from "../../db/schema.ts";

export const LINK_TOKEN_TTL_MS = 10 * 60_000;

/** The deep link's `start` parameter: 32 characters of base64url (Telegram takes up to 64 of [A-Za-z0-9_-]). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32}$/;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

export interface TelegramLinkRow {
  userId: string;
  chatId: string;
  mutedUntil: number | null;
}

/** A new single-use token for `userId`: only its hash is kept. */
export async function createLinkToken(db: Kysely<Database>, userId: string, now: number): Promise<{ token: string; expiresAt: number }> {
  const token = randomBytes(24).toString("base64url");
  const expiresAt = now + LINK_TOKEN_TTL_MS;
  // Spent and expired tokens of anyone are no use to keep.
  await db.deleteFrom("telegram_link_tokens").where("expires_at", "<", now - LINK_TOKEN_TTL_MS).execute();
  await db.insertInto("telegram_link_tokens").values({ token_hash: hashOf(token), user_id: userId, expires_at: expiresAt, used_at: null }).execute();
  return { token, expiresAt };
}

export type LinkOutcome =
  | { status: "linked"; userId: string }
  | { status: "bad-token" }
  | { status: "chat-taken" };

/**
 * `/start <token>` in a private chat: the token is spent (once, while it is valid) and the chat
 * linked to its user, replacing that user's earlier chat. A chat linked to another account is
 * refused without spending the token.
 */
export async function linkChat(db: Kysely<Database>, token: string, chatId: string, now: number): Promise<LinkOutcome> {
  if (!TOKEN_SHAPE.test(token)) return { status: "bad-token" };
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("telegram_link_tokens")
      .select(["user_id"])
      .where("token_hash", "=", hashOf(token))
      .where("used_at", "is", null)
      .where("expires_at", ">", now)
      .executeTakeFirst();
    if (!row) return { status: "bad-token" } as const;
    const holder = await trx.selectFrom("telegram_links").select("user_id").where("chat_id", "=", chatId).executeTakeFirst();
    if (holder && holder.user_id !== row.user_id) return { status: "chat-taken" } as const;
    // Spent only if still unspent: of two /start with one token at once, one links.
    const spent = await trx
      .updateTable("telegram_link_tokens")
      .set({ used_at: now })
      .where("token_hash", "=", hashOf(token))
      .where("used_at", "is", null)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) return { status: "bad-token" } as const;
    await trx.deleteFrom("telegram_links").where("user_id", "=", row.user_id).execute();
    await trx.insertInto("telegram_links").values({ user_id: row.user_id, chat_id: chatId, linked_at: now, muted_until: null }).execute();
    return { status: "linked", userId: row.user_id } as const;
  });
}

export async function linkOfChat(db: Kysely<Database>, chatId: string): Promise<TelegramLinkRow | undefined> {
  const row = await db.selectFrom("telegram_links").select(["user_id", "chat_id", "muted_until"]).where("chat_id", "=", chatId).executeTakeFirst();
  return row && { userId: row.user_id, chatId: row.chat_id, mutedUntil: row.muted_until === null ? null : Number(row.muted_until) };
}

/** Each linked bettor's chat, by user id. */
export async function linksOfUsers(db: Kysely<Database>, userIds: readonly string[]): Promise<Map<string, TelegramLinkRow>> {
  const links = new Map<string, TelegramLinkRow>();
  for (const ids of inChunks(userIds)) {
    const rows = await db.selectFrom("telegram_links").select(["user_id", "chat_id", "muted_until"]).where("user_id", "in", ids).execute();
    for (const row of rows) links.set(row.user_id, { userId: row.user_id, chatId: row.chat_id, mutedUntil: row.muted_until === null ? null : Number(row.muted_until) });
  }
  return links;
}

/** The user's link gone (DELETE /users/telegram/link); whether there was one. */
export async function unlinkUser(db: Kysely<Database>, userId: string): Promise<boolean> {
  const result = await db.deleteFrom("telegram_links").where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The chat's link gone (`/stop`, or the user blocked the bot); whether there was one. */
export async function unlinkChat(db: Kysely<Database>, chatId: string): Promise<boolean> {
  const result = await db.deleteFrom("telegram_links").where("chat_id", "=", chatId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** `/mute`: alerts to this chat wait until `until` (epoch ms); 0 or less unmutes. Whether the chat is linked. */
export async function muteChat(db: Kysely<Database>, chatId: string, until: number | null): Promise<boolean> {
  const result = await db.updateTable("telegram_links").set({ muted_until: until }).where("chat_id", "=", chatId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
