import { createHash } from "node:crypto";
import type { Logger } from "pino";
import { request, type Dispatcher } from "undici";
import webPush from "web-push";
import type { Db } from "../../db/database.ts";
import { retryAfterMs } from "../../feeds/fetcher.ts";
import type { AlertPayload, OutboxRow } from "../outbox.ts";
import { perBatch, type ChannelSender, type SendOutcome } from "../sender.ts";
import { forgetPushSubscription, pushSubscriptionsOf, type PushSubscriptionRow } from "./subscriptions.ts";
import type { VapidKeys } from "./vapid.ts";

/**
 * The Web Push channel (docs/design.md, Channels: Web Push): each outbox row goes to every browser
 * its bettor subscribed, encrypted (RFC 8291, aes128gcm) and signed (RFC 8292, VAPID) by the
 * web-push library, posted with undici. TTL 10 minutes: an older price is no use. A Topic per row's
 * topic, so a push service holding an undelivered alert replaces it with the newer one (RFC 8030
 * 5.4), and Urgency high for urgent rows (sure bets).
 */

/** Seconds a push service keeps an undelivered alert (docs/design.md, Channels: Web Push). */
export const PUSH_TTL_S = 600;
/** Rows sent at once: each is one request per browser to a push service. */
const PUSH_CONCURRENCY = 50;
const REQUEST_TIMEOUT_MS = 10_000;
/** The longest wait a push service's Retry-After may ask for; past it the sender's own back-off takes over. */
const MAX_RETRY_AFTER_MS = 3_600_000;
/** Push services take 4 KB of ciphertext: the text is cut well inside it. */
const MAX_TITLE = 120;
const MAX_BODY = 900;

export interface PushSenderDeps {
  db: Db;
  keys: VapidKeys;
  /** VAPID's `sub` claim: a mailto: or https: contact for the push services (VAPID_SUBJECT). */
  subject: string;
  /** Makes the payload's path absolute: the page the notification opens. */
  publicOrigin: string;
  logger: Logger;
  /** How push services are reached: in production only at public addresses (`publicOnlyAgent`); undici's own otherwise (the tests' loopback service). */
  dispatcher?: Dispatcher | undefined;
}

/** What the service worker reads (the worker served at /push-worker.js). */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  /** The row's topic, hashed: the notification's tag, so a newer alert of it replaces the shown one. */
  tag: string;
  code?: AlertPayload["code"];
}

/**
 * RFC 8030 5.4: a Topic is at most 32 characters of the URL-safe base64 alphabet. An outbox topic
 * (rule and subject) is any text, so it is hashed: the first 32 characters of its SHA-256.
 */
export function pushTopic(topic: string): string {
  return createHash("sha256").update(topic).digest("base64url").slice(0, 32);
}

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export function pushMessage(row: Pick<OutboxRow, "topic">, payload: AlertPayload, publicOrigin: string): PushMessage {
  return {
    title: cut(payload.title, MAX_TITLE),
    body: cut(payload.lines.join("\n"), MAX_BODY),
    url: `${publicOrigin}${payload.path.startsWith("/") ? payload.path : `/${payload.path}`}`,
    tag: pushTopic(row.topic),
    ...(payload.code ? { code: payload.code } : {}),
  };
}

/** A push service's Retry-After (RFC 9110 10.2.3) in ms, at most an hour; undefined when absent or unreadable. */
export function pushRetryDelay(value: string | string[] | undefined, now: number): number | undefined {
  const ms = retryAfterMs(value, now);
  return ms === undefined ? undefined : Math.min(MAX_RETRY_AFTER_MS, ms);
}

type Delivery = { status: "sent" } | { status: "gone" } | { status: "retry"; error: string; retryAfterMs?: number | undefined };

/** A VAPID JWT lives 12 h; one is signed per push service and reused for 11 h (a signature per push was most of a push's cost). */
const VAPID_JWT_S = 12 * 3_600;
const vapidCache = new Map<string, { authorization: string; until: number }>();

