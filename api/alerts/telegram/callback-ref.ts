/**
 * The "Get code at <book>" button's callback data (docs/design.md, Alerts, Channels, Telegram): a
 * short reference to the code read and the book to mint at, signed with a key derived from the
 * API's secret for the one chat it was sent to, and valid 30 minutes. Telegram gives a button at
 * most 64 bytes; this takes about 40.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export const MINT_REF_TTL_MS = 30 * 60_000;

/** What the button asks for: mint at `to` the legs of `code` read at `from`. */
export interface MintRef {
  to: number;
  from: number;
  code: string;
}

export type RefCheck = { ok: true; ref: MintRef } | { ok: false; reason: "malformed" | "forged" | "expired" };

const SHAPE = /^m:([1-9]):([1-9]):([A-Z0-9]{4,12}):([0-9a-z]{1,10}):([A-Za-z0-9_-]{16})$/;

/** The key the buttons are signed with, derived from the API's secret so it signs nothing else. */
export function refKey(apiSecret: string): Buffer {
  return createHmac("sha256", apiSecret).update("afriodds telegram callback v1").digest();
}

const signature = (key: Buffer, chatId: string, body: string) => createHmac("sha256", key).update(`${chatId}|${body}`).digest("base64url").slice(0, 16);

export function signMintRef(key: Buffer, chatId: string, ref: MintRef, now: number): string {
  const expires = Math.floor((now + MINT_REF_TTL_MS) / 1000).toString(36);
  const body = `m:${ref.to}:${ref.from}:${ref.code}:${expires}`;
  return `${body}:${signature(key, chatId, body)}`;
}

/** The reference if it was signed for this chat and has not expired; else why not. */
export function checkMintRef(key: Buffer, chatId: string, data: string, now: number): RefCheck {
  const match = SHAPE.exec(data);
  if (!match) return { ok: false, reason: "malformed" };
  const [, to, from, code, expires, mac] = match;
  const body = `m:${to}:${from}:${code}:${expires}`;
  const want = Buffer.from(signature(key, chatId, body));
  const got = Buffer.from(mac!);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return { ok: false, reason: "forged" };
  if (parseInt(expires!, 36) * 1000 < now) return { ok: false, reason: "expired" };
  return { ok: true, ref: { to: Number(to), from: Number(from), code: code! } };
}
