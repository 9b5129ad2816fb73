import { loadApiConfig } from "./config.ts";
import { startApiServer } from "./server.ts";

/**
 * The odds API started inside the web tier's process for the embedded default (`npm start` with
 * API_ORIGIN unset). The two still talk only over HTTP on loopback.
 */
export async function startEmbeddedApi(env: Record<string, string | undefined>) {
  const config = loadApiConfig({ ...env, API_HOST: "127.0.0.1" });
  const running = await startApiServer(config);
  running.api.logger.info({ origin: running.origin, database: running.api.db.dialect, feeds: config.feeds }, `odds API in-process on ${running.origin}`);
  return { origin: running.origin, stop: running.stop };
}
