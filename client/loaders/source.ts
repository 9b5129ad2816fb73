import type { Betslip, DroppingOdds, DroppingQuery, MarketHistory, MatchDetail, MatchHeading, OddsResponse, OddsSummary, SureBets, UserProfile, ValueBets } from "#shared/contract.ts";
import { api } from "../backend/endpoints.ts";
import { withMinimumDelay } from "./min-delay.ts";

export interface LeagueMarketQuery {
  country: number;
  competition: number;
  market: number;
}

/**
 * Where route loaders get their data (docs/design.md, One data path per screen). On the server
 * it is the web tier's own BFF path (server/bff/data-source.ts: session refresh, checksum, odds
 * cache); in the browser it is /api. A failure rejects, with an ApiError when the API said why.
 */
export interface DataSource {
  summary(country: number): Promise<OddsSummary>;
  odds(choice: LeagueMarketQuery): Promise<OddsResponse>;
  me(): Promise<UserProfile>;
  /** The match page (docs/design.md, Match API): a 404 ApiError for an event the API does not know. */
  event(id: string): Promise<MatchDetail>;
  /** Public: a match's heading for a signed-out visitor's shared link (a 404 ApiError as event). */
  matchHeading(id: string): Promise<MatchHeading>;
  history(id: string, market: number): Promise<MarketHistory>;
  dropping(query: DroppingQuery): Promise<DroppingOdds>;
  /** The bettor tools (docs/design.md, Bettor tools). */
  sureBets(country: number): Promise<SureBets>;
  valueBets(country: number): Promise<ValueBets>;
  betslip(): Promise<Betslip>;
  /** The Nigeria page's public preview: the next matches' 1X2 odds (no session needed). */
  sample(country: number): Promise<OddsResponse>;
}

/** The browser's side: /api, each call shown loading for at least 300 ms (docs/product.md, Authentication flow). */
export const browserDataSource: DataSource = {
  summary: (country) => withMinimumDelay(api.summary(country)),
  odds: (choice) => withMinimumDelay(api.odds(choice)),
  me: () => withMinimumDelay(api.me()),
  event: (id) => withMinimumDelay(api.event(id)),
  matchHeading: (id) => withMinimumDelay(api.matchHeading(id)),
  history: (id, market) => withMinimumDelay(api.history(id, market)),
  dropping: (query) => withMinimumDelay(api.dropping(query)),
  sureBets: (country) => withMinimumDelay(api.sureBets(country)),
  valueBets: (country) => withMinimumDelay(api.valueBets(country)),
  betslip: () => withMinimumDelay(api.betslip()),
  sample: (country) => withMinimumDelay(api.sample(country)),
};

const DATA_SOURCE_CALLS = ["summary", "odds", "me", "event", "matchHeading", "history", "dropping", "sureBets", "valueBets", "betslip", "sample"] as const satisfies readonly (keyof DataSource)[];

/**
 * A data source that answers only the calls given and lets every other call fail with `otherwise`:
 * what the build's prerender and the preview page use, where only the public preview has data.
 */
export function partialDataSource(given: Partial<DataSource>, otherwise: () => Promise<never>): DataSource {
  return Object.fromEntries(DATA_SOURCE_CALLS.map((call) => [call, given[call] ?? otherwise])) as unknown as DataSource;
}
