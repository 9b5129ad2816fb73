import { createHmac, timingSafeEqual } from "node:crypto";
import type { AlertKind } from "../../db/schema.ts";

/**
 * The one-click unsubscribe of an alert mail (RFC 8058; docs/design.md, Channels): a token naming
 * the user and the alert kind, signed with a key derived from the API's secret. It does not expire:
 * a mail read weeks later still stops its kind. It says nothing a reader could use beyond that.
 */
const KINDS: readonly AlertKind[] = ["target", "move", "slip", "sure", "drop"];

function key(secret: string): Buffer {
  return createHmac("sha256", secret).update("alert-unsubscribe/v1").digest();
}

function sign(secret: string, body: string): string {
  return createHmac("sha256", key(secret)).update(body).digest("base64url").slice(0, 32);
}

export function unsubscribeToken(secret: string, userId: string, kind: AlertKind): string {
  const body = Buffer.from(`${userId}\n${kind}`).toString("base64url");
  return `${body}.${sign(secret, body)}`;
}

/** The user and kind a token names, or undefined for anything not made by unsubscribeToken with this secret. */
export function readUnsubscribeToken(secret: string, token: string): { userId: string; kind: AlertKind } | undefined {
  if (token.length > 300) return undefined;
  const match = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return undefined;
  const [, body, mac] = match as unknown as [string, string, string];
  const want = Buffer.from(sign(secret, body));
  const got = Buffer.from(mac);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return undefined;
  const [userId, kind, ...rest] = Buffer.from(body, "base64url").toString("utf8").split("\n");
  if (!userId || rest.length > 0 || !KINDS.includes(kind as AlertKind)) return undefined;
  return { userId, kind: kind as AlertKind };
}
