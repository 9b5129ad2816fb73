import { api } from "../backend/endpoints.ts";
import { alertCalls } from "../alerts/alert-calls.ts";
import type { DataSource } from "../server-context.ts";
import { withMinimumDelay } from "./min-delay.ts";

/** The browser's side: /api, each call shown loading for at least 300 ms (docs/product.md, Authentication flow). */
export const browserDataSource: DataSource = {
  summary: (country) => withMinimumDelay(api.summary(country)),
  odds: (choice) => withMinimumDelay(api.odds(choice)),
  me: () => withMinimumDelay(api.me()),
  event: (id) => withMinimumDelay(api.event(id)),
  matchHeading: (id) => withMinimumDelay(api.matchHeading(id)),
  history: (id, market) => withMinimumDelay(api.history(id, market)),
  dropping: (query) => withMinimumDelay(api.dropping(query)),
  search: (country, q) => withMinimumDelay(api.search(country, q)),
  readBookingCode: (provider, code) => withMinimumDelay(api.readBookingCode(provider, code)),
  sureBets: (country) => withMinimumDelay(api.sureBets(country)),
  valueBets: (country) => withMinimumDelay(api.valueBets(country)),
  betslip: () => withMinimumDelay(api.betslip()),
  sample: (country) => withMinimumDelay(api.sample(country)),
  competitions: (country) => withMinimumDelay(api.competitions(country)),
  next: (query) => withMinimumDelay(api.next(query)),
  alerts: () => withMinimumDelay(alertCalls.alerts()),
};

const DATA_SOURCE_CALLS = ["summary", "odds", "me", "event", "matchHeading", "history", "dropping", "search", "readBookingCode", "sureBets", "valueBets", "betslip", "sample", "competitions", "next", "alerts"] as const satisfies readonly (keyof DataSource)[];

/**
 * A data source that answers only the calls given and lets every other call fail with `otherwise`:
 * what the build's prerender and the preview page use, where only the public preview has data.
 */
export function partialDataSource(given: Partial<DataSource>, otherwise: () => Promise<never>): DataSource {
  return Object.fromEntries(DATA_SOURCE_CALLS.map((call) => [call, given[call] ?? otherwise])) as unknown as DataSource;
}
