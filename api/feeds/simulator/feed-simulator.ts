/**
 * The simulator's pure core: fixtures and each bookmaker's prices as functions of the seed
 * and the injected clock, plus the faults a test has switched on. The HTTP layer
 * (simulator-app.ts) only renders what this answers.
 */
import type { BookmakerKey } from "../types.ts";
import { BoardSource } from "./board/board-source.ts";
import { BoardBooking } from "./booking/board-booking.ts";
import { BookingStore, type SimBookingOptions } from "./booking/booking-store.ts";
import { PRICE_STEP_MS, quoteFixture, type QuotedMarket } from "./scenario/pricing.ts";
import { quoteInScenario, type SimScenario } from "./scenario/scenario.ts";
import { upcomingFixtures, type SimFixture } from "./scenario/schedule.ts";

/** SIM_WORLD: today's four leagues, or the whole board of data/world.json (docs/design.md, Simulated world). */
export const SIM_WORLDS = ["leagues", "board"] as const;
export type SimWorld = (typeof SIM_WORLDS)[number];

export type SimFault = SimFaultKind & {
  /** Only requests whose path (below the bookmaker's prefix) matches fail, e.g. /\/GetEvent$/. */
  path?: RegExp;
};

export type SimFaultKind =
  /** 503 with an HTML error page. */
  | { kind: "outage" }
  /** 403 with an HTML bot-challenge page, as Cloudflare or Akamai answer outside Nigeria. */
  | { kind: "forbidden" }
  /** 200 with the same challenge page: a WAF that does not even say no (decision 012). */
  | { kind: "challenge" }
  /** Waits `delayMs` (through the injected sleep) and then answers normally. */
  | { kind: "slow"; delayMs: number }
  /** HTTP 200, JSON content type, body cut in half. */
  | { kind: "malformed" }
  /** The site's success envelope with no events. */
  | { kind: "empty" }
  /** HTTP 200 carrying the site's failure flag (bizCode != 10000, R "E", Success false, ...). */
  | { kind: "error-envelope" }
  /** 429 Too Many Requests, as a book answers a client that asks too often. */
  | { kind: "rate-limited" };

export interface FeedSimulatorOptions {
  seed: number;
  /** Epoch ms; injected so tests (and replays) are deterministic. */
  now?: () => number;
  /** Used by the "slow" fault; tests inject one that records instead of waiting. */
  sleep?: (ms: number) => Promise<void>;
  /** Largest page a paged list serves (SportyBet's 100); tests lower it to make listings span pages. */
  maxPageSize?: number;
  /** How often prices move, in ms of real time (SIM_STEP_S); PRICE_STEP_MS (5 minutes) by default. */
  priceStepMs?: number;
  /** A seeded scenario played over the normal prices (SIM_SCENARIO, scenario.ts); none by default. */
  scenario?: SimScenario | undefined;
  /** Booking endpoints' latency and failure modes (booking-store.ts); no latency by default. */
  booking?: SimBookingOptions;
  /** Which world the sites serve; the four leagues by default. */
  world?: SimWorld;
}

export interface PricedFixture {
  fixture: SimFixture;
  markets: QuotedMarket[];
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class FeedSimulator {
  readonly seed: number;
  readonly now: () => number;
  readonly sleep: (ms: number) => Promise<void>;
  readonly maxPageSize: number;
  readonly priceStepMs: number;
  readonly scenario: SimScenario | undefined;
  /** Booking codes minted on (or put into) this simulator. */
  readonly bookings: BookingStore;
  readonly world: SimWorld;
  private readonly faults = new Map<BookmakerKey, SimFault>();
  private boardSource: BoardSource | undefined;
  private boardBookingOf: BoardBooking | undefined;

  constructor(options: FeedSimulatorOptions) {
    this.seed = options.seed >>> 0;
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? realSleep;
    this.maxPageSize = options.maxPageSize ?? 100;
    this.priceStepMs = options.priceStepMs ?? PRICE_STEP_MS;
    this.scenario = options.scenario;
    this.bookings = new BookingStore(this.seed, options.booking);
    this.world = options.world ?? "leagues";
    // A world file missing or refused stops the start, not every request after it.
    if (this.world === "board") this.boardSource = new BoardSource(this.seed, undefined, this.priceStepMs);
  }

  /** The whole board's fixtures and prices (SIM_WORLD=board), read from world.json on first use. */
  get board(): BoardSource {
    this.boardSource ??= new BoardSource(this.seed, undefined, this.priceStepMs);
    return this.boardSource;
  }

  /** What the booking endpoints book on under SIM_WORLD=board (the board's fixtures); undefined in the four leagues' world. */
  get boardBooking(): BoardBooking | undefined {
    if (this.world !== "board") return undefined;
    this.boardBookingOf ??= new BoardBooking(this.board);
    return this.boardBookingOf;
  }

  /**
   * One bookmaker's markets for a fixture at `t`, or null when it does not list it: the four
   * families a league listing carries, or with "all" every type it quotes (docs/design.md, Simulator).
   */
  quote(bookmaker: BookmakerKey, fixture: SimFixture, t = this.now(), markets: "main" | "all" = "main"): QuotedMarket[] | null {
    return this.scenario
      ? quoteInScenario(this.seed, bookmaker, fixture, t, this.priceStepMs, { markets })
      : quoteFixture(this.seed, bookmaker, fixture, t, this.priceStepMs, { markets });
  }

  /** Every upcoming fixture within the listing window, whoever lists it. */
  upcoming(competitionId?: number, t = this.now()): SimFixture[] {
    return upcomingFixtures(this.seed, t, competitionId);
  }

  /** The fixtures one bookmaker lists for a competition (all four when omitted), priced at `t`: the four families unless `markets` says "all". */
  listing(bookmaker: BookmakerKey, competitionId?: number, t = this.now(), markets: "main" | "all" = "main"): PricedFixture[] {
    return this.upcoming(competitionId, t).flatMap((fixture) => {
      const quoted = this.quote(bookmaker, fixture, t, markets);
      return quoted ? [{ fixture, markets: quoted }] : [];
    });
  }

  /** One listed fixture found by a bookmaker's own id, for the per-event endpoints: every type the book quotes. */
  findListed(
    bookmaker: BookmakerKey,
    matches: (f: SimFixture) => boolean,
    t = this.now(),
  ): PricedFixture | undefined {
    const fixture = this.upcoming(undefined, t).find(matches);
    const markets = fixture && this.quote(bookmaker, fixture, t, "all");
    return fixture && markets ? { fixture, markets } : undefined;
  }

  setFault(bookmaker: BookmakerKey, fault: SimFault | null): void {
    if (fault) this.faults.set(bookmaker, fault);
    else this.faults.delete(bookmaker);
  }

  fault(bookmaker: BookmakerKey): SimFault | null {
    return this.faults.get(bookmaker) ?? null;
  }

  /** The fault a request to `path` meets, if any. */
  faultAt(bookmaker: BookmakerKey, path: string): SimFault | null {
    const fault = this.fault(bookmaker);
    return fault && (!fault.path || fault.path.test(path)) ? fault : null;
  }
}
