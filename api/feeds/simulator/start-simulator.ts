/** Runs the simulator on loopback for `FEEDS=simulated` (and for integration tests). */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { BookmakerKey } from "../types.ts";
import { FeedSimulator, type FeedSimulatorOptions } from "./feed-simulator.ts";
import { createSimulatorApp } from "./simulator-app.ts";

export interface StartSimulatorOptions extends FeedSimulatorOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
}

export interface RunningSimulator {
  origin: string;
  /** The base URL an adapter gets for this bookmaker: `${origin}/<key>`. */
  baseUrl(key: BookmakerKey): string;
  sim: FeedSimulator;
  close(): Promise<void>;
}

export async function startSimulator(options: StartSimulatorOptions): Promise<RunningSimulator> {
  const { port = 0, host = "127.0.0.1", ...simOptions } = options;
  const sim = new FeedSimulator(simOptions);
  const app = createSimulatorApp(sim);
  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(port, host, (error?: Error) => (error ? reject(error) : resolve(listening)));
  });
  const { port: actualPort } = server.address() as AddressInfo;
  const origin = `http://${host.includes(":") ? `[${host}]` : host}:${actualPort}`;
  return {
    origin,
    baseUrl: (key) => `${origin}/${key}`,
    sim,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
