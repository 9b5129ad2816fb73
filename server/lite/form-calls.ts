import type { Request, Response } from "express";
import { ENDPOINTS, type ApiEndpointName, type ApiRequest, type EndpointSpec } from "#shared/contract.ts";
import { decodeErrorBody, type ApiError } from "#shared/error-decoding.ts";
import { answerText, authAnswer, readData } from "../bff/api-answers.ts";
import type { SessionCookies } from "../bff/cookies.ts";
import type { WebOddsCache } from "../bff/odds-cache.ts";
import type { SessionKeeper } from "../bff/session.ts";
import { callWithSession, forwardHeaders } from "../bff/session-calls.ts";
import type { Upstream, UpstreamAnswer } from "../bff/upstream.ts";
import { NEXT_PARAM, returnPath } from "#client/route-paths.ts";
import { seeOther } from "./flash.ts";

/** What the form posts need: the BFF's upstream, cookies, session and odds cache, and whether cookies are Secure. */
export interface FormDeps {
  upstream: Upstream;
  cookies: SessionCookies;
  session: SessionKeeper;
  odds: WebOddsCache;
  secure: boolean;
}

/** A form post's call to the API, made as the BFF makes it: JSON, with the browser's address and the request's id. */
export function callApi<K extends ApiEndpointName>(upstream: Upstream, req: Request, name: K, body: ApiRequest<K>): Promise<UpstreamAnswer> {
  const { method, path } = ENDPOINTS[name];
  return upstream.call(method, path, { headers: { ...forwardHeaders(req), "content-type": "application/json" }, body: JSON.stringify(body) });
}

/** The API's refusal, decoded as the browser decodes it (docs/product.md, Error decoding). */
export const refusalOf = (answer: UpstreamAnswer): ApiError => decodeErrorBody(answer.status, answerText(answer));

/** A form field's text, "" when absent or not text. */
export function field(req: Request, name: string): string {
  const value = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === "string" ? value : "";
}

/** A field sent more than once (a hidden input per item), each of its texts: [] when absent. */
export function fieldList(req: Request, name: string): string[] {
  const value = (req.body as Record<string, unknown> | undefined)?.[name];
  return (Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === "string");
}

/** An answer of `endpoint` that carries tokens (login, verification): the session's cookies, then on to `to`. */
export function signIn(deps: FormDeps, res: Response, endpoint: Pick<EndpointSpec, "method" | "path">, answer: UpstreamAnswer, to: string): void {
  const { token, refreshToken } = readData(deps.upstream, endpoint, answer, authAnswer);
  deps.cookies.set(res, { token, refreshToken });
  seeOther(res, to);
}

/**
 * A call with the user's session (refreshed first when due), as the BFF makes it; a session that is
 * over goes to sign in, and on to `next` after.
 */
export async function sessionCall(
  deps: FormDeps,
  req: Request,
  res: Response,
  call: { endpoint: EndpointSpec; url: string; body?: unknown; headers?: Record<string, string>; next: string },
): Promise<UpstreamAnswer | undefined> {
  const { endpoint, url, body } = call;
  const outcome = await callWithSession(deps.session, req, res, (token) =>
    deps.upstream.call(endpoint.method, url, {
      headers: { ...forwardHeaders(req), ...call.headers, authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
  if (outcome.ok) return outcome.answer;
  const next = returnPath(call.next);
  seeOther(res, next ? `/login?${NEXT_PARAM}=${encodeURIComponent(next)}` : "/login");
  return undefined;
}
