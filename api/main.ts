import { exitOnConfigError } from "../lib/node/start-up.ts";
import { loadApiConfig } from "./config.ts";
import { startFeedCollection } from "./feeds/runtime.ts";
import { startApiServer } from "./server.ts";

/** Reads config, listens, and shuts down gracefully on SIGTERM or SIGINT. */
let config;
try {
  config = loadApiConfig();
} catch (error) {
  exitOnConfigError(error);
}

// Two steps: serve HTTP, then collect feeds (this replica leads collection only while it holds the lock).
const running = await startApiServer(config).catch(exitOnConfigError);
const { logger, db, odds, clock, booking, catalogue } = running.api;
const feeds = await startFeedCollection({ config, db, odds, logger, clock, booking, catalogue });
logger.info({ origin: running.origin, database: db.dialect, feeds: config.feeds }, `AfriOdds odds API on ${running.origin}`);

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    // Collection stops first so no cycle writes while the database closes.
    void (async () => {
      await feeds?.stop();
      await running.stop();
      process.exit(0);
    })();
  });
}
