import { Pool, errors, type Dispatcher } from "undici";

export interface UpstreamAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export class UpstreamUnavailable extends Error {
  constructor(
    message: string,
    readonly status: 502 | 503,
  ) {
    super(message);
    this.name = "UpstreamUnavailable";
  }
}

/** The odds API over HTTP: one keep-alive pool with connect and response timeouts (DESIGN section 5). */
export function createUpstream(origin: string, options: { timeoutMs?: number; connections?: number } = {}) {
  const timeout = options.timeoutMs ?? 10_000;
  const pool = new Pool(origin, { connections: options.connections ?? 64, connectTimeout: 3_000, headersTimeout: timeout, bodyTimeout: timeout, pipelining: 1 });

  return {
    origin,
    async call(method: Dispatcher.HttpMethod, path: string, init: { headers?: Record<string, string>; body?: string } = {}): Promise<UpstreamAnswer> {
      try {
        const res = await pool.request({ method, path, headers: init.headers, body: init.body });
        const body = Buffer.from(await res.body.arrayBuffer());
        return { status: res.statusCode, headers: res.headers, body };
      } catch (error) {
        // Refused or reset: the API is down (502). Timed out: it is there but not answering (503).
        const timedOut = error instanceof errors.HeadersTimeoutError || error instanceof errors.BodyTimeoutError || error instanceof errors.ConnectTimeoutError;
        throw new UpstreamUnavailable(error instanceof Error ? error.message : String(error), timedOut ? 503 : 502);
      }
    },
    close: () => pool.close(),
  };
}

export type Upstream = ReturnType<typeof createUpstream>;
