import { gunzipSync } from "node:zlib";
import { z } from "zod";
import type { ApiAnswer, Betslip, EndpointSpec, NextOdds, OddsResponse, SessionUser, UserProfile } from "#shared/contract.ts";
import type { Upstream, UpstreamAnswer } from "./upstream.ts";

/**
 * What the web tier reads of the odds API's answers, checked at the boundary with zod: the shapes
 * it acts on in full (tokens, the user, verified claims), and for the bodies it only renders,
 * caches or passes on (the odds, the match page) the envelope and the fields it reads itself. An
 * answer outside these is the API failing us, as a 5xx is: counted, and a 502 UPSTREAM_UNAVAILABLE
 * in the envelope for the browser (docs/design.md, API outages).
 */

/** The user as the API answers it: passed on to the browser as it came, so fields beyond these stay. */
const sessionUser = z.looseObject({ id: z.string(), username: z.string(), country: z.string(), registrationDate: z.string() }) satisfies z.ZodType<SessionUser>;

/** Login, verify-email and reset-password: the tokens go to cookies, the user to the browser. */
export const authAnswer = z.object({ user: sessionUser, token: z.string(), refreshToken: z.string() }) satisfies z.ZodType<ApiAnswer<"login">>;
export const registerAnswer = z.object({ email: z.string() }) satisfies z.ZodType<ApiAnswer<"register">>;
export const bookingCodeAnswer = z.object({ provider: z.number(), code: z.string(), url: z.string().nullable(), legs: z.number(), expiresAt: z.string().nullable() }) satisfies z.ZodType<ApiAnswer<"mintBookingCode">>;
export const refreshAnswer = z.object({ token: z.string(), refreshToken: z.string() }) satisfies z.ZodType<ApiAnswer<"refresh">>;
export const sessionClaimsAnswer = z.object({ sub: z.string(), ak: z.string(), exp: z.number() }) satisfies z.ZodType<ApiAnswer<"sessionCheck">>;
/** GET /users/me: GET /api/session builds the browser's user from it; the profile page shows the rest. */
export const profileAnswer = z.looseObject({
  username: z.string(),
  email: z.string(),
  country: z.number(),
  registrationDate: z.string(),
  lastLogin: z.string().optional(),
}) satisfies z.ZodType<UserProfile>;

/**
 * An answer the web tier passes on as the API shaped it: `data` an object holding at least the
 * fields in `read` (those the web tier reads itself); the rest is the contract's word
 * (shared/contract.ts), which the API's own tests hold it to, and not checked again on every answer.
 */
export function contractShaped<T extends object>(read: z.core.$ZodLooseShape = {}): z.ZodType<T> {
  return z.looseObject(read) as unknown as z.ZodType<T>;
}

/** The odds (GET /odds, /odds/sample): cached for every user, or rendered; each reader walks `events`. */
export const oddsAnswer = contractShaped<OddsResponse>({ events: z.array(z.looseObject({})) });
/** A page of the whole board (GET /odds/next): rendered, its events walked as the odds' are. */
export const nextAnswer = contractShaped<NextOdds>({ events: z.array(z.looseObject({})) });

/** The betslip (GET /users/betslip), as a form's import plans on it: its legs and stake. */
export const betslipAnswer = contractShaped<Betslip>({ stake: z.number(), legs: z.array(z.looseObject({ eventId: z.string(), marketId: z.number(), selectionTypeId: z.number() })) });

const envelope = <T>(data: z.ZodType<T>) => z.object({ data });

/** The call an answer came from, for the log: its method and its path's pattern (never an id). */
type CallName = Pick<EndpointSpec, "method" | "path">;

/** The answer's body as text, inflated when the API sent it gzip (the odds, asked gzip for the cache). */
export function answerText(answer: UpstreamAnswer): string {
  return (answer.headers["content-encoding"] === "gzip" ? gunzipSync(answer.body) : answer.body).toString("utf8");
}

/** The `data` of a JSON body, checked against `schema`; anything else throws `upstream.malformed` (502). */
export function parseData<T>(upstream: Pick<Upstream, "malformed">, call: CallName, body: string | Buffer, schema: z.ZodType<T>): T {
  let json: unknown;
  try {
    json = JSON.parse(body.toString());
  } catch (cause) {
    throw upstream.malformed(`${call.method} ${call.path}`, cause);
  }
  const checked = envelope(schema).safeParse(json);
  if (!checked.success) throw upstream.malformed(`${call.method} ${call.path}`, checked.error);
  return checked.data.data;
}

/** The `data` of an answer of the API (a 200: the caller has read its status), checked as parseData does. */
export function readData<T>(upstream: Pick<Upstream, "malformed">, call: CallName, answer: UpstreamAnswer, schema: z.ZodType<T>): T {
  let body: string;
  try {
    body = answerText(answer);
  } catch (cause) {
    throw upstream.malformed(`${call.method} ${call.path}`, cause);
  }
  return parseData(upstream, call, body, schema);
}
