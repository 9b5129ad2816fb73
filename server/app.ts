import type { RequestListener } from "node:http";
import { join } from "node:path";
import compression from "compression";
import cookieParser from "cookie-parser";
import express, { type Express } from "express";
import helmet from "helmet";
import { pino, type Logger } from "pino";
import { API_PREFIX, ENDPOINTS } from "#shared/contract.ts";
import { bffOddsRoute, bffRouter, type BffDeps } from "./bff/router.ts";
import { sessionCookies, type SessionCookies } from "./bff/cookies.ts";
import { sessionKeeper, type SessionKeeper } from "./bff/session.ts";
import { webOddsCache, type WebOddsCache } from "./bff/odds-cache.ts";
import { createUpstream, type Upstream } from "./bff/upstream.ts";
import { telegramWebhookForward } from "./bff/telegram-webhook.ts";
import type { RouteObject } from "react-router";
import type { ServerConfig } from "./config.ts";
import { webRequestLogging } from "./ops/logging.ts";
import { errorFallback, notFoundFallback, onlyGetAndHead } from "./ops/fallbacks.ts";
import { liveOddsRouter } from "./bff/live/router.ts";
import { sessionCheck } from "./bff/session-check.ts";
import { PERMISSIONS_POLICY } from "#lib/node/permissions-policy.ts";
import { securityHeaders } from "#lib/node/security-headers.ts";
import { privateNoStore } from "#lib/node/private-no-store.ts";
import { createMetrics, type Metrics } from "./ops/metrics.ts";
import { metricsListener, metricsOnPublicPort } from "./ops/metrics-access.ts";
import { pagesHandler } from "./pages.ts";
import { loadBuild } from "./render/assets.ts";
import { PREVIEW_PATH, startPreviewPage } from "./render/preview-page.ts";
import { NON_HTML_POLICY } from "./render/csp.ts";
import { hashedAssets } from "./static.ts";
import { pushWorker } from "./push-worker.ts";
import { PUSH_WORKER_URL } from "#client/alerts/push-worker-url.ts";
import { createFormTokens, type FormTokens } from "./lite/form-token.ts";
import { formRoutes } from "./lite/forms.ts";
import { liteChoice } from "./lite/lite-mode.ts";

export interface WebOptions {
  /** Where the odds API answers; main.ts passes the in-process API's origin when API_ORIGIN is unset. */
  apiOrigin: string;
  logger?: Logger;
  upstreamTimeoutMs?: number;
  /** How long an odds answer is reused (server/bff/odds-cache.ts); tests set 0 or a long one. */
  oddsCacheMs?: number;
  /** Tests only: their own route tree, a shorter page deadline. */
  routes?: RouteObject[];
  renderTimeoutMs?: number;
  /** How often the Nigeria page asks whether its preview's odds changed (server/render/preview-page.ts); 0: only on refreshPreview(). */
  previewRefreshMs?: number;
}

export interface WebInstance {
  app: Express;
  /** From now on /readyz answers 503, so load balancers stop sending new requests while the server drains. */
  beginShutdown(): void;
  /** Prometheus metrics without a token, for main.ts to serve on METRICS_PORT bound to loopback. */
  metricsListener: RequestListener;
  /** Ends every live odds stream now (shutdown): an open stream would otherwise hold the drain. */
  closeStreams(): void;
  /** Asks for the preview's odds now and re-renders the Nigeria page if they changed; false when nothing was rendered. */
  refreshPreview(): Promise<boolean>;
  close(): Promise<void>;
}

/** /readyz answers within this budget however slow the odds API is (docs/design.md, Operations endpoints: it once took 10 s on a hung API). */
const READY_BUDGET_MS = 2_000;

/** What the web tier's steps share: one upstream, one session keeper, one odds cache. */
interface WebParts {
  config: ServerConfig;
  options: WebOptions;
  logger: Logger;
  metrics: Metrics;
  build: ReturnType<typeof loadBuild>;
  upstream: Upstream;
  cookies: SessionCookies;
  session: SessionKeeper;
  odds: WebOddsCache;
  formTokens: FormTokens;
}

