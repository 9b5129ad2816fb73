import type { DroppingOdds, MarketHistory, MatchDetail, OddsResponse, OddsSummary, UserProfile } from "#shared/contract.ts";
import { api } from "../backend/endpoints.ts";
import { withMinimumDelay } from "./min-delay.ts";

export interface OddsChoice {
  country: number;
  competition: number;
  market: number;
}

/**
 * Where route loaders get their data (DESIGN section 12: one data path per screen). On the server
 * it is the web tier's own BFF path (server/bff/data-source.ts: session refresh, checksum, odds
 * cache); in the browser it is /api. A failure rejects, with an ApiError when the API said why.
 */
export interface DataSource {
  summary(country: number): Promise<OddsSummary>;
  odds(choice: OddsChoice): Promise<OddsResponse>;
  me(): Promise<UserProfile>;
  /** The match page (DESIGN section 10): a 404 ApiError for an event the API does not know. */
  event(id: string): Promise<MatchDetail>;
  history(id: string, market: number): Promise<MarketHistory>;
  dropping(country: number, hours: number): Promise<DroppingOdds>;
  /** The Nigeria page's public preview: the next matches' 1X2 odds (no session needed). */
  sample(country: number): Promise<OddsResponse>;
}

/** The browser's side: /api, each call shown loading for at least 300 ms (spec section 4). */
export const browserDataSource: DataSource = {
  summary: (country) => withMinimumDelay(api.summary(country)),
  odds: (choice) => withMinimumDelay(api.odds(choice)),
  me: () => withMinimumDelay(api.me()),
  event: (id) => withMinimumDelay(api.event(id)),
  history: (id, market) => withMinimumDelay(api.history(id, market)),
  dropping: (country, hours) => withMinimumDelay(api.dropping(country, hours)),
  sample: (country) => withMinimumDelay(api.sample(country)),
};
