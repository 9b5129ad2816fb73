/**
 * Booking codes in the API (docs/design.md, Booking codes): the calls to the books, the minute's
 * read cache and the per-user limits, built once per API instance. With FEEDS=live the books' own
 * sites are asked; with FEEDS=simulated the runtime attaches the simulator once it has started
 * (`useSites`); with FEEDS=off no book is asked and every call answers BOOKMAKER_UNAVAILABLE.
 */
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { ApiConfig } from "../config.ts";
import type { Database } from "../db/schema.ts";
import type { BetslipRepository } from "../betslip/repository.ts";
import { createFetcher } from "../feeds/fetcher.ts";
import { bookCalls, liveSites, type BookingSites } from "./book-calls.ts";
import { bookingMetrics, type BookingMetrics } from "./metrics.ts";
import { bookingRates, DEFAULT_BOOKING_RATES, type BookingAction, type BookingRate } from "./rate.ts";
import { readCache } from "./read.ts";
import type { BookingRouteDeps } from "./routes.ts";

export { bookingMintRouter, bookingReadRouter } from "./routes.ts";
export { noSites, simulatedSites, type BookingSites } from "./book-calls.ts";

export interface BookingOptions {
  db: Kysely<Database>;
  betslips: BetslipRepository;
  clock: () => number;
  logger: Logger;
  /** Per-user limits; the defaults unless a test asks for others. */
  rates?: Record<BookingAction, BookingRate>;
  metrics?: BookingMetrics;
}

export interface BookingService {
  deps: BookingRouteDeps;
  /** Where booking calls go from now on: the simulator's stand-ins once it listens. */
  useSites(sites: BookingSites): void;
  close(): Promise<void>;
}

export function bookingService(config: ApiConfig, options: BookingOptions): BookingService {
  const live = config.feeds === "live";
  // A bettor is waiting: no retries, shorter timeouts than the collector's (docs/design.md, Reaching the bookmakers).
  const fetcher = createFetcher({ proxyUrl: live ? config.feedsProxyUrl : undefined, retries: 0, connectTimeoutMs: 3_000, bodyTimeoutMs: 6_000 });
  const logger = options.logger.child({ component: "booking" });
  const metrics = options.metrics ?? bookingMetrics;
  const calls = bookCalls({ fetcher, clock: options.clock, logger, metrics, politeDelayMs: live ? [250, 1500] : [0, 20] });
  if (live) calls.useSites(liveSites);
  return {
    deps: {
      db: options.db,
      clock: options.clock,
      logger,
      calls,
      metrics,
      reads: readCache(options.clock),
      betslips: options.betslips,
      intervalS: config.feedIntervalS,
      rates: bookingRates(options.db, options.rates ?? DEFAULT_BOOKING_RATES, options.clock),
    },
    useSites: (sites) => calls.useSites(sites),
    close: () => fetcher.close(),
  };
}
