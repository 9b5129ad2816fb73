import type { AlertsView } from "#shared/alerts-contract.ts";
import type { Betslip, BookingRead, CompetitionList, DroppingOdds, DroppingQuery, MarketHistory, MatchDetail, MatchHeading, NextOdds, NextQuery, OddsResponse, OddsSummary, SearchResult, SessionUser, SureBets, UserProfile, ValueBets } from "#shared/contract.ts";

/**
 * What the web tier hands the route loaders when it renders on the server (React Router's
 * request context). In the browser there is none: loaders use the browser's data source (/api).
 */
export interface ServerContext {
  server: true;
  /** The signed-in user, or null (prerendering is always logged out). */
  user: SessionUser | null;
  /**
   * Session cookies came, but the odds API could not be asked whether they are good (it is down):
   * not a logout, so protected pages say the service is unavailable instead of redirecting.
   */
  sessionUnavailable?: boolean;
  /** When the web tier last heard from the odds API (epoch ms), null if never: what the outage page says. */
  apiLastAnsweredAt?: number | null;
  /** The `tz` cookie the client sets, else Africa/Lagos, so kick-off labels hydrate the same. */
  timeZone: string;
  now: number;
  /** The path and query asked for, when rendered per request: a signed-out visitor is sent to sign in for it (client/route-paths.ts, signInFor). */
  path?: string;
  /** The BFF's own data path for this request (server/bff/data-source.ts). */
  data: DataSource;
  /** A lite page: rendered whole, without the app's script (server/lite/lite-mode.ts). */
  lite?: boolean;
  /** HTML forms' CSRF token (server/lite/form-token.ts), and what a form page says after a post. */
  form?: { token: string; flash?: FormFlash | undefined };
}

/**
 * What a form page shows after a post (server/lite/flash.ts): the refusal's message or the news
 * (`status`), each field's own problem, what the visitor had typed (never a password), whether the mailed code is asked for
 * (`locked`), and the signed-in page to go to after.
 */
export interface FormFlash {
  message?: string;
  status?: string;
  fields: Record<string, string>;
  /** Each field's own message, by field name, when the form says every field's problem at once (decision 038). */
  problems?: Record<string, string>;
  locked?: boolean;
  next?: string;
}

export function serverContext(context: unknown): ServerContext | undefined {
  return context && typeof context === "object" && (context as { server?: unknown }).server === true ? (context as ServerContext) : undefined;
}

export const DEFAULT_TIME_ZONE = "Africa/Lagos";

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
  /** Team search (docs/design.md, Search): a 400 ApiError for text the API refuses. */
  search(country: number, q: string): Promise<SearchResult>;
  /** A bookmaker's booking code, read at the bookmaker (docs/design.md, Booking codes): 1 to 5 s. */
  readBookingCode(provider: number, code: string): Promise<BookingRead>;
  /** The bettor tools (docs/design.md, Bettor tools). */
  sureBets(country: number): Promise<SureBets>;
  valueBets(country: number): Promise<ValueBets>;
  betslip(): Promise<Betslip>;
  /** The Nigeria page's public preview: the next matches' 1X2 odds (no session needed). */
  sample(country: number): Promise<OddsResponse>;
  /** Public: every competition with upcoming matches, in picker order (docs/design.md, Catalogue API). */
  competitions(country: number): Promise<CompetitionList>;
  /** A page of one market's upcoming events across competitions, in kick-off order (docs/design.md, Catalogue API). */
  next(query: NextQuery): Promise<NextOdds>;
  /** The bettor's alert rules, settings and channels (docs/design.md, Alerts API). */
  alerts(): Promise<AlertsView>;
}
