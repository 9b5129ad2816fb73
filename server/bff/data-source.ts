import type { Request, Response } from "express";
import { droppingPath, type Betslip, type DroppingOdds, type MarketHistory, type MatchDetail, type MatchHeading, type OddsResponse, type OddsSummary, type SessionUser, type SureBets, type UserProfile, type ValueBets } from "#shared/contract.ts";
import { ApiError } from "#shared/error-decoding.ts";
import { AUTH_EXPIRED_MESSAGE } from "#shared/messages.ts";
import type { DataSource } from "#client/loaders/source.ts";
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

/** A session that ended during a page's call: the page says its data failed, as /api's 401 would. */
function sessionData<T>(outcome: SessionOutcome): T {
  if (!outcome.ok) throw new ApiError(AUTH_EXPIRED_MESSAGE, { status: 401, code: "AUTH_EXPIRED" });
  return answerData<T>(outcome.answer);
}

/** The pages' data source: the same calls the /api router makes for the browser, for one request. */
function bffDataSource(deps: PageDataDeps, req: Request, res: Response, signal: AbortSignal): DataSource {
  const withToken = (token: string) => ({ ...forwardHeaders(req), authorization: `Bearer ${token}` });
  /** A signed-in GET, as /api forwards it (router.ts): same session refresh, same API path. */
  const signedGet = async <T>(path: string) => sessionData<T>(await callWithSession(deps.session, req, res, (token) => deps.upstream.call("GET", path, { headers: withToken(token), signal })));
  const eventPath = (id: string) => `/odds/events/${encodeURIComponent(id)}`;
  return {
    summary: async (country) => answerData<OddsSummary>(await deps.upstream.call("GET", `/odds/summary?country=${country}`, { headers: forwardHeaders(req), signal })),
    async odds(choice) {
      const params = new URLSearchParams({ country: String(choice.country), competition: String(choice.competition), market: String(choice.market) });
      let cached: { json(): Buffer } | undefined;
      const outcome = await callWithSession(deps.session, req, res, async (token, claims) => {
        const got = await fetchOdds(deps, req, params, token, claims, signal);
        cached = got.cached;
        return got.answer;
      });
      if (outcome.ok && cached) return (JSON.parse(cached.json().toString("utf8")) as { data: OddsResponse }).data;
      return sessionData<OddsResponse>(outcome);
    },
    me: () => signedGet<UserProfile>("/users/me"),
    event: (id) => signedGet<MatchDetail>(eventPath(id)),
    matchHeading: async (id) => answerData<MatchHeading>(await deps.upstream.call("GET", `${eventPath(id)}/heading`, { headers: forwardHeaders(req), signal })),
    history: (id, market) => signedGet<MarketHistory>(`${eventPath(id)}/history?market=${market}`),
    dropping: (query) => signedGet<DroppingOdds>(droppingPath(query)),
    sureBets: (country) => signedGet<SureBets>(`/odds/sure-bets?country=${country}`),
    valueBets: (country) => signedGet<ValueBets>(`/odds/value-bets?country=${country}`),
    betslip: () => signedGet<Betslip>("/users/betslip"),
    sample: async (country) => answerData<OddsResponse>(await deps.upstream.call("GET", `/odds/sample?country=${country}`, { headers: forwardHeaders(req), signal })),
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
