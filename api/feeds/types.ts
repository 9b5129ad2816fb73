/** The normalised shape every bookmaker adapter produces (docs/design.md, Adapters). */
import { BOOKMAKERS, type BookmakerId } from "#shared/reference.ts";

/**
 * A bookmaker's key is its product name (docs/product.md, Reference tables; shared/reference.ts) in lower
 * case, so the id table exists once: renaming a bookmaker there breaks every key here at compile time.
 */
export type BookmakerKey = Lowercase<(typeof BOOKMAKERS)[number]["name"]>;

/** Bookmaker ids (docs/product.md, Reference tables), by key. */
export const BOOKMAKER_ID_BY_KEY = Object.fromEntries(BOOKMAKERS.map((b) => [b.name.toLowerCase(), b.id])) as Record<BookmakerKey, BookmakerId>;

/** Every bookmaker, in id order. */
export const BOOKMAKER_KEYS = (Object.keys(BOOKMAKER_ID_BY_KEY) as BookmakerKey[]).sort((a, b) => BOOKMAKER_ID_BY_KEY[a] - BOOKMAKER_ID_BY_KEY[b]);

export interface OfferPrice {
  /** Product market id (1 = 1X2 ... 8 = Double Chance; shared/reference.ts). */
  marketId: number;
  /** Product selection id (1..18; shared/reference.ts). */
  selectionTypeId: number;
  /** Decimal price above the site's placeholder (1.01, or 1 for Bet9ja); placeholders and suspended prices are dropped by the adapter. */
  price: number;
  /** The bookmaker marks the price as boosted or enhanced. */
  boosted: boolean;
  /** Kept from an earlier answer and not confirmed by this run (see follow-ups.ts). */
  carried?: boolean;
}

/**
 * The book's own competition as the payload carries it (docs/design.md, Learning competitions): its
 * id, its name and its country, each in the book's words, so the catalogue can join it to ours.
 */
export interface OfferBookCompetition {
  id?: string;
  name: string;
  country?: string;
}

export interface Offer {
  bookmaker: BookmakerKey;
  /** The bookmaker's own event id, as text. */
  externalId: string;
  /** Sportradar match id ("sr:match:N") when the bookmaker exposes one. */
  srId?: string;
  /** Product competition id (1 Premier League, 2 La Liga, 3 Serie A, 4 Bundesliga). */
  competitionId: number;
  /** The book's competition, where the payload names it. */
  bookCompetition?: OfferBookCompetition;
  home: string;
  away: string;
  /** Kick-off, UTC. */
  kickoff: Date;
  prices: OfferPrice[];
}

/** One HTTP request an adapter wants made. The collector performs it (timeouts, retries, proxy). */
export interface FeedRequest {
  url: string;
  headers: Record<string, string>;
  /** GET unless said (SportyBet's league filter is a POST). */
  method?: "GET" | "POST";
  /** Request body of a POST, sent as is (JSON text). */
  body?: string;
}

/**
 * What an adapter's parse answers: offers, or a failure the collector logs and counts. `blocked`
 * marks a challenge or WAF page: the site turned the client away (decision 012).
 */
export type ParseResult = { ok: true; offers: Offer[] } | { ok: false; error: string; blocked?: true };

/** Which kind of saved payload a body is, for `npm run feeds:parse`. */
export type CaptureKind = "league" | "event";

/** How an operator's saved payload is recognised and read (scripts/feeds-parse.ts). */
export interface CaptureReader {
  /** The payloads this adapter reads, for the message when a file is none of them. */
  expected: string;
  /** A decoded body's kind by its shape, or undefined when it is neither. */
  kind(value: unknown): CaptureKind | undefined;
  /** Reads a single-event payload on its own (no league listing to merge into). */
  parseEvent(body: string, competitionId: number, now: Date): ParseResult;
}

/**
 * An adapter knows one bookmaker's URLs, headers, payload shape and ids. It does no I/O itself:
 * the collector fetches what `leagueRequests` asks for and hands each body to `parseLeague`.
 * `baseUrl` is the bookmaker's real origin when FEEDS=live and the simulator's origin for that
 * bookmaker when FEEDS=simulated, so the same adapter runs against both unchanged.
 */
export interface BookmakerAdapter {
  key: BookmakerKey;
  /** Real origin(s) of the live site, e.g. "https://www.sportybet.com". */
  liveBaseUrl: string;
  /** Requests for one league's upcoming events. */
  leagueRequests(baseUrl: string, competitionId: number, now: Date): FeedRequest[];
  /** Parses one league response body (raw text: the adapter owns JSON parsing and its failures). */
  parseLeague(body: string, competitionId: number, now: Date): ParseResult;
  /**
   * For a paged listing: the request for the page after `request`, given its body, or undefined
   * when the listing is complete. The collector parses every page like the first.
   */
  nextPage?(request: FeedRequest, body: string): FeedRequest | undefined;
  /**
   * Optional per-event follow-up (Bet9ja's BTTS lives only in its per-event call).
   * Given the league's offers, answers the extra requests and a parser that merges their prices.
   */
  eventRequests?(baseUrl: string, offers: Offer[]): { request: FeedRequest; externalId: string }[];
  parseEvent?(body: string, offer: Offer): ParseResult;
  /** Recognises and reads saved payloads of every endpoint the adapter understands. */
  capture: CaptureReader;
}
