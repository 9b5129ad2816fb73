import {
  API_PREFIX,
  ENDPOINTS,
  endpointUrl,
  type BetslipLeg,
  type BrowserAnswer,
  type BrowserEndpointName,
  type BrowserRequest,
  type RegisterProof,
  type UrlFields,
} from "#shared/contract.ts";
import { apiCall, taggedApiCall } from "./http.ts";

export type RegisterBody = { userName: string; email: string; password: string; country: number; acceptTerms: true } & RegisterProof;

/** The URL below API_PREFIX of a browser call whose request goes in its path and query (shared/contract.ts, endpointUrl). */
export function browserUrl<K extends BrowserEndpointName>(name: K, fields: BrowserRequest<K> & UrlFields): string {
  return endpointUrl(ENDPOINTS[name], fields);
}

/** A GET of the contract: its fields in the URL. */
const read = <K extends BrowserEndpointName>(name: K, fields: BrowserRequest<K> & UrlFields) => apiCall<BrowserAnswer<K>>(ENDPOINTS[name].method, browserUrl(name, fields));
/** A write of the contract: its request is the JSON body. */
const write = <K extends BrowserEndpointName>(name: K, body: BrowserRequest<K>) => apiCall<BrowserAnswer<K>>(ENDPOINTS[name].method, ENDPOINTS[name].path, body);
/** The leg's own fields only: each field of a read goes in its URL, and a leg as the slip shows it carries more. */
const legOf = ({ eventId, marketId, selectionTypeId }: BetslipLeg): BetslipLeg => ({ eventId, marketId, selectionTypeId });

/** Every call the browser makes, typed by the contract's table (docs/product.md, Calls the browser makes). */
export const api = {
  session: () => read("session", {}),
  login: (body: BrowserRequest<"login">) => write("login", body),
  register: (body: RegisterBody) => write("register", body),
  /** The proof of work registration asks for under a flood (docs/decisions/023-proof-of-work-under-flood.md). */
  registerChallenge: () => read("registerChallenge", {}),
  verifyEmail: (body: BrowserRequest<"verifyEmail">) => write("verifyEmail", body),
  resendOtp: (body: BrowserRequest<"resendOtp">) => write("resendOtp", body),
  forgotPassword: (body: BrowserRequest<"forgotPassword">) => write("forgotPassword", body),
  resetPassword: (body: BrowserRequest<"resetPassword">) => write("resetPassword", body),
  logout: () => write("logout", {}),
  me: () => read("me", {}),
  feedback: (body: BrowserRequest<"feedback">) => write("feedback", body),
  summary: (country: number) => read("summary", { country }),
  /** The web tier adds the checksum `k` from the session's token. */
  odds: (q: BrowserRequest<"odds">) => read("odds", { country: q.country, competition: q.competition, market: q.market }),
  sample: (country: number) => read("sample", { country }),
  /** The whole board (docs/design.md, Catalogue API): the competitions listed, and a page of one market across them. */
  competitions: (country: number) => read("competitions", { country }),
  next: (q: BrowserRequest<"next">) => read("next", { country: q.country, market: q.market, competition: q.competition, after: q.after, until: q.until }),
  /** The match page (docs/design.md, Match API). */
  event: (id: string) => read("event", { id }),
  /** Public: what a shared match link names, without prices. */
  matchHeading: (id: string) => read("matchHeading", { id }),
  history: (id: string, market: number) => read("history", { id, market }),
  dropping: (q: BrowserRequest<"dropping">) => read("dropping", { country: q.country, hours: q.hours, competition: q.competition, market: q.market }),
  search: (country: number, q: string) => read("search", { country, q }),
  /** The bettor tools (docs/design.md, Bettor tools). */
  sureBets: (country: number) => read("sureBets", { country }),
  valueBets: (country: number) => read("valueBets", { country }),
  betslip: () => read("betslip", {}),
  /** One selection at a time, applied to the slip as stored: another device's changes stay (decision 024). */
  addToBetslip: (leg: BetslipLeg) => write("addToBetslip", leg),
  /** The leg goes in the path; `{}` only so that it goes as JSON, which the web tier's CSRF check asks of every write. */
  removeFromBetslip: (leg: BetslipLeg) => apiCall<BrowserAnswer<"removeFromBetslip">>(ENDPOINTS.removeFromBetslip.method, browserUrl("removeFromBetslip", legOf(leg)), {}),
  changeBetslipStake: (body: BrowserRequest<"changeBetslipStake">) => write("changeBetslipStake", body),
  /** The slip with its version (`ETag`), for a whole-slip write made from it (decision 024). */
  taggedBetslip: () => taggedApiCall<BrowserAnswer<"betslip">>(ENDPOINTS.betslip.method, ENDPOINTS.betslip.path),
  /** The whole slip, only if it is still the version `etag` names: else 412 BETSLIP_CHANGED and nothing saved (decision 024). */
  replaceBetslip: (body: BrowserRequest<"replaceBetslip">, etag: string) =>
    taggedApiCall<BrowserAnswer<"replaceBetslip">>(ENDPOINTS.replaceBetslip.method, ENDPOINTS.replaceBetslip.path, body, etag),
  /** Booking codes (docs/design.md, Booking codes): a bookmaker's code read and mapped to our selections. */
  readBookingCode: (provider: number, code: string) => read("readBookingCode", { provider, code }),
  /** A code minted at `provider` for the saved slip's selections that can still be bet, read back before it is answered. */
  mintBookingCode: (provider: number) => write("mintBookingCode", { provider }),
  /** Analytics beacons: fire and forget, never in the user's way. */
  track(event: BrowserRequest<"analytics">) {
    void fetch(`${API_PREFIX}${ENDPOINTS.analytics.path}`, {
      method: ENDPOINTS.analytics.method,
      keepalive: true,
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(event),
    }).catch(() => undefined);
  },
};
