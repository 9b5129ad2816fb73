/**
 * The /api contract: product spec section 7 plus DESIGN section 3. Shapes are what travels as
 * JSON (dates are ISO 8601 UTC strings). The same paths serve browser -> web tier and web tier ->
 * odds API, except where a comment says a shape or route belongs to one hop only.
 */
import type { ErrorEnvelope } from "./error-codes.ts";

export const API_PREFIX = "/api";

export type ApiSuccess<T> = { data: T };
export type ApiErrorEnvelope = ErrorEnvelope;
export type ApiResponse<T> = ApiSuccess<T> | ApiErrorEnvelope;

type RegisterFields = { email: string; password: string; country: number };
/** The spec spells the name `userName`; one client path sends `username`. The API accepts either. */
export type RegisterRequest = RegisterFields &
  ({ userName: string; username?: undefined } | { username: string; userName?: undefined });
/** The normalised e-mail the verification code went to; the client opens verification for it. */
export type RegisterResult = { email: string };

export type LoginRequest = { username: string; password: string };

/**
 * The user as login, verification and reset answer it. `country` is the country id as text
 * ("1"), as the spec's session copy keeps it; `registrationDate` is ISO 8601.
 */
export type SessionUser = { id: string; username: string; country: string; registrationDate: string };

/** Odds API -> web tier. The web tier keeps both tokens in HttpOnly cookies (DESIGN section 5). */
export type AuthResult = { user: SessionUser; token: string; refreshToken: string };
/** Web tier -> browser for login, verify-email and reset-password: the tokens never reach the page. */
export type BrowserAuthResult = { user: SessionUser };

/** Web tier -> odds API; the browser's POST /api/users/refresh has an empty body (the cookie carries the token). */
export type RefreshRequest = { refreshToken: string };
export type RefreshResult = { token: string; refreshToken: string };
/** Web tier -> odds API; from the browser the refresh token comes from the cookie instead. */
export type LogoutRequest = { refreshToken?: string };

export type VerifyEmailRequest = { email: string; otp: string };
export type ResendOtpRequest = { email: string };
/** Always answered 200 whether or not the e-mail is registered (ASVS 6.3.8). */
export type ForgotPasswordRequest = { email: string };
export type ResetPasswordRequest = { email: string; otp: string; password: string };
/** Stored without the user id: feedback is anonymous. */
export type FeedbackRequest = { message: string };
/** Answer of calls whose body the client does not use: resend-otp, forgot-password, feedback, logout, events. */
export type Acknowledgement = { ok: true };

/** GET /users/me. `country` is numeric here (1 Nigeria, 2 Ghana, 3 Kenya); `lastLogin` absent before a second login. */
export type UserProfile = {
  username: string;
  email: string;
  country: number;
  registrationDate: string;
  lastLogin?: string;
};

export type CountryQuery = { country: number };
/** `k`: 8 lowercase hex digits of FNV-1a over `${ak}:${country}&${competition}&${market}`; the web tier adds it. */
export type OddsQuery = CountryQuery & { competition: number; market: number; k: string };

/** `flags` is the bitmask Boosted 1, Increased 2, Decreased 4, Best 8. */
export type OddsSelection = { selectionTypeId: number; value: number; flags: number };
/**
 * `margin` in percent; null when the bookmaker's selection set is incomplete. `updatedAt` is the
 * bookmaker's last price change in this market. `stale: true` (absent otherwise) when its feed has
 * not confirmed these prices for more than two feed intervals (DESIGN section 9); they leave the
 * listing at three.
 */
export type ProviderOdds = {
  provider: number;
  margin: number | null;
  updatedAt: string;
  stale?: true;
  odds: OddsSelection[];
};
export type EventMarket = { marketId: number; odds: ProviderOdds[] };
/** `name` is "Home vs Away". */
export type OddsEvent = {
  id: string;
  name: string;
  home: string;
  away: string;
  date: string;
  competitionId: number;
  markets: EventMarket[];
};
/**
 * GET /odds and GET /odds/sample (the sample: next two events, market 1X2). `intervalS` is the
 * API's feed interval (FEED_INTERVAL_S); the API itself marks stale bookmakers (`ProviderOdds.stale`).
 * Absent only in the empty answer served before the first listing.
 */
export type OddsResponse = { events: OddsEvent[]; updatedAt: string; intervalS?: number };
export type OddsSummary = {
  numEvents: number;
  numBookmakers: number;
  marketIds: number[];
  competitionIds: number[];
  numOdds: number;
};

/** GET /api/session (web tier only): the current user, null for a visitor, or 401 AUTH_EXPIRED (docs/decisions/005). */
export type BrowserSession = { user: SessionUser | null };

export const ANALYTICS_EVENT_NAMES = [
  "page_view",
  "user_registration_completed",
  "user_login_success",
  "critical_error",
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];
/** POST /api/events (web tier only). Logged, never stored with personal data; `country` as in SessionUser. */
export type AnalyticsEvent =
  | { name: "page_view"; path: string }
  | { name: "user_registration_completed"; country: string; path?: string }
  | { name: "user_login_success"; country: string; path?: string }
  | { name: "critical_error"; message: string; path?: string };

export type HttpMethod = "GET" | "POST" | "PUT";

/**
 * One call of the contract as the browser makes it under API_PREFIX.
 * `auth`: needs a session; the web tier refreshes or answers 401 before forwarding.
 * `upstream`: the web tier forwards it to the odds API at the same path; false for the web
 * tier's own routes.
 */
export type ContractRoute = { method: HttpMethod; path: string; auth: boolean; upstream: boolean };

export const CONTRACT_ROUTES = [
  { method: "GET", path: "/users/me", auth: true, upstream: true },
  { method: "PUT", path: "/users/register", auth: false, upstream: true },
  { method: "POST", path: "/users/login", auth: false, upstream: true },
  { method: "POST", path: "/users/refresh", auth: false, upstream: true },
  { method: "POST", path: "/users/verify-email", auth: false, upstream: true },
  { method: "POST", path: "/users/resend-otp", auth: false, upstream: true },
  { method: "POST", path: "/users/forgot-password", auth: false, upstream: true },
  { method: "POST", path: "/users/reset-password", auth: false, upstream: true },
  { method: "POST", path: "/users/feedback", auth: true, upstream: true },
  // Logout works without a valid access token: an expired session must still be able to revoke its refresh token.
  { method: "POST", path: "/users/logout", auth: false, upstream: true },
  { method: "GET", path: "/odds", auth: true, upstream: true },
  { method: "GET", path: "/odds/summary", auth: false, upstream: true },
  { method: "GET", path: "/odds/sample", auth: false, upstream: true },
  { method: "GET", path: "/session", auth: true, upstream: false },
  { method: "POST", path: "/events", auth: false, upstream: false },
] as const satisfies readonly ContractRoute[];

/** The route for a method and a path below API_PREFIX (query string excluded), if the contract has it. */
export function findContractRoute(method: string, path: string): ContractRoute | undefined {
  return CONTRACT_ROUTES.find((route) => route.method === method && route.path === path);
}
