import { loadApiConfig } from "./config.ts";
import { startFeedCollection } from "./feeds/runtime.ts";
import { startApiServer } from "./server.ts";

/**
 * The odds API started inside the web tier's process for the embedded default (`npm start` with
 * API_ORIGIN unset). The two still talk only over HTTP on loopback.
 */
export async function startEmbeddedApi(env: Record<string, string | undefined>) {
  const config = loadApiConfig({ ...env, API_HOST: "127.0.0.1" });
  const running = await startApiServer(config);
  const { logger, db, odds, clock, booking, catalogue } = running.api;
  const feeds = await startFeedCollection({ config, db, odds, logger, clock, booking, catalogue });
  logger.info({ origin: running.origin, database: db.dialect, feeds: config.feeds }, `odds API in-process on ${running.origin}`);
  return {
    origin: running.origin,
    async stop() {
      // Collection stops first so no cycle writes while the database closes.
      await feeds?.stop();
      await running.stop();
    },
  };
}
