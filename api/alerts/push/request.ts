import { createECDH } from "node:crypto";
import { isIP } from "node:net";
import { z } from "zod";
import { AppError } from "../../http/errors.ts";
import type { NewPushSubscription } from "./subscriptions.ts";

/**
 * The push subscription calls' bodies (docs/design.md, Channels: Web Push; Hostile input): a
 * browser's PushSubscription as its toJSON() gives it. The keys are checked as RFC 8291 has them (a
 * P-256 point of 65 bytes, a 16-byte secret), so a row the sender cannot encrypt to is never stored.
 */

/** Longer than any push service's endpoint (FCM's are about 200 characters). */
const MAX_ENDPOINT = 1_000;

const ENDPOINT_MESSAGE = "endpoint must be the https:// URL of a push service.";
const P256DH_MESSAGE = "keys.p256dh must be a P-256 public key (65 bytes, URL-safe base64).";
const AUTH_MESSAGE = "keys.auth must be a 16-byte secret (URL-safe base64).";

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

function decoded(text: string): Buffer | undefined {
  return BASE64URL.test(text) ? Buffer.from(text.replace(/=+$/, ""), "base64url") : undefined;
}

/** A point on P-256, as the browser's p256dh must be: ECDH with it would throw otherwise. */
function isP256Point(bytes: Buffer | undefined): boolean {
  if (bytes?.length !== 65 || bytes[0] !== 4) return false;
  try {
    const ecdh = createECDH("prime256v1");
    ecdh.setPrivateKey(Buffer.alloc(32, 1));
    ecdh.computeSecret(bytes);
    return true;
  } catch {
    return false;
  }
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * A push service's URL: https to a named host. A loopback http:// service passes outside
 * production only (the tests' stand-in); an address literal or a loopback host never in
 * production, so the sender cannot be pointed at the site's own network.
 */
function endpointIssue(text: string, production: boolean): string | undefined {
  if (text.length > MAX_ENDPOINT || !URL.canParse(text)) return ENDPOINT_MESSAGE;
  const url = new URL(text);
  if (url.username || url.password) return ENDPOINT_MESSAGE;
  const loopback = LOOPBACK_HOSTS.has(url.hostname);
  if (!production && loopback && (url.protocol === "http:" || url.protocol === "https:")) return undefined;
  if (url.protocol !== "https:" || loopback || isIP(url.hostname.replace(/^\[|\]$/g, "")) !== 0) return ENDPOINT_MESSAGE;
  return undefined;
}

const keysOf = (issue: { code?: string; keys?: string[] }) => (issue.code === "unrecognized_keys" && issue.keys ? issue.keys.join(", ") : undefined);

function subscriptionSchema(production: boolean) {
  return z.strictObject(
    {
      endpoint: z.string({ error: ENDPOINT_MESSAGE }).refine((text) => endpointIssue(text, production) === undefined, ENDPOINT_MESSAGE),
      // PushSubscription.toJSON() carries it; the push service's own expiry is what counts (a 404 or 410).
      expirationTime: z.number().nullable().optional(),
      keys: z.strictObject(
        {
          p256dh: z.string({ error: P256DH_MESSAGE }).refine((text) => isP256Point(decoded(text)), P256DH_MESSAGE),
          auth: z.string({ error: AUTH_MESSAGE }).refine((text) => decoded(text)?.length === 16, AUTH_MESSAGE),
        },
        { error: "keys must hold p256dh and auth." },
      ),
    },
    { error: (issue) => (keysOf(issue) ? `A push subscription takes endpoint and keys; unknown field: ${keysOf(issue)}.` : "The request must be a push subscription: endpoint and keys.") },
  );
}

const endpointSchema = z.strictObject(
  { endpoint: z.string({ error: "endpoint is required." }).min(1, "endpoint is required.").max(MAX_ENDPOINT, ENDPOINT_MESSAGE) },
  { error: (issue) => (keysOf(issue) ? `Removing a push subscription takes only endpoint; unknown field: ${keysOf(issue)}.` : "The request must be an object with endpoint.") },
);

function parsed<T>(result: z.ZodSafeParseResult<T>): T {
  if (!result.success) throw new AppError("VALIDATION_ERROR", result.error.issues[0]?.message ?? "The request is not valid.");
  return result.data;
}

/** POST /users/push/subscriptions' body, its keys stored as the browser sent them (unpadded). */
export function parsePushSubscription(raw: unknown, production: boolean): NewPushSubscription {
  const { endpoint, keys } = parsed(subscriptionSchema(production).safeParse(raw));
  return { endpoint, p256dh: keys.p256dh.replace(/=+$/, ""), auth: keys.auth.replace(/=+$/, "") };
}

/** POST /users/push/subscriptions/remove's body. */
export function parsePushEndpoint(raw: unknown): string {
  return parsed(endpointSchema.safeParse(raw)).endpoint;
}