/** Builds the web tier: security headers, hashed assets, the /api BFF, prerendered and streamed pages. Listens nowhere. */
export function createWebApp(config: ServerConfig, options: WebOptions): WebInstance {
  const parts = webParts(config, options);
  let shuttingDown = false;

  const app = express();
  app.disable("x-powered-by");
  // No ETag made from whatever body is sent: the answers that have one tag each coding (lib/node/content-coding.ts).
  app.set("etag", false);
  if (config.trustProxy !== undefined) app.set("trust proxy", config.trustProxy);
  app.use(webRequestLogging(parts.logger, parts.metrics.observe));
  useSecurityHeaders(app);
  useOdds(app, parts);
  useProbes(app, parts, () => shuttingDown);
  // Telegram's updates, when the bot has a webhook (docs/design.md, Alerts, Channels, Telegram): to the API as they came.
  app.use(telegramWebhookForward(parts.upstream));
  useAssets(app, config);
  const live = useApi(app, parts);
  useForms(app, parts, live);
  usePages(app, parts);
  const preview = startPreview(parts);
  app.use(notFoundFallback);
  // The web tier's one error middleware: the BFF's errors (an unavailable API, body-parser) end here too.
  app.use(errorFallback(parts.logger));

  return {
    app,
    beginShutdown() {
      shuttingDown = true;
    },
    metricsListener: metricsListener(parts.metrics),
    closeStreams: () => live.closeStreams(),
    refreshPreview: () => preview?.refresh() ?? Promise.resolve(false),
    close: () => {
      preview?.stop();
      return parts.upstream.close();
    },
  };
}

function webParts(config: ServerConfig, options: WebOptions): WebParts {
  const logger = options.logger ?? pino({ level: config.logLevel, base: { tier: "web" } });
  const metrics = createMetrics();
  const build = loadBuild(config.distDir);
  const upstream = createUpstream(options.apiOrigin, { timeoutMs: options.upstreamTimeoutMs, onError: metrics.upstreamError });
  const cookies = sessionCookies(secureCookies(config));
  const formTokens = createFormTokens(secureCookies(config), config.publicOrigin, config.env === "production");
  const session = sessionKeeper(upstream, cookies);
  // One odds cache for /api/odds and the pages' loaders (docs/design.md, One data path per screen).
  const odds = webOddsCache({ ttlMs: options.oddsCacheMs });
  return { config, options, logger, metrics, build, upstream, cookies, session, odds, formTokens };
}

function useSecurityHeaders(app: Express): void {
  const fromHelmet = helmet({
    // Set below and per page (render/csp.ts).
    contentSecurityPolicy: false,
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    frameguard: { action: "deny" },
  });
  // The Content-Security-Policy is for everything that is not a page; pages replace it with their
  // own: a nonce for rendered pages, hashes for prerendered ones, a static policy for the 500 page.
  app.use(securityHeaders(fromHelmet, { "Permissions-Policy": PERMISSIONS_POLICY, "Content-Security-Policy": NON_HTML_POLICY }));
}

/** Liveness, readiness (503 while draining or when the odds API does not answer) and metrics. */
function useProbes(app: Express, { config, metrics, upstream }: WebParts, shuttingDown: () => boolean): void {
  app.get("/healthz", (_req, res) => {
    res.json({ data: { status: "ok" } });
  });
  app.get("/readyz", async (_req, res) => {
    if (shuttingDown()) return void res.status(503).json({ data: { status: "shutting down" } });
    const answer = await upstream.call("GET", "/healthz", { signal: AbortSignal.timeout(READY_BUDGET_MS) }).catch(() => undefined);
    const ready = answer?.status === 200;
    res.status(ready ? 200 : 503).json({ data: { status: ready ? "ready" : "odds API unreachable" } });
  });
  app.get("/metrics", metricsOnPublicPort(metrics, config.metricsToken));
}

function useAssets(app: Express, config: ServerConfig): void {
  // serve-static answers other methods with a bare 405; the envelope says it instead.
  app.use("/assets", onlyGetAndHead);
  app.use("/assets", hashedAssets(join(config.distDir, "client", "assets")));
  app.get(PUSH_WORKER_URL, pushWorker);
}

