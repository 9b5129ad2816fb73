/**
 * Booking codes on the wire (docs/design.md, Booking codes): per bookmaker, how a code is asked
 * for and read, and how our legs are booked into a new one. Like the feed adapters, a booking
 * adapter does no I/O: the caller sends the FeedRequest through the feeds' fetcher (proxy,
 * politeness, blocked pages; docs/design.md, Reaching the bookmakers) and hands the body back.
 *
 * Refinements of the first sketch, each forced by the real endpoints (docs/design.md, Booking endpoints):
 * - `liveBaseUrl` has a read and a mint origin: Bet9ja books on apigw.bet9ja.com and reads on
 *   coupon.bet9ja.com, BetKing books and reads on www.betking.com, none of them the feed's host.
 *   With FEEDS=simulated both are the simulator's `${origin}/<key>`.
 * - A read can fail with `failed`: the book answered its own error (5xx, a "busy" envelope) that
 *   says nothing about the code, so the caller may try again later; `not-found` is kept for an
 *   answer that says the code does not exist.
 * - A read can carry `dropped`: BetKing names the matches it removed from a code once they
 *   started (names only, no market), so a shorter code can say what it lost.
 * - `MintLeg` carries the fixture's names and kick-off when known: Bet9ja's slip repeats them.
 * - `mintProblem` says, before any request, why a book will not take some legs (BetKing: two
 *   selections of one match, a missing MatchOddsID, more than 40 selections).
 * - `openUrl` answers undefined where no link is known (1xBet).
 * - No form-encoded field was needed in FeedRequest: its headers carry Bet9ja's Content-Type
 *   and the fetcher sends the body as given.
 */
import type { BookmakerKey, FeedRequest } from "../types.ts";

/** One leg as a code names it, read back at the book's current prices. */
export interface CodeLeg {
  /** The book's event id, as text (the feed's externalId: SportyBet's sr:match:N, Bet9ja's ID, BetKing's ItemID, 1xBet's game id). */
  externalId: string;
  /** "sr:match:N" when the book exposes it. */
  srId?: string;
  home?: string;
  away?: string;
  kickoff?: Date;
  /** The book's own tournament name ("Premier League", "England. Premier League"). */
  tournament?: string;
  /** Ours (the catalogue's market and selection), when the book's market, outcome and line are one the catalogue compares. */
  marketId?: number;
  selectionTypeId?: number;
  /** The book's own words for market and pick, e.g. "Correct Score 2:1", "Over/Under total=2.5: Over". */
  bookMarket: string;
  /** The book's current price, when it quotes one. */
  price?: number;
  /** False: started, suspended or removed at the book. */
  available: boolean;
}

export type CodeReadFailure = "not-found" | "empty" | "blocked" | "malformed" | "failed";

export type CodeRead =
  | {
      ok: true;
      legs: CodeLeg[];
      /** When the code stops working (SportyBet's deadline). */
      expiresAt?: Date;
      /** Matches the book says it removed from the code (BetKing's RemovedEvents), by name. */
      dropped?: string[];
    }
  | { ok: false; reason: CodeReadFailure; error: string };

/** One of our legs to book, with the ids the feeds kept (docs/design.md, Minting a code). */
export interface MintLeg {
  externalId: string;
  srId?: string;
  /** Ours, in the book's orientation: any market the catalogue compares at the book (api/feeds/booking/book-ids.ts). */
  marketId: number;
  selectionTypeId: number;
  price: number;
  /** BetKing's MatchOddsID for this selection (see readMatchOddsIds in betking-booking.ts). */
  bookSelectionId?: string;
  home?: string;
  away?: string;
  kickoff?: Date;
  tournament?: string;
}

export type MintFailure = "rejected" | "blocked" | "malformed" | "failed";

export type MintAnswer =
  | {
      ok: true;
      code: string;
      expiresAt?: Date;
      /** Legs the book said it could not take (SportyBet's unavailableOutcomes); the read-back says which. */
      refusedLegs?: number;
    }
  | { ok: false; reason: MintFailure; error: string };

export interface BookingAdapter {
  key: BookmakerKey;
  /** Real origins of the booking endpoints; the simulator's `${origin}/<key>` stands in for both. */
  liveBaseUrl: { read: string; mint?: string };
  /** A code as the book writes it, upper case; the caller checks it (after normaliseBookCode) before any request. */
  codePattern: RegExp;
  /** Most selections one code can hold, where known. */
  maxSelections?: number;
  readRequest(baseUrl: string, code: string): FeedRequest;
  parseRead(body: string, status: number, now: Date): CodeRead;
  /** Why the book will not take these legs, checked before `mintRequest`; undefined when it will. */
  mintProblem?(legs: readonly MintLeg[]): string | undefined;
  mintRequest?(baseUrl: string, legs: readonly MintLeg[]): FeedRequest;
  parseMint?(body: string, status: number): MintAnswer;
  /** Where a bettor opens the code in the book; undefined where no link is known. */
  openUrl(code: string): string | undefined;
}
