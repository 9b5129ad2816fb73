import { Pool, errors, type Dispatcher } from "undici";
import { z } from "zod";
import { POOL_IDLE_MS } from "#lib/node/serve.ts";
import { ERROR_CODES } from "#shared/error-codes.ts";

export interface UpstreamAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** Why a call to the odds API failed: the metric's `kind` label. */
export type UpstreamErrorKind = "unreachable" | "timeout" | "server_error";

export class UpstreamUnavailable extends Error {
  constructor(
    message: string,
    readonly status: 502 | 503,
    readonly kind: UpstreamErrorKind,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "UpstreamUnavailable";
  }
}

const TIMEOUTS = [errors.HeadersTimeoutError, errors.BodyTimeoutError, errors.ConnectTimeoutError];

/**
 * The API's 5xx answers about a bookmaker, not about itself (docs/design.md, Booking calls): the
 * bettor needs their own words ("SportyBet is not answering us right now"), so they pass as they are.
 */
const BOOKMAKER_ERRORS = new Set<string>([ERROR_CODES.BOOKMAKER_UNAVAILABLE, ERROR_CODES.BOOKING_FAILED]);
/** The one field of an error answer read here: its code. */
const errorCode = z.object({ error: z.object({ code: z.string() }) });

function aboutABookmaker(answer: UpstreamAnswer): boolean {
  let json: unknown;
  try {
    json = JSON.parse(answer.body.toString("utf8"));
  } catch {
    // Not JSON: the API's own failure, not a bookmaker's; the caller counts it as server_error.
    return false;
  }
  const checked = errorCode.safeParse(json);
  return checked.success && BOOKMAKER_ERRORS.has(checked.data.error.code);
}

/**
 * The odds API over HTTP: one keep-alive pool with connect and response timeouts
 * (docs/design.md, Forwarding and the allow-list). Every failure is reported to `onError` here, whoever the
 * caller (BFF, page loaders, /readyz): refused or reset is 502, timed out (ours or the caller's deadline)
 * 503, and an answer of 5xx becomes 502 too, so the browser sees UPSTREAM_UNAVAILABLE rather than the API's
 * internals; but for the API's own errors about a bookmaker, which pass as they are. An answer whose body
 * is not what the contract says (server/bff/api-answers.ts) is a failure of the same kind as a 5xx.
 */
export function createUpstream(origin: string, options: { timeoutMs?: number; connections?: number; onError?: (kind: UpstreamErrorKind) => void } = {}) {
  const timeout = options.timeoutMs ?? 10_000;
  // Idle sockets close on our side first, whatever the API's Keep-Alive header says (lib/node/serve.ts, POOL_IDLE_MS).
  const pool = new Pool(origin, { connections: options.connections ?? 64, connectTimeout: 3_000, headersTimeout: timeout, bodyTimeout: timeout, pipelining: 1, keepAliveTimeout: POOL_IDLE_MS, keepAliveMaxTimeout: POOL_IDLE_MS });
  const fail = (message: string, status: 502 | 503, kind: UpstreamErrorKind, cause?: unknown) => {
    options.onError?.(kind);
    return new UpstreamUnavailable(message, status, kind, cause === undefined ? undefined : { cause });
  };
  // When the API last answered us (epoch ms), for the outage page's "last reached" time.
  let answeredAt: number | null = null;

  return {
    origin,
    /** When the API last gave an answer that was not a failure (epoch ms), or null since this process started. */
    get lastAnsweredAt(): number | null {
      return answeredAt;
    },
    async call(method: Dispatcher.HttpMethod, path: string, init: { headers?: Record<string, string>; body?: string; signal?: AbortSignal } = {}): Promise<UpstreamAnswer> {
      let answer: UpstreamAnswer;
      try {
        // Uncompressed unless the caller relays the answer byte for byte and says otherwise: most callers parse it.
        const headers = { "accept-encoding": "identity", ...init.headers };
        const res = await pool.request({ method, path, headers, body: init.body, signal: init.signal });
        answer = { status: res.statusCode, headers: res.headers, body: Buffer.from(await res.body.arrayBuffer()) };
      } catch (error) {
        const timedOut = TIMEOUTS.some((type) => error instanceof type) || init.signal?.aborted === true;
        throw timedOut ? fail(`odds API timed out: ${String(error)}`, 503, "timeout", error) : fail(`odds API unreachable: ${String(error)}`, 502, "unreachable", error);
      }
      if (answer.status >= 500 && !aboutABookmaker(answer)) throw fail(`odds API answered ${answer.status}`, 502, "server_error");
      answeredAt = Date.now();
      return answer;
    },
    /** A 2xx answer to `call` whose body is outside the contract: counted and answered as a 5xx is (502). */
    malformed: (call: string, cause: unknown) => fail(`odds API answered ${call} outside the contract`, 502, "server_error", cause),
    close: () => pool.close(),
  };
}

export type Upstream = ReturnType<typeof createUpstream>;