/** The VAPID Authorization header for a push service (RFC 8292), signed once and reused until an hour before it expires. */
function vapidAuthorization(deps: PushSenderDeps, endpoint: string): string {
  const audience = new URL(endpoint).origin;
  const key = `${audience} ${deps.keys.publicKey} ${deps.subject}`;
  const now = Date.now();
  const cached = vapidCache.get(key);
  if (cached && cached.until > now) return cached.authorization;
  const expiration = Math.floor(now / 1000) + VAPID_JWT_S;
  const headers = webPush.getVapidHeaders(audience, deps.subject, deps.keys.publicKey, deps.keys.privateKey, "aes128gcm", expiration);
  const authorization = String(headers.Authorization);
  if (vapidCache.size > 1_000) vapidCache.clear();
  vapidCache.set(key, { authorization, until: now + (VAPID_JWT_S - 3_600) * 1000 });
  return authorization;
}

async function deliver(deps: PushSenderDeps, subscription: PushSubscriptionRow, message: PushMessage, urgent: boolean): Promise<Delivery> {
  const details = webPush.generateRequestDetails({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, JSON.stringify(message), {
    TTL: PUSH_TTL_S,
    topic: message.tag,
    urgency: urgent ? "high" : "normal",
    contentEncoding: "aes128gcm",
    headers: { Authorization: vapidAuthorization(deps, subscription.endpoint) },
  });
  const headers = Object.fromEntries(Object.entries(details.headers).flatMap(([name, value]) => (name.toLowerCase() === "content-length" ? [] : [[name, String(value)]])));
  try {
    const answer = await request(details.endpoint, { method: "POST", headers, body: details.body, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS), ...(deps.dispatcher ? { dispatcher: deps.dispatcher } : {}) });
    const text = await answer.body.text().catch(() => "");
    if (answer.statusCode >= 200 && answer.statusCode < 300) return { status: "sent" };
    // RFC 8030 7.3: the subscription expired or was ended by the browser.
    if (answer.statusCode === 404 || answer.statusCode === 410) {
      await forgetPushSubscription(deps.db.kysely, subscription.id);
      return { status: "gone" };
    }
    return { status: "retry", error: `push service answered ${answer.statusCode}${text ? `: ${text.slice(0, 200)}` : ""}`, retryAfterMs: pushRetryDelay(answer.headers["retry-after"], Date.now()) };
  } catch (error) {
    return { status: "retry", error: `push service unreachable: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** One row's outcome over the bettor's browsers: sent when any took it; gone when none is left; else tried again (after the longest Retry-After asked). */
export function pushOutcome(deliveries: readonly Delivery[]): SendOutcome {
  if (deliveries.some((d) => d.status === "sent")) return { status: "sent" };
  const retries = deliveries.filter((d): d is Extract<Delivery, { status: "retry" }> => d.status === "retry");
  if (retries.length === 0) return { status: "gone", error: "no push subscription left for this bettor" };
  const asked = retries.flatMap((d) => (d.retryAfterMs === undefined ? [] : [d.retryAfterMs]));
  return { status: "retry", error: retries[0]!.error, retryAfterMs: asked.length > 0 ? Math.max(...asked) : undefined };
}

export function pushChannelSender(deps: PushSenderDeps): ChannelSender {
  const browsers = perBatch((userIds) => pushSubscriptionsOf(deps.db.kysely, userIds));
  return {
    channel: "push",
    concurrency: PUSH_CONCURRENCY,
    prepare: browsers.prepare,
    async send(row, payload) {
      const subscriptions = (await browsers.of(row)) ?? [];
      const message = pushMessage(row, payload, deps.publicOrigin);
      const deliveries = await Promise.all(subscriptions.map((subscription) => deliver(deps, subscription, message, Number(row.urgent) === 1)));
      const gone = deliveries.filter((d) => d.status === "gone").length;
      if (gone > 0) deps.logger.info({ userId: row.user_id, gone }, "push subscriptions the push service no longer knows were removed");
      return pushOutcome(deliveries);
    },
  };
}
