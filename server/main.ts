import type { RequestListener } from "node:http";
import { pino } from "pino";
import { exitOnConfigError, listenFailure } from "../lib/node/start-up.ts";
import { createWebApp } from "./app.ts";
import { loadServerConfig, type ServerConfig } from "./config.ts";
import { serve, type Serving } from "./serve.ts";

/**
 * When API_ORIGIN is unset the web tier starts the odds API in this process
 * (docs/design.md, Two ways to run it). It loads the API's own entry by path at run time, so the web tier's
 * code never imports api/ (docs/decisions/003-embedded-api.md) and the two talk over HTTP only.
 */
async function embeddedApi(config: ServerConfig) {
  const fromSource = import.meta.url.endsWith(".ts") || import.meta.url.endsWith(".tsx");
  const entry = new URL(fromSource ? "../api/embedded.ts" : "../api/embedded.js", import.meta.url).href;
  const { startEmbeddedApi } = (await import(entry)) as { startEmbeddedApi: (env: Record<string, string | undefined>) => Promise<{ origin: string; stop(): Promise<void> }> };
  return startEmbeddedApi({ ...config.embeddedApiEnv });
}

/** Listens on `port`; a port in use is the operator's setting, a line naming `variable`. */
function listen(handler: RequestListener, variable: string, port: number, host: string): Promise<Serving> {
  return serve(handler, { port, host }).catch((error: unknown) => exitOnConfigError(listenFailure(variable, `${host}:${port}`, error)));
}

let config: ServerConfig;
try {
  config = loadServerConfig();
} catch (error) {
  exitOnConfigError(error);
}

const logger = pino({ level: config.logLevel, base: { tier: "web" } });
const api = config.apiOrigin ? undefined : await embeddedApi(config).catch(exitOnConfigError);
const web = createWebApp(config, { apiOrigin: config.apiOrigin ?? api!.origin, logger });
const serving = await listen(web.app, "PORT", config.port, config.host);
logger.info({ port: serving.port, api: config.apiOrigin ?? api?.origin }, `AfriOdds on http://localhost:${serving.port}`);
// Metrics without a token only on loopback: a scraper on this host or a sidecar, never the internet.
const metrics = config.metricsPort === undefined ? undefined : await listen(web.metricsListener, "METRICS_PORT", config.metricsPort, "127.0.0.1");
if (metrics) logger.info({ metricsPort: metrics.port }, `metrics on http://127.0.0.1:${metrics.port}/metrics`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "shutting down: draining requests and streams");
  web.beginShutdown();
  web.closeStreams();
  await Promise.all([serving.close(), metrics?.close()]);
  await web.close();
  await api?.stop();
  process.exit(0);
}
process.once("SIGTERM", () => void shutdown("SIGTERM"));
process.once("SIGINT", () => void shutdown("SIGINT"));
