import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createApp, type ApiInstance, type ApiOptions } from "./app.ts";
import type { ApiConfig } from "./config.ts";
import { startFeeds, type FeedsRuntime } from "./feeds/runtime.ts";

export interface RunningApi {
  api: ApiInstance;
  server: Server;
  origin: string;
  feeds: FeedsRuntime | undefined;
  /** Stops accepting, lets in-flight requests finish (10 s at most), then closes the database. */
  stop(): Promise<void>;
}

/** Builds the API and listens. Used by api/main.ts and by the web tier's embedded default. */
export async function startApiServer(config: ApiConfig, options: ApiOptions = {}): Promise<RunningApi> {
  const api = await createApp(config, options);
  const server = createServer(api.app);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = config.host === "0.0.0.0" ? "127.0.0.1" : config.host;
  const feeds = await startFeeds(config, api.db, api.odds, api.logger, api.clock);
  let stopping: Promise<void> | undefined;
  return {
    api,
    server,
    origin: `http://${host}:${port}`,
    feeds,
    stop() {
      stopping ??= new Promise<void>((resolve) => {
        // Collection stops first so no cycle writes while the database closes.
        const feedsStopped = Promise.resolve(feeds?.stop());
        const force = setTimeout(() => server.closeAllConnections(), 10_000);
        force.unref();
        server.close(() => {
          clearTimeout(force);
          void feedsStopped
            .then(() => api.close())
            .then(resolve);
        });
        server.closeIdleConnections();
      });
      return stopping;
    },
  };
}
