import type { Request, Response } from "express";
import { oddsChecksum } from "#shared/checksum.ts";
import { ENDPOINTS, type ApiRequest, type EndpointSpec, type SessionUser, type UserProfile } from "#shared/contract.ts";
import { decodeErrorBody } from "#shared/error-decoding.ts";
import type { z } from "zod";
import { answerText, oddsAnswer, readData } from "./api-answers.ts";
import type { SessionCookies } from "./cookies.ts";
import { oddsKey, type CachedOdds, type WebOddsCache } from "./odds-cache.ts";
import type { SessionKeeper } from "./session.ts";
import type { Upstream, UpstreamAnswer } from "./upstream.ts";

/**
 * The BFF's calls to the odds API, shared by the /api router and the pages' data source
 * (docs/design.md, One data path per screen), so both refresh sessions, sign odds and use the odds cache
 * alike.
 */

/**
 * Headers of every call to the API. The upstream client asks for an uncompressed answer by
 * default (the BFF parses it); `relayed` calls, whose answer goes back to the browser byte for
 * byte, carry the browser's Accept-Encoding and If-None-Match instead, and its If-Match (a
 * betslip write made from the slip of that ETag, docs/decisions/024-betslip-per-selection-writes.md).
 */
export function forwardHeaders(req: Request, relayed = false): Record<string, string> {
  const browser = (name: string) => (relayed && req.header(name) ? { [name]: req.header(name)! } : {});
  return {
    accept: "application/json",
    "x-request-id": req.id,
    "x-forwarded-for": req.ip ?? "",
    ...(req.header("user-agent") ? { "user-agent": req.header("user-agent")! } : {}),
    ...browser("accept-encoding"),
    ...browser("if-none-match"),
    ...browser("if-match"),
  };
}

export type TokenClaims = { ak: string; exp: number };
export type SessionOutcome = { ok: true; answer: UpstreamAnswer } | { ok: false; expired: boolean };

/** An authenticated call: fresh token first; an upstream 401 gets one refresh and one retry. */
export async function callWithSession(session: SessionKeeper, req: Request, res: Response, call: (token: string, claims: TokenClaims) => Promise<UpstreamAnswer>): Promise<SessionOutcome> {
  const headers = forwardHeaders(req);
  const first = await session.ensure(req, res, headers);
  if (!first.ok) return first;
  const answer = await call(first.token, first.claims);
  if (answer.status !== 401) return { ok: true, answer };
  const retry = await session.ensure(req, res, headers, true);
  if (!retry.ok) return { ok: false, expired: true };
  return { ok: true, answer: await call(retry.token, retry.claims) };
}

export interface OddsDeps {
  upstream: Upstream;
  odds: WebOddsCache;
}

/**
 * GET /odds for one token: the web tier computes k from the token's ak
 * (docs/design.md, Forwarding and the allow-list; the browser never sees either), and answers from the
 * one-second odds cache when the API has accepted this token. `cached` is set when the answer is (now) in
 * the cache.
 */
/** The three parameters that name an odds listing, as the browser sent them. */
export function oddsQuery(params: URLSearchParams): { country: string; competition: string; market: string } {
  const raw = (name: string) => params.get(name) ?? "";
  return { country: raw("country"), competition: raw("competition"), market: raw("market") };
}

export async function fetchOdds(deps: OddsDeps, req: Request, params: URLSearchParams, token: string, claims: TokenClaims, signal?: AbortSignal): Promise<{ answer: UpstreamAnswer; cached?: CachedOdds }> {
  const query = oddsQuery(params);
  return deps.odds.answer(oddsKey(query), token, claims.exp, async () => {
    const signed = new URLSearchParams(params);
    signed.set("k", oddsChecksum(claims.ak, query));
    // Asked for gzip whatever the browser takes: that is the form the cache keeps.
    const headers = { ...forwardHeaders(req), "accept-encoding": "gzip", authorization: `Bearer ${token}` };
    const fresh = await deps.upstream.call(ENDPOINTS.odds.method, `${ENDPOINTS.odds.path}?${signed.toString()}`, { headers, signal });
    // Checked before the cache keeps it for everyone: a body outside the contract is a 502, never cached.
    if (fresh.status === 200) readData(deps.upstream, ENDPOINTS.odds, fresh, oddsAnswer);
    return fresh;
  });
}

/**
 * The `data` of a 200 answer of `endpoint`, checked against `schema` (api-answers.ts); any other
 * answer is the API's error, decoded as the browser would (docs/product.md, Error decoding).
 */
export function answerData<T>(upstream: Pick<Upstream, "malformed">, endpoint: Pick<EndpointSpec, "method" | "path">, answer: UpstreamAnswer, schema: z.ZodType<T>): T {
  if (answer.status !== 200) throw decodeErrorBody(answer.status, answerText(answer));
  return readData(upstream, endpoint, answer, schema);
}

/** What the browser learns about the signed-in user: the profile's public part and the token's subject. */
export function sessionUserOfProfile(profile: UserProfile, sub: string): SessionUser {
  return { id: sub, username: profile.username, country: String(profile.country), registrationDate: profile.registrationDate };
}

/**
 * Logout's call (docs/decisions/011-logout-needs-the-api.md), for the BFF's route and the form: the
 * API revokes the session's family, then this process forgets the session's shared refresh and its
 * odds-cache pass. Answers the API's refusal, when it refused; the cookies are the caller's to
 * clear once nothing is left to revoke (200, or 401: these cookies prove no live session).
 */
export async function revokeSession(deps: { upstream: Upstream; cookies: SessionCookies; session: SessionKeeper; odds: WebOddsCache }, req: Request): Promise<UpstreamAnswer | undefined> {
  const { refresh, access } = deps.cookies.read(req);
  if (!refresh && !access) return undefined;
  const answer = await deps.upstream.call(ENDPOINTS.logout.method, ENDPOINTS.logout.path, {
    headers: { ...forwardHeaders(req), "content-type": "application/json", ...(access ? { authorization: `Bearer ${access}` } : {}) },
    body: JSON.stringify((refresh ? { refreshToken: refresh } : {}) satisfies ApiRequest<"logout">),
  });
  if (answer.status !== 200 && answer.status !== 401) return answer;
  if (refresh) deps.session.forget(refresh);
  if (access) deps.odds.forget(access);
  return undefined;
}