function bffDeps({ config, upstream, cookies, session, odds, logger }: WebParts): BffDeps {
  return { upstream, cookies, session, publicOrigin: config.publicOrigin, production: config.env === "production", logger, odds };
}

/**
 * GET /api/odds, the busiest call, right after the request log and the security headers: past the
 * probes, the assets, the live router, compression and the BFF's body checks, none of which it
 * uses (each answer's cost, measured under `npm run bench`: docs/benchmarks.md).
 */
function useOdds(app: Express, parts: WebParts): void {
  app.get(`${API_PREFIX}${ENDPOINTS.odds.path}`, cookieParser(), bffOddsRoute(bffDeps(parts)));
}

/** The live odds stream and the BFF under /api; returns the live router, whose streams shutdown ends. */
function useApi(app: Express, parts: WebParts): ReturnType<typeof liveOddsRouter> {
  const { config, options, logger, metrics, upstream, cookies, session } = parts;
  app.use(cookieParser());
  // Live odds (docs/design.md, Web-tier fan-out): before the BFF, which knows no stream, and before the
  // compression middleware (a stream compresses each frame once for all: stream-coding.ts); it
  // watches logouts to end that account's streams.
  const check = sessionCheck(upstream);
  const live = liveOddsRouter({ apiOrigin: options.apiOrigin, upstream, cookies, session, check, logger, metrics, options: { caps: config.liveStreamCaps } });
  app.use("/api/odds/stream", live);
  app.use(compression({ threshold: 1024, filter: leaveTaggedAnswers }));
  app.post("/api/users/logout", live.watchLogout);
  // Per-user answers (the session, the account, the betslip, feedback) are never stored by any cache, errors included.
  app.use(["/api/users", "/api/session"], privateNoStore);
  app.use("/api", bffRouter(bffDeps(parts)));
  return live;
}

/**
 * Compression for dynamic answers only: one that carries an ETag picked its coding itself and
 * tagged it (prerendered pages, prepared odds, the API's answers relayed), and a body compressed
 * here would go out under the tag of another representation (RFC 9110 8.8.3).
 */
const leaveTaggedAnswers: compression.CompressionFilter = (req, res) => res.getHeader("ETag") === undefined && compression.filter(req, res);

/** The Nigeria page's preview odds in its first HTML (docs/product.md, Preview odds in the first HTML), when the build prerendered it. */
function startPreview({ config, options, logger, build, upstream }: WebParts) {
  const assets = build.pageAssets.get(PREVIEW_PATH);
  if (!build.prerendered.has(PREVIEW_PATH) || !assets) return undefined;
  return startPreviewPage({ prerendered: build.prerendered, assets, upstream, publicOrigin: config.publicOrigin, logger, intervalMs: options.previewRefreshMs });
}

/** Log in and log out as HTML forms, for phones without JavaScript (docs/design.md, Pages without JavaScript). */
function useForms(app: Express, { upstream, cookies, session, odds, formTokens, config }: WebParts, live: ReturnType<typeof liveOddsRouter>): void {
  app.use(formRoutes({ upstream, cookies, session, odds, tokens: formTokens, secure: secureCookies(config), beforeLogout: live.watchLogout }));
  app.use(liteChoice(secureCookies(config), config.publicOrigin));
}

function usePages(app: Express, { config, options, logger, build, upstream, cookies, session, odds, formTokens }: WebParts): void {
  app.get(
    /.*/,
    pagesHandler({
      assets: build.assets,
      pageAssets: build.pageAssets,
      prerendered: build.prerendered,
      upstream,
      cookies,
      session,
      odds,
      formTokens,
      secureCookies: secureCookies(config),
      publicOrigin: config.publicOrigin,
      logger,
      routes: options.routes,
      renderTimeoutMs: options.renderTimeoutMs,
    }),
  );
}

const secureCookies = (config: ServerConfig) => config.publicOrigin.startsWith("https:");
