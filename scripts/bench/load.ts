import { request, Pool } from "undici";

export interface LoadResult {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** The `q` quantile of ascending `sorted` latencies (0 when there are none). */
export function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/** `connections` loops hitting one URL for `seconds`; latency percentiles in ms. Loopback only. */
export async function load(origin: string, path: string, headers: Record<string, string>, connections = 50, seconds = 10): Promise<LoadResult> {
  const pool = new Pool(origin, { connections });
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        try {
          const res = await pool.request({ method: "GET", path, headers });
          await res.body.arrayBuffer();
          if (res.statusCode !== 200) errors += 1;
        } catch {
          errors += 1;
        }
        latencies.push(performance.now() - started);
      }
    }),
  );
  await pool.close();
  latencies.sort((a, b) => a - b);
  return { requests: latencies.length, seconds, rps: latencies.length / seconds, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), errors };
}

export async function getText(url: string, headers: Record<string, string> = {}) {
  const res = await request(url, { headers });
  return { status: res.statusCode, headers: res.headers, body: Buffer.from(await res.body.arrayBuffer()) };
}
