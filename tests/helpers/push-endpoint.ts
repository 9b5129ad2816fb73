import { createDecipheriv, createECDH, createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { importJWK, jwtVerify, type JWTPayload } from "jose";

/**
 * A push service on loopback (RFC 8030) standing in for the browsers' ones, as web-push's own tests
 * do: each subscription it hands out is a browser's (a P-256 key pair and a 16-byte auth secret,
 * subscribed with an applicationServerKey). A push message must carry a valid VAPID Authorization
 * (RFC 8292: an ES256 JWT for this origin, signed by the key the subscription was made with: 401 or
 * 403 otherwise, as push services answer), and its aes128gcm body is decrypted with the
 * subscription's private key as RFC 8291 says. Answers 201, or what a test told it for an endpoint.
 */

export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  endpoint: string;
  /** The request's headers, lower-case names. */
  headers: Record<string, string>;
  /** The VAPID JWT's claims, verified. */
  claims: JWTPayload;
  /** The decrypted payload, as text. */
  text: string;
  /** When the request arrived (epoch ms), before it was checked and decrypted. */
  at: number;
}

export interface RefusedPush {
  endpoint: string;
  status: number;
  reason: string;
}

type Answer = { status: number; headers?: Record<string, string> };

interface Browser {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
  applicationServerKey: string;
}

const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();

/** RFC 8291 3.3-3.4 and RFC 8188 2: one aes128gcm body, decrypted with the browser's keys. */
export function decryptAes128gcm(body: Buffer, ecdh: ReturnType<typeof createECDH>, auth: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const serverPublic = body.subarray(21, 21 + idLength);
  const records = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error(`keyid is ${idLength} bytes, not the 65 of a P-256 point`);
  if (records.length > recordSize) throw new Error("more than one record: a push message is one");
  const shared = ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), ecdh.getPublicKey(), serverPublic]);
  const ikm = hmac(hmac(auth, shared), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\x01", "latin1")).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0\x01", "latin1")).subarray(0, 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then any zero padding (RFC 8188 2).
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error("no last-record delimiter");
  return padded.subarray(0, end);
}

/** `vapid t=<jwt>, k=<key>` verified against the origin and the key the browser subscribed with. */
async function checkVapid(header: string | undefined, origin: string, applicationServerKey: string): Promise<{ claims: JWTPayload } | { status: number; reason: string }> {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? "");
  if (!match) return { status: 401, reason: `no VAPID authorization: ${header ?? "(none)"}` };
  const [, token, key] = match as unknown as [string, string, string];
  if (key !== applicationServerKey) return { status: 403, reason: "the VAPID key is not the one the subscription was made with" };
  const point = Buffer.from(key, "base64url");
  const jwk = { kty: "EC", crv: "P-256", x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33, 65).toString("base64url") };
  try {
    const { payload } = await jwtVerify(token, await importJWK(jwk, "ES256"), { audience: origin, algorithms: ["ES256"] });
    if (typeof payload.exp !== "number" || payload.exp > Date.now() / 1000 + 24 * 3600) return { status: 401, reason: "exp missing or more than 24 hours ahead" };
    if (typeof payload.sub !== "string" || !/^(mailto:|https:)/.test(payload.sub)) return { status: 401, reason: "sub is not a mailto: or https: contact" };
    return { claims: payload };
  } catch (error) {
    return { status: 401, reason: `VAPID JWT refused: ${error instanceof Error ? error.message : String(error)}` };
  }
}

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startPushEndpoint() {
  const browsers = new Map<string, Browser>();
  const answers = new Map<string, Answer>();
  const received: ReceivedPush[] = [];
  const refused: RefusedPush[] = [];
  let waiters: (() => void)[] = [];
  const changed = () => {
    const woken = waiters;
    waiters = [];
    for (const wake of woken) wake();
  };

  const server = createServer((req, res) => {
    void (async () => {
      const endpoint = `${origin}${req.url ?? ""}`;
      const at = Date.now();
      const body = await bodyOf(req);
      const browser = browsers.get(endpoint);
      const refuse = (status: number, reason: string) => {
        refused.push({ endpoint, status, reason });
        res.writeHead(status).end(reason);
        changed();
      };
      if (req.method !== "POST" || !browser) return refuse(404, "no such subscription");
      const told = answers.get(endpoint);
      if (told) {
        refused.push({ endpoint, status: told.status, reason: "told to" });
        res.writeHead(told.status, told.headers).end();
        return changed();
      }
      const vapid = await checkVapid(req.headers.authorization, origin, browser.applicationServerKey);
      if ("status" in vapid) return refuse(vapid.status, vapid.reason);
      if (req.headers["content-encoding"] !== "aes128gcm") return refuse(415, `content-encoding ${req.headers["content-encoding"]}`);
      let text: string;
      try {
        text = decryptAes128gcm(body, browser.ecdh, browser.auth).toString("utf8");
      } catch (error) {
        return refuse(400, `not decryptable: ${error instanceof Error ? error.message : String(error)}`);
      }
      const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, String(value)]));
      received.push({ endpoint, headers, claims: vapid.claims, text, at });
      res.writeHead(201, { Location: `${origin}/message/${received.length}` }).end();
      changed();
    })().catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    refused,
    /** A browser subscribing with `applicationServerKey`: its subscription as PushSubscription.toJSON() gives it. */
    subscribe(applicationServerKey: string): BrowserSubscription {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${randomBytes(12).toString("base64url")}`;
      browsers.set(endpoint, { ecdh, auth, applicationServerKey });
      return { endpoint, keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") } };
    },
    /** From now on this endpoint answers `status` (404 or 410: the browser unsubscribed; 429 with Retry-After; 500). */
    answer(endpoint: string, status: number, headers?: Record<string, string>) {
      answers.set(endpoint, { status, headers });
    },
    /** What reached `endpoint`, decrypted, oldest first. */
    to(endpoint: string): ReceivedPush[] {
      return received.filter((push) => push.endpoint === endpoint);
    },
    /** Resolves once `done()` holds, looked at after each request. */
    async until(done: () => boolean, timeoutMs = 10_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (!done()) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`the push endpoint did not see it in ${timeoutMs} ms (received ${received.length}, refused ${refused.length})`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type PushEndpoint = Awaited<ReturnType<typeof startPushEndpoint>>;
