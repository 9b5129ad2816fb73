import type { Server } from "node:http";
import { serve, SERVER_IDLE_MS } from "../lib/node/serve.ts";
import { listenFailure } from "../lib/node/start-up.ts";
import { createApi, type ApiInstance, type ApiOptions } from "./app.ts";
import type { ApiConfig } from "./config.ts";

export interface RunningApi {
  api: ApiInstance;
  server: Server;
  origin: string;
  /** Drains like the web tier (decision 010: 10 s at most), then closes the database. */
  stop(): Promise<void>;
}

/** Builds the API and listens; collects nothing (main starts feed collection as its own step). Used by api/main.ts and the embedded default. */
export async function startApiServer(config: ApiConfig, options: ApiOptions = {}): Promise<RunningApi> {
  const api = await createApi(config, options);
  const serving = await serve(api.app, { port: config.port, host: config.host, keepAliveTimeoutMs: SERVER_IDLE_MS }).catch(async (error: unknown) => {
    await api.close();
    throw listenFailure("API_HOST, API_PORT", `${config.host}:${config.port}`, error);
  });
  const { server, port } = serving;
  // The alert sender and the channels' own loops (Telegram's polling) run once the API answers.
  await api.alerts.start().catch(async (error: unknown) => {
    await serving.close();
    await api.close();
    throw error;
  });
  const host = config.host === "0.0.0.0" ? "127.0.0.1" : config.host;
  let stopping: Promise<void> | undefined;
  return {
    api,
    server,
    origin: `http://${host}:${port}`,
    stop() {
      stopping ??= (async () => {
        // Live streams end first, or an open one holds the drain for its 10 s.
        api.odds.live.endStreams();
        await serving.close();
        await api.close();
      })();
      return stopping;
    },
  };
}

