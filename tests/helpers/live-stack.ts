import type { ServerResponse } from "node:http";
import cookieParser from "cookie-parser";
import express, { type Express } from "express";
import { pino } from "pino";
import request from "supertest";
import { verifyAccessToken } from "#api/accounts/sessions/sessions.ts";
import { createApi as createApi, type ApiInstance } from "#api/app.ts";
import { requireAuth } from "#api/http/auth.ts";
import { errorHandler } from "#api/http/errors.ts";
import type { OddsService } from "#api/odds/read/service.ts";
import { oddsStreamRouter } from "#api/odds/http/stream-routes.ts";
import { sessionCheck, type SessionCheckOptions } from "#server/bff/session-check.ts";
import { serve, type Serving } from "#lib/node/serve.ts";
import { sessionCookies } from "#server/bff/cookies.ts";
import type { HubOptions } from "#server/bff/live/hub.ts";
import { liveOddsRouter } from "#server/bff/live/router.ts";
import { sessionKeeper } from "#server/bff/session.ts";
import { createUpstream } from "#server/bff/upstream.ts";
import { errorFallback } from "#server/ops/fallbacks.ts";
import { webRequestLogging } from "#server/ops/logging.ts";
import { createMetrics } from "#server/ops/metrics.ts";
import { newAccount } from "../factories.ts";
import type { TestDatabase } from "./databases.ts";
import type { startSmtpSink } from "./smtp-sink.ts";
import { listeningApiConfig, MANY_REGISTRATIONS, TEST_ORIGIN, webTier } from "./web.ts";

const silent = pino({ level: "silent" });

/**
 * The API's app with `/odds/stream` mounted in front, as api/app.ts mounts it, serving on loopback
 * (api/app.ts mounts `/odds/events` itself). `streamOdds` lets a test serve the stream from its own
 * replica of the odds service (a small ring). The stream responses are kept so a test can cut them.
 */
export async function serveApiWithLive(api: ApiInstance, options: { streamOdds?: OddsService; heartbeatMs?: number } = {}) {
  const auth = requireAuth((token) => verifyAccessToken(api.accounts, token));
  const streams = new Set<ServerResponse>();
  const app = express();
  app.use("/odds/stream", (_req, res, next) => {
    streams.add(res);
    res.once("close", () => streams.delete(res));
    next();
  });
  app.use("/odds/stream", oddsStreamRouter((options.streamOdds ?? api.odds).live, auth, { heartbeatMs: options.heartbeatMs ?? 1_000 }, api.accounts.refreshTokens.sound));
  app.use(api.app);
  app.use(errorHandler(silent));
  const serving = await serve(app, { port: 0, host: "127.0.0.1", drainMs: 2_000, idleGraceMs: 100 });
  return { serving, origin: `http://127.0.0.1:${serving.port}`, streams, cutStreams: () => streams.forEach((res) => res.destroy()) };
}

/** The real odds API (FEEDS=off) on `database`, its clock `offsetMs` from real time (tests move it). */
export async function startLiveApi(database: TestDatabase, sink: Awaited<ReturnType<typeof startSmtpSink>>, env: Record<string, string> = {}) {
  const clock = Object.assign(() => Date.now() + clock.offsetMs, { offsetMs: 0 });
  const config = listeningApiConfig(database, {
    SMTP_URL: sink.url,
    ...MANY_REGISTRATIONS,
    ...env,
  });
  const api = await createApi(config, { clock, logger: silent });
  return { api, config, clock };
}

/**
 * A web tier in front of `apiOrigin` with the live odds router mounted the way server/app.ts is
 * to mount it (before the BFF: `/api/odds/stream`, and its logout watch on POST /api/users/logout),
 * serving on loopback with the real drain.
 */
export async function startLiveWeb(apiOrigin: string, options: HubOptions = {}, checkOptions: SessionCheckOptions = {}) {
  const web = await webTier(apiOrigin);
  const metrics = createMetrics();
  const upstream = createUpstream(apiOrigin);
  const cookies = sessionCookies(false);
  const session = sessionKeeper(upstream, cookies);
  const check = sessionCheck(upstream, checkOptions);
  const live = liveOddsRouter({ apiOrigin, upstream, cookies, session, check, logger: silent, metrics, options });
  const app: Express = express();
  app.use(webRequestLogging(silent));
  app.use(cookieParser());
  app.use("/api/odds/stream", live);
  app.post("/api/users/logout", live.watchLogout);
  app.use(web.app);
  app.use(errorFallback(silent));
  const serving: Serving = await serve(app, { port: 0, host: "127.0.0.1", drainMs: 5_000, idleGraceMs: 100 });
  return {
    app,
    live,
    metrics,
    serving,
    origin: `http://127.0.0.1:${serving.port}`,
    http: request(app),
    /** A metric's current value, from the registry's own text. */
    async metric(name: string): Promise<number> {
      const text = await metrics.registry.metrics();
      const line = text.split("\n").find((l) => l.startsWith(`${name} `));
      return line ? Number(line.split(" ")[1]) : NaN;
    },
    async close() {
      live.closeStreams();
      await serving.close();
      await upstream.close();
      await web.close();
    },
  };
}

export type LiveWeb = Awaited<ReturnType<typeof startLiveWeb>>;

/** A new account registered and verified through a web tier; answers its session as a Cookie header. */
export async function signInThrough(web: LiveWeb, sink: Awaited<ReturnType<typeof startSmtpSink>>) {
  const account = newAccount();
  const json = (method: "put" | "post", path: string) => web.http[method](path).set("origin", TEST_ORIGIN).set("content-type", "application/json");
  await json("put", "/api/users/register").send(account).expect(201);
  const res = await json("post", "/api/users/verify-email").send({ email: account.email, otp: sink.latestCode(account.email) }).expect(200);
  const setCookies = ([] as string[]).concat(res.headers["set-cookie"] ?? []);
  return { account, cookie: setCookies.map((c) => c.split(";")[0]).join("; ") };
}
