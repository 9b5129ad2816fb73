/** Runs the simulator on loopback for `FEEDS=simulated` (and for integration tests). */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { BookmakerKey } from "../types.ts";
import { FeedSimulator, type FeedSimulatorOptions, type PricedFixture } from "./feed-simulator.ts";
import { PRICE_STEP_MS, quoteFixture } from "./pricing.ts";
import type { SimFixture } from "./schedule.ts";
import { createSimulatorApp } from "./simulator-app.ts";

export interface StartSimulatorOptions extends FeedSimulatorOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** How often prices move, in ms (SIM_STEP_S); PRICE_STEP_MS (5 minutes) by default. */
  priceStepMs?: number;
}

/** A simulator whose prices move every `stepMs` of real time; the schedule keeps its own grid. */
class SteppedSimulator extends FeedSimulator {
  constructor(
    options: FeedSimulatorOptions,
    private readonly stepMs: number,
  ) {
    super(options);
  }

  override listing(bookmaker: BookmakerKey, competitionId?: number, t = this.now()): PricedFixture[] {
    return this.upcoming(competitionId, t).flatMap((fixture) => {
      const markets = quoteFixture(this.seed, bookmaker, fixture, t, this.stepMs);
      return markets ? [{ fixture, markets }] : [];
    });
  }

  override findListed(bookmaker: BookmakerKey, matches: (f: SimFixture) => boolean, t = this.now()): PricedFixture | undefined {
    const fixture = this.upcoming(undefined, t).find(matches);
    const markets = fixture && quoteFixture(this.seed, bookmaker, fixture, t, this.stepMs);
    return fixture && markets ? { fixture, markets } : undefined;
  }
}

export interface RunningSimulator {
  origin: string;
  /** The base URL an adapter gets for this bookmaker: `${origin}/<key>`. */
  baseUrl(key: BookmakerKey): string;
  sim: FeedSimulator;
  close(): Promise<void>;
}

export async function startSimulator(options: StartSimulatorOptions): Promise<RunningSimulator> {
  const { port = 0, host = "127.0.0.1", priceStepMs = PRICE_STEP_MS, ...simOptions } = options;
  const sim = priceStepMs === PRICE_STEP_MS ? new FeedSimulator(simOptions) : new SteppedSimulator(simOptions, priceStepMs);
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
