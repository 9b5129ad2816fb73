import { exitOnConfigError } from "../lib/node/start-up.ts";
import { loadApiConfig } from "./config.ts";
import { startApiServer } from "./server.ts";

/** Reads config, listens, and shuts down gracefully on SIGTERM or SIGINT. */
let config;
try {
  config = loadApiConfig();
} catch (error) {
  exitOnConfigError(error);
}

const running = await startApiServer(config).catch(exitOnConfigError);
const { logger, db } = running.api;
logger.info({ origin: running.origin, database: db.dialect, feeds: config.feeds }, `AfriOdds odds API on ${running.origin}`);

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    void running.stop().then(() => process.exit(0));
  });
}
