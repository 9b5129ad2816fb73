import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { AttemptEnd } from "../bff/live/upstream-stream.ts";
import type { UpstreamErrorKind } from "../bff/upstream.ts";

/** Prometheus metrics at /metrics (prom-client): request counts, latency, upstream errors, live odds streams. */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({ name: "afriodds_http_requests_total", help: "HTTP requests by method, route and status", labelNames: ["method", "route", "status"], registers: [registry] });
  const latency = new Histogram({
    name: "afriodds_http_request_duration_seconds",
    help: "HTTP request latency",
    labelNames: ["method", "route"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const upstreamErrors = new Counter({ name: "afriodds_upstream_errors_total", help: "Failed calls to the odds API: unreachable, timeout or server_error (a 5xx answer, or a body outside the contract)", labelNames: ["kind"], registers: [registry] });
  const liveStreams = new Gauge({ name: "afriodds_live_streams_open", help: "Browser live odds streams open on this process", registers: [registry] });
  const liveFrames = new Counter({ name: "afriodds_live_frames_sent_total", help: "Live odds frames (ready, market, reset) written to browser streams", registers: [registry] });
  const liveUpstreamEnded = new Counter({
    name: "afriodds_live_upstream_attempts_ended_total",
    help: "Upstream odds streams to the API that ended, by reason: refused (401/429), answer (another non-200 status), error (no answer or a broken body), ended (closed by the API); each is retried with backoff",
    labelNames: ["reason"],
    registers: [registry],
  });
  const liveDropped = new Counter({ name: "afriodds_live_slow_consumers_dropped_total", help: "Browser live odds streams dropped because the browser did not take its bytes", registers: [registry] });
  // Each request's series, looked up once per label set (prom-client hashes the labels on every
  // call otherwise). Bounded: the route is a bounded label (ops/logging.ts), Node's parser takes
  // only the methods it knows, and a status is three digits.
  const series = new Map<string, { requests: ReturnType<typeof requests.labels>; latency: ReturnType<typeof latency.labels> }>();
  const seriesOf = (method: string, route: string, status: number) => {
    const key = `${method} ${status} ${route}`;
    let found = series.get(key);
    if (!found) {
      found = { requests: requests.labels({ method, route, status: String(status) }), latency: latency.labels({ method, route }) };
      series.set(key, found);
    }
    return found;
  };
  return {
    registry,
    liveStreamOpened: () => liveStreams.inc(),
    liveStreamClosed: () => liveStreams.dec(),
    liveFramesSent: (count: number) => liveFrames.inc(count),
    liveSlowConsumerDropped: () => liveDropped.inc(),
    liveUpstreamEnded: (reason: AttemptEnd) => liveUpstreamEnded.inc({ reason }),
    observe(method: string, route: string, status: number, seconds: number) {
      const series = seriesOf(method, route, status);
      series.requests.inc();
      series.latency.observe(seconds);
    },
    upstreamError(kind: UpstreamErrorKind) {
      upstreamErrors.inc({ kind });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
