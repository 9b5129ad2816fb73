import { pino } from "pino";
import { createApp } from "./app.ts";
import { ConfigError, loadServerConfig, type ServerConfig } from "./config.ts";
import { serve } from "./serve.ts";

/**
 * When API_ORIGIN is unset the web tier starts the odds API in this process (DESIGN section 1).
 * It loads the API's own entry by path at run time, so the web tier's code never imports api/
 * (docs/decisions/003-embedded-api.md) and the two talk over HTTP only.
 */
async function embeddedApi(config: ServerConfig) {
  const fromSource = import.meta.url.endsWith(".ts") || import.meta.url.endsWith(".tsx");
  const entry = new URL(fromSource ? "../api/embedded.ts" : "../api/embedded.js", import.meta.url).href;
  const { startEmbeddedApi } = (await import(entry)) as { startEmbeddedApi: (env: Record<string, string | undefined>) => Promise<{ origin: string; stop(): Promise<void> }> };
  return startEmbeddedApi({ ...config.embeddedApiEnv });
}

let config: ServerConfig;
try {
  config = loadServerConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const logger = pino({ level: config.logLevel, base: { tier: "web" } });
const api = config.apiOrigin ? undefined : await embeddedApi(config);
const web = createApp(config, { apiOrigin: config.apiOrigin ?? api!.origin, logger });
const serving = await serve(web.app, { port: config.port, host: config.host });
logger.info({ port: serving.port, api: config.apiOrigin ?? api?.origin }, `AfriOdds on http://localhost:${serving.port}`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "shutting down: draining requests and streams");
  web.beginShutdown();
  await serving.close();
  await web.close();
  await api?.stop();
  process.exit(0);
}
process.once("SIGTERM", () => void shutdown("SIGTERM"));
process.once("SIGINT", () => void shutdown("SIGINT"));
