/** What every simulated site module provides, and the small helpers they share. */
import type { BookmakerKey } from "../../types.ts";
import type { FeedSimulator, PricedFixture } from "../feed-simulator.ts";
import type { LegacyKind, MarketKind } from "../scenario/margins.ts";
import type { QuotedMarket } from "../scenario/pricing.ts";

export interface SiteRequest {
  /** Path below the bookmaker's prefix, e.g. "/api/ng/factsCenter/pcUpcomingEvents". */
  path: string;
  query: URLSearchParams;
  /** The instant the answer is priced at. */
  t: number;
  method?: "GET" | "POST";
  /** A POST's body as text (SportyBet's pcEvents filter). */
  body?: string;
}

export interface SiteAnswer {
  status: number;
  contentType: string;
  body: string;
}

export interface SimulatedSite {
  key: BookmakerKey;
  /** The normal answer, or null when the path is not one the site serves (404). */
  answer(sim: FeedSimulator, request: SiteRequest): SiteAnswer | null;
  /** The site's success envelope without events (the "empty" fault). */
  emptyBody(request: SiteRequest): unknown;
  /** HTTP 200 with the site's failure flag (the "error-envelope" fault). */
  errorBody(request: SiteRequest): unknown;
  /** How long to wait before answering (the booking endpoints' latency option); no wait when absent. */
  delayMs?(sim: FeedSimulator): number;
  /** Whether a path is this site's at all; when absent, `answer` decides (null: not served). */
  serves?(path: string): boolean;
}

export function jsonAnswer(payload: unknown, status = 200): SiteAnswer {
  return { status, contentType: "application/json; charset=utf-8", body: JSON.stringify(payload) };
}

export function findQuotedMarket(
  markets: readonly QuotedMarket[],
  kind: MarketKind,
  line: number | null = null,
): QuotedMarket | undefined {
  return markets.find((m) => m.kind === kind && m.line === line);
}

export function totals(markets: readonly QuotedMarket[]): QuotedMarket[] {
  return markets.filter((m) => m.kind === "OU");
}

/** Comma-separated numeric ids of a query parameter; null when absent. */
export function idList(query: URLSearchParams, name: string): number[] | null {
  const raw = query.get(name);
  if (raw === null || raw.trim() === "") return null;
  return raw
    .split(",")
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isFinite(n));
}

export type { PricedFixture };

const LEGACY: ReadonlySet<MarketKind> = new Set<MarketKind>(["1X2", "DC", "OU", "BTTS"]);

/** One of the four families every book quotes (NairaBet and 1xBet quote nothing else: docs/design.md, Market catalogue). */
export const isLegacy = (m: QuotedMarket): m is QuotedMarket & { kind: LegacyKind } => LEGACY.has(m.kind);
