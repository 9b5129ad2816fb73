import { Agent, ProxyAgent, request, type Dispatcher } from "undici";
import type { FeedRequest } from "./types.ts";

export interface FetcherOptions {
  proxyUrl?: string | undefined;
  connectTimeoutMs?: number;
  /** Time allowed for headers, and between body chunks. */
  bodyTimeoutMs?: number;
  retries?: number;
  backoffMs?: number;
  /** Injected by tests so backoff does not wait for real. */
  sleep?: (ms: number) => Promise<void>;
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

const RETRYABLE = new Set([429, 500, 502, 503, 504]);
const MAX_BODY_BYTES = 8 * 1024 * 1024;

/**
 * Fetches feed pages with undici: connect and body timeouts, retries with exponential backoff and
 * jitter on 429, 5xx and network failures, an optional outbound proxy (FEEDS_PROXY_URL: live sites
 * answer only a Nigerian egress).
 */
export function createFetcher(options: FetcherOptions = {}) {
  const connectTimeout = options.connectTimeoutMs ?? 5_000;
  const bodyTimeout = options.bodyTimeoutMs ?? 15_000;
  const dispatcher: Dispatcher = options.proxyUrl
    ? new ProxyAgent({ uri: options.proxyUrl, connectTimeout, headersTimeout: bodyTimeout, bodyTimeout })
    : new Agent({ connectTimeout, headersTimeout: bodyTimeout, bodyTimeout, connections: 4 });
  const retries = options.retries ?? 2;
  const backoffMs = options.backoffMs ?? 500;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));

  async function once(req: FeedRequest): Promise<string> {
    const res = await request(req.url, { method: "GET", headers: { "accept-encoding": "identity", ...req.headers }, dispatcher });
    let size = 0;
    const chunks: Buffer[] = [];
    for await (const chunk of res.body) {
      size += (chunk as Buffer).length;
      if (size > MAX_BODY_BYTES) throw new FeedHttpError("response larger than 8 MB");
      chunks.push(chunk as Buffer);
    }
    const text = Buffer.concat(chunks).toString("utf8");
    if (res.statusCode >= 400) throw new FeedHttpError(`HTTP ${res.statusCode}`, res.statusCode);
    return text;
  }

  return {
    async fetch(req: FeedRequest): Promise<string> {
      for (let attempt = 0; ; attempt += 1) {
        try {
          return await once(req);
        } catch (error) {
          const status = error instanceof FeedHttpError ? error.status : undefined;
          const retryable = status === undefined ? !(error instanceof FeedHttpError) : RETRYABLE.has(status);
          if (!retryable || attempt >= retries) throw error;
          await sleep(backoffMs * 2 ** attempt * (0.75 + Math.random() * 0.5));
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
  };
}
