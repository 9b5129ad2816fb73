import type {
  Acknowledgement,
  Betslip,
  BetslipLeg,
  BetslipRequest,
  BetslipStakeRequest,
  BookingCode,
  BookingRead,
  BrowserAuthResult,
  BrowserSession,
  DroppingOdds,
  DroppingQuery,
  LoginRequest,
  MarketHistory,
  MatchDetail,
  MatchHeading,
  OddsResponse,
  OddsSummary,
  RegisterChallenge,
  RegisterProof,
  RegisterResult,
  SearchResult,
  SureBets,
  UserProfile,
  ValueBets,
} from "#shared/contract.ts";
import { droppingPath, type AnalyticsEvent } from "#shared/contract.ts";
import { apiCall, taggedApiCall } from "./http.ts";

export type RegisterBody = { userName: string; email: string; password: string; country: number; acceptTerms: true } & RegisterProof;

/** Every call the browser makes, typed by the contract (docs/product.md, Calls the browser makes). */
export const api = {
  session: () => apiCall<BrowserSession>("GET", "/session"),
  login: (body: LoginRequest) => apiCall<BrowserAuthResult>("POST", "/users/login", body),
  register: (body: RegisterBody) => apiCall<RegisterResult>("PUT", "/users/register", body),
  /** The proof of work registration asks for under a flood (docs/decisions/023-proof-of-work-under-flood.md). */
  registerChallenge: () => apiCall<RegisterChallenge>("GET", "/users/register/challenge"),
  verifyEmail: (body: { email: string; otp: string }) => apiCall<BrowserAuthResult>("POST", "/users/verify-email", body),
  resendOtp: (body: { email: string }) => apiCall<Acknowledgement>("POST", "/users/resend-otp", body),
  forgotPassword: (body: { email: string }) => apiCall<Acknowledgement>("POST", "/users/forgot-password", body),
  resetPassword: (body: { email: string; otp: string; password: string }) =>
    apiCall<BrowserAuthResult>("POST", "/users/reset-password", body),
  logout: () => apiCall<Acknowledgement>("POST", "/users/logout", {}),
  me: () => apiCall<UserProfile>("GET", "/users/me"),
  feedback: (body: { message: string }) => apiCall<Acknowledgement>("POST", "/users/feedback", body),
  summary: (country: number) => apiCall<OddsSummary>("GET", `/odds/summary?country=${country}`),
  /** The web tier adds the checksum `k` from the session's token. */
  odds: (q: { country: number; competition: number; market: number }) =>
    apiCall<OddsResponse>("GET", `/odds?country=${q.country}&competition=${q.competition}&market=${q.market}`),
  sample: (country: number) => apiCall<OddsResponse>("GET", `/odds/sample?country=${country}`),
  /** The match page (docs/design.md, Match API). */
  event: (id: string) => apiCall<MatchDetail>("GET", `/odds/events/${encodeURIComponent(id)}`),
  /** Public: what a shared match link names, without prices. */
  matchHeading: (id: string) => apiCall<MatchHeading>("GET", `/odds/events/${encodeURIComponent(id)}/heading`),
  history: (id: string, market: number) => apiCall<MarketHistory>("GET", `/odds/events/${encodeURIComponent(id)}/history?market=${market}`),
  dropping: (query: DroppingQuery) => apiCall<DroppingOdds>("GET", droppingPath(query)),
  search: (country: number, q: string) => apiCall<SearchResult>("GET", `/odds/search?country=${country}&q=${encodeURIComponent(q)}`),
  /** The bettor tools (docs/design.md, Bettor tools). */
  sureBets: (country: number) => apiCall<SureBets>("GET", `/odds/sure-bets?country=${country}`),
  valueBets: (country: number) => apiCall<ValueBets>("GET", `/odds/value-bets?country=${country}`),
  betslip: () => apiCall<Betslip>("GET", "/users/betslip"),
  /** One selection at a time, applied to the slip as stored: another device's changes stay (decision 024). */
  addToBetslip: (leg: BetslipLeg) => apiCall<Betslip>("POST", "/users/betslip/selections", leg),
  /** `{}` only so that it goes as JSON, which the web tier's CSRF check asks of every write. */
  removeFromBetslip: (leg: BetslipLeg) =>
    apiCall<Betslip>("DELETE", `/users/betslip/selections/${encodeURIComponent(leg.eventId)}/${leg.marketId}/${leg.selectionTypeId}`, {}),
  changeBetslipStake: (body: BetslipStakeRequest) => apiCall<Betslip>("PATCH", "/users/betslip", body),
  /** The slip with its version (`ETag`), for a whole-slip write made from it (decision 024). */
  taggedBetslip: () => taggedApiCall<Betslip>("GET", "/users/betslip"),
  /** The whole slip, only if it is still the version `etag` names: else 412 BETSLIP_CHANGED and nothing saved (decision 024). */
  replaceBetslip: (body: BetslipRequest, etag: string) => taggedApiCall<Betslip>("PUT", "/users/betslip", body, etag),
  /** Booking codes (docs/design.md, Booking codes): a bookmaker's code read and mapped to our selections. */
  readBookingCode: (provider: number, code: string) => apiCall<BookingRead>("GET", `/odds/booking?provider=${provider}&code=${encodeURIComponent(code)}`),
  /** A code minted at `provider` for the saved slip's selections that can still be bet, read back before it is answered. */
  mintBookingCode: (provider: number) => apiCall<BookingCode>("POST", "/users/betslip/booking", { provider }),
  /** Analytics beacons: fire and forget, never in the user's way. */
  track(event: AnalyticsEvent) {
    void fetch("/api/events", {
      method: "POST",
      keepalive: true,
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(event),
    }).catch(() => undefined);
  },
};
