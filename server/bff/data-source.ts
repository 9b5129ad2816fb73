import type { Request, Response } from "express";
import type { z } from "zod";
import { ENDPOINTS, endpointUrl, type ApiAnswer, type ApiRequest, type Betslip, type SessionUser, type UrlFields } from "#shared/contract.ts";
import { ApiError } from "#shared/error-decoding.ts";
import { AUTH_EXPIRED_MESSAGE } from "#shared/messages.ts";
import type { DataSource } from "#client/server-context.ts";
import { contractShaped, nextAnswer, oddsAnswer, parseData, profileAnswer } from "./api-answers.ts";
import type { SessionCookies } from "./cookies.ts";
import type { WebOddsCache } from "./odds-cache.ts";
import type { SessionKeeper } from "./session.ts";
import { answerData, callWithSession, fetchOdds, forwardHeaders, sessionUserOfProfile, type SessionOutcome } from "./session-calls.ts";
import { UpstreamUnavailable, type Upstream } from "./upstream.ts";

export interface PageDataDeps {
  upstream: Upstream;
  cookies: SessionCookies;
  session: SessionKeeper;
  odds: WebOddsCache;
}

export interface PageSession {
  /** The signed-in user, or null. */
  user: SessionUser | null;
  /** Session cookies came but the API could not be asked about them: an outage, not a logout (docs/design.md, API outages). */
  unavailable: boolean;
  data: DataSource;
}

/** The reads a page's loader makes (client/loaders/source.ts, DataSource). */
type PageRead = "summary" | "odds" | "me" | "event" | "matchHeading" | "history" | "dropping" | "search" | "readBookingCode" | "sureBets" | "valueBets" | "betslip" | "sample" | "competitions" | "next" | "alerts";

/** How each read's answer is checked (api-answers.ts): the profile in full, the rest as the pages render it. */
const PAGE_ANSWERS: { [K in PageRead]: z.ZodType<ApiAnswer<K>> } = {
  summary: contractShaped(),
  odds: oddsAnswer,
  me: profileAnswer,
  event: contractShaped(),
  matchHeading: contractShaped(),
  history: contractShaped(),
  dropping: contractShaped(),
  search: contractShaped(),
  readBookingCode: contractShaped(),
  sureBets: contractShaped(),
  valueBets: contractShaped(),
  betslip: contractShaped(),
  sample: oddsAnswer,
  competitions: contractShaped(),
  next: nextAnswer,
  alerts: contractShaped(),
};

/** The answer's data, checked; a session that ended during a page's call: the page says its data failed, as /api's 401 would. */
function sessionData<K extends PageRead>(upstream: Upstream, name: K, outcome: SessionOutcome): ApiAnswer<K> {
  if (!outcome.ok) throw new ApiError(AUTH_EXPIRED_MESSAGE, { status: 401, code: "AUTH_EXPIRED" });
  return answerData(upstream, ENDPOINTS[name], outcome.answer, PAGE_ANSWERS[name]);
}

/** The pages' data source: the same calls the /api router makes for the browser, for one request. */
function bffDataSource(deps: PageDataDeps, req: Request, res: Response, signal: AbortSignal): DataSource {
  const withToken = (token: string) => ({ ...forwardHeaders(req), authorization: `Bearer ${token}` });
  /** A public GET. */
  const read = async <K extends PageRead>(name: K, fields: ApiRequest<K> & UrlFields) =>
    answerData(deps.upstream, ENDPOINTS[name], await deps.upstream.call("GET", endpointUrl(ENDPOINTS[name], fields), { headers: forwardHeaders(req), signal }), PAGE_ANSWERS[name]);
  /** A signed-in GET, as /api forwards it (router.ts): same session refresh, same API path. */
  const signedRead = async <K extends PageRead>(name: K, fields: ApiRequest<K> & UrlFields) =>
    sessionData(deps.upstream, name, await callWithSession(deps.session, req, res, (token) => deps.upstream.call("GET", endpointUrl(ENDPOINTS[name], fields), { headers: withToken(token), signal })));
  let slip: Promise<Betslip> | undefined;
  return {
    summary: (country) => read("summary", { country }),
    async odds(choice) {
      const params = new URLSearchParams({ country: String(choice.country), competition: String(choice.competition), market: String(choice.market) });
      let cached: { json(): Buffer } | undefined;
      const outcome = await callWithSession(deps.session, req, res, async (token, claims) => {
        const got = await fetchOdds(deps, req, params, token, claims, signal);
        cached = got.cached;
        return got.answer;
      });
      if (outcome.ok && cached) return parseData(deps.upstream, ENDPOINTS.odds, cached.json(), oddsAnswer);
      return sessionData(deps.upstream, "odds", outcome);
    },
    me: () => signedRead("me", {}),
    event: (id) => signedRead("event", { id }),
    matchHeading: (id) => read("matchHeading", { id }),
    history: (id, market) => signedRead("history", { id, market }),
    dropping: (query) => signedRead("dropping", { country: query.country, hours: query.hours, competition: query.competition, market: query.market }),
    search: (country, q) => signedRead("search", { country, q }),
    readBookingCode: (provider, code) => signedRead("readBookingCode", { provider, code }),
    sureBets: (country) => signedRead("sureBets", { country }),
    valueBets: (country) => signedRead("valueBets", { country }),
    // Read once a page: the top bar's badge and the betslip page's loader ask for the same slip (client/session/root-data.ts).
    betslip: () => (slip ??= signedRead("betslip", {})),
    sample: (country) => read("sample", { country }),
    competitions: (country) => read("competitions", { country }),
    next: (query) => signedRead("next", { country: query.country, market: query.market, competition: query.competition, after: query.after, until: query.until }),
    alerts: () => signedRead("alerts", {}),
  };
}

/** Who is signed in, checked the way GET /api/session checks it, and the data source of this page request. */
export async function pageSession(deps: PageDataDeps, req: Request, res: Response, signal: AbortSignal): Promise<PageSession> {
  const data = bffDataSource(deps, req, res, signal);
  const held = deps.cookies.read(req);
  if (!held.access && !held.refresh) return { user: null, unavailable: false, data };
  try {
    const profile = await data.me();
    return { user: sessionUserOfProfile(profile, deps.cookies.readClaims(req)?.sub ?? ""), unavailable: false, data };
  } catch (error) {
    if (error instanceof UpstreamUnavailable) return { user: null, unavailable: true, data };
    if (error instanceof ApiError) return { user: null, unavailable: false, data };
    throw error;
  }
}
