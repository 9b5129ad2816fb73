import { Agent, ProxyAgent, request, type Dispatcher } from "undici";
import { isChallengePage } from "./bookmakers/common.ts";
import type { FeedRequest } from "./types.ts";

export interface FetcherOptions {
  proxyUrl?: string | undefined;
  connectTimeoutMs?: number;
  /** Time allowed for headers, and between body chunks. */
  bodyTimeoutMs?: number;
  retries?: number;
  backoffMs?: number;
  /** Longest Retry-After honoured on a 429 or 503; a site asking for more gets this. */
  maxRetryAfterMs?: number;
  /** Injected by tests so backoff does not wait for real. */
  sleep?: (ms: number) => Promise<void>;
  /** Injected by tests to read an HTTP-date Retry-After. */
  clock?: () => number;
}

export class FeedHttpError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "FeedHttpError";
  }
}

/**
 * The site turned the client away: a 403 or 429 whose body is a bot challenge or WAF page, or
 * any status answering such a page. Retrying from the same address only looks more like a bot,
 * so it is never retried; the report shows the bookmaker as blocked (decision 012).
 */
export class FeedBlockedError extends FeedHttpError {
  constructor(status: number) {
    super(`blocked: HTTP ${status} with a bot challenge page (needs a browser-like client or a Nigerian egress, FEEDS_PROXY_URL)`, status);
    this.name = "FeedBlockedError";
  }
}

/** The bookmaker's time for this cycle ran out: the request was given up, not failed by the site. */
export class FeedAbortedError extends Error {
  constructor(message = "abandoned: the bookmaker's time for this cycle ran out") {
    super(message);
    this.name = "FeedAbortedError";
  }
}

const RETRYABLE = new Set([429, 500, 502, 503, 504]);
const MAX_BODY_BYTES = 8 * 1024 * 1024;

/** Retry-After in ms: delta-seconds or an HTTP date (RFC 9110 section 10.2.3); undefined when unreadable. */
export function retryAfterMs(value: string | string[] | undefined, now: number): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || text.trim() === "") return undefined;
  if (/^\s*\d+\s*$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Resolves when `wait` does, or rejects at once when `signal` aborts. */
export function abortable(wait: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return wait;
  if (signal.aborted) return Promise.reject(new FeedAbortedError());
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(new FeedAbortedError());
    signal.addEventListener("abort", onAbort, { once: true });
    wait.then(
      () => {
        signal.removeEventListener("abort", onAbort);
        resolve();
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * Fetches feed pages with undici: connect and body timeouts, retries with exponential backoff and
 * jitter on 429, 5xx and network failures (a Retry-After is honoured, capped), an optional
 * outbound proxy (FEEDS_PROXY_URL: live sites answer only a Nigerian egress), and an abort
 * signal so a bookmaker out of time is given up mid-request.
 */
export function createFetcher(options: FetcherOptions = {}) {
  const connectTimeout = options.connectTimeoutMs ?? 5_000;
  const bodyTimeout = options.bodyTimeoutMs ?? 15_000;
  const dispatcher: Dispatcher = options.proxyUrl
    ? new ProxyAgent({ uri: options.proxyUrl, connectTimeout, headersTimeout: bodyTimeout, bodyTimeout })
    : new Agent({ connectTimeout, headersTimeout: bodyTimeout, bodyTimeout, connections: 4 });
  const retries = options.retries ?? 2;
  const backoffMs = options.backoffMs ?? 500;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 30_000;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const clock = options.clock ?? Date.now;

  async function fetchOnce(req: FeedRequest, signal: AbortSignal | undefined): Promise<string> {
    const res = await request(req.url, {
      method: req.method ?? "GET",
      headers: { "accept-encoding": "identity", ...req.headers },
      ...(req.body !== undefined ? { body: req.body } : {}),
      dispatcher,
      ...(signal ? { signal } : {}),
    });
    let size = 0;
    const chunks: Buffer[] = [];
    for await (const chunk of res.body) {
      size += (chunk as Buffer).length;
      if (size > MAX_BODY_BYTES) throw new FeedHttpError("response larger than 8 MB");
      chunks.push(chunk as Buffer);
    }
    const text = Buffer.concat(chunks).toString("utf8");
    if (res.statusCode >= 400 && isChallengePage(text)) throw new FeedBlockedError(res.statusCode);
    if (res.statusCode >= 400) {
      const error = new FeedHttpError(`HTTP ${res.statusCode}`, res.statusCode);
      const after = retryAfterMs(res.headers["retry-after"], clock());
      throw after === undefined ? error : Object.assign(error, { retryAfterMs: after });
    }
    return text;
  }

  return {
    async fetch(req: FeedRequest, signal?: AbortSignal): Promise<string> {
      for (let attempt = 0; ; attempt += 1) {
        if (signal?.aborted) throw new FeedAbortedError();
        try {
          return await fetchOnce(req, signal);
        } catch (error) {
          if (signal?.aborted) throw new FeedAbortedError();
          const status = error instanceof FeedHttpError ? error.status : undefined;
          const retryable =
            !(error instanceof FeedBlockedError) && (status === undefined ? !(error instanceof FeedHttpError) : RETRYABLE.has(status));
          if (!retryable || attempt >= retries) throw error;
          const backoff = backoffMs * 2 ** attempt * (0.75 + Math.random() * 0.5);
          const asked = (error as { retryAfterMs?: number }).retryAfterMs;
          // The site said when to come back: never sooner, but never longer than the cap.
          const wait = asked === undefined ? backoff : Math.min(Math.max(asked, backoff), maxRetryAfterMs);
          await abortable(sleep(wait), signal);
        }
      }
    },
    close: () => dispatcher.close(),
  };
}

export type Fetcher = ReturnType<typeof createFetcher>;

/**
 * Per-bookmaker circuit breaker: after `threshold` failed runs in a row the bookmaker is left alone
 * for `coolOffMs`, then tried again once (half-open).
 */
export function circuitBreaker(clock: () => number, threshold = 3, coolOffMs = 5 * 60 * 1000) {
  const state = new Map<string, { failures: number; openUntil: number }>();
  return {
    allows(key: string): boolean {
      const s = state.get(key);
      return !s || s.failures < threshold || clock() >= s.openUntil;
    },
    success(key: string) {
      state.delete(key);
    },
    failure(key: string) {
      const s = state.get(key) ?? { failures: 0, openUntil: 0 };
      s.failures += 1;
      if (s.failures >= threshold) s.openUntil = clock() + coolOffMs;
      state.set(key, s);
    },
    /** Failed runs in a row so far (0 after a success). */
    failures: (key: string): number => state.get(key)?.failures ?? 0,
  };
}
