import { readdirSync } from "node:fs";
import { join } from "node:path";
import { pino } from "pino";
import { startApiServer } from "#api/server.ts";
import { oddsChecksum } from "#shared/checksum.ts";
import { serve } from "#server/serve.ts";
import { newAccount } from "../factories.ts";
import { createTestDatabase } from "./databases.ts";
import type { FuzzCase } from "./fuzz-cases.ts";
import { startPipeline } from "./pipeline.ts";
import { requestHead, sendRaw, type RawOutcome } from "./raw-http.ts";
import { startSmtpSink } from "./smtp-sink.ts";
import { builtDist, listeningApiConfig, TEST_ORIGIN, webTier } from "./web.ts";

/** The address the fuzz run's own logins come from, so the cases' failed logins never throttle them. */
const SESSION_IP = "203.0.113.77";

interface Session {
  token: string;
  ak: string;
  /** The web tier's session cookies as a Cookie header. */
  cookie: string;
}

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, { method: url.endsWith("register") ? "PUT" : "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
  const json = (await res.json()) as { data?: Record<string, unknown> };
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${JSON.stringify(json)}`);
  return json.data!;
}

/**
 * Both tiers listening on loopback, as main.ts runs them: the real odds API (startApiServer) on a
 * fresh database holding one collected cycle of simulated odds, and the web tier (serve) on the
 * built client in front of it. One verified account provides signed-in sessions.
 */
export async function startFuzzStack(dialect: "sqlite" | "postgres") {
  const database = await createTestDatabase(dialect);
  const sink = await startSmtpSink();
  const config = listeningApiConfig(database, { SMTP_URL: sink.url });
  const api = await startApiServer(config, { logger: pino({ level: "silent" }) });
  const pipeline = await startPipeline({ api: api.api, clock: api.api.clock });
  await pipeline.runCycle();
  const web = await webTier(api.origin);
  const serving = await serve(web.app, { port: 0, host: "127.0.0.1" });
  const webOrigin = `http://127.0.0.1:${serving.port}`;

  const account = newAccount();
  await postJson(`${api.origin}/users/register`, account, { "x-forwarded-for": SESSION_IP });
  await postJson(`${api.origin}/users/verify-email`, { email: account.email, otp: sink.latestCode(account.email) });

  let session: Promise<Session> | undefined;
  const login = async (): Promise<Session> => {
    const data = await postJson(`${api.origin}/users/login`, { username: account.userName, password: account.password }, { "x-forwarded-for": SESSION_IP });
    const token = String(data.token);
    const ak = String(JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()).ak);
    return { token, ak, cookie: `afriodds_at=${token}; afriodds_rt=${String(data.refreshToken)}` };
  };

  return {
    origins: { api: api.origin, web: webOrigin },
    /** A hashed script the build wrote, as the web tier serves it. */
    assetPath: `/assets/${readdirSync(join(await builtDist(), "client", "assets")).find((f) => f.endsWith(".js"))}`,
    /** The current signed-in session; a new one after a case that may have ended it. */
    session: () => (session ??= login()),
    spendSession() {
      session = undefined;
    },
    async close() {
      await serving.close();
      await web.close();
      await pipeline.close();
      await api.stop();
      await sink.close();
      await database.drop();
    },
  };
}

export type FuzzStack = Awaited<ReturnType<typeof startFuzzStack>>;

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/** Sends one case as a browser or client on loopback would, with its tier's defaults (JSON, same origin, the session). */
export async function sendCase(stack: FuzzStack, c: FuzzCase): Promise<RawOutcome> {
  const origin = stack.origins[c.tier];
  if (c.raw !== undefined) return sendRaw(origin, Buffer.from(c.raw, "latin1"), c.method);
  const session = c.signedIn ? await stack.session() : undefined;
  const defaults: Record<string, string> = {};
  if (c.body) defaults["content-type"] = "application/json";
  if (c.tier === "web" && !SAFE.has(c.method)) defaults.origin = TEST_ORIGIN;
  if (session && c.tier === "api") defaults.authorization = `Bearer ${session.token}`;
  if (session && c.tier === "web") defaults.cookie = session.cookie;
  const headers: Record<string, string> = { ...defaults };
  for (const [name, value] of Object.entries(c.headers)) {
    if (value === null) delete headers[name];
    else headers[name] = value;
  }
  const k = session ? oddsChecksum(session.ak, { country: "1", competition: "1", market: "1" }) : "00000000";
  const target = c.target.replace("$K", k);
  const body = c.body ?? Buffer.alloc(0);
  const head = requestHead(c.method, target, new URL(origin).host, headers, body.length);
  const outcome = await sendRaw(origin, Buffer.concat([Buffer.from(head, "latin1"), body]), c.method);
  if (c.signedIn && c.endpoint.spendsSession) stack.spendSession();
  return outcome;
}
