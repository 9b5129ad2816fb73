import { createServer } from "node:http";
import { pino } from "pino";
import { createApp } from "./app.ts";
import { ConfigError, loadServerConfig, type ServerConfig } from "./config.ts";

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
const server = createServer(web.app);
server.listen(config.port, config.host, () => {
  logger.info({ port: config.port, api: config.apiOrigin ?? api?.origin }, `AfriOdds on http://localhost:${config.port}`);
});

let stopping = false;
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "shutting down: draining requests and streams");
  // In-flight requests and streams finish; idle keep-alive sockets close now; 10 s at most.
  const force = setTimeout(() => server.closeAllConnections(), 10_000);
  force.unref();
  server.close(async () => {
    clearTimeout(force);
    await web.close();
    await api?.stop();
    process.exit(0);
  });
  server.closeIdleConnections();
}
process.once("SIGTERM", () => shutdown("SIGTERM"));
process.once("SIGINT", () => shutdown("SIGINT"));
