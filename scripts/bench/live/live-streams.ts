import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { referenceStream, writeTimes, type MarketChange } from "./live-reference.ts";
import { percentile } from "../load.ts";
import { openSse, type SseConnection } from "./sse.ts";
import type { BenchUser, Stack } from "../stack.ts";

export interface StreamsFigures {
  streams: number;
  /** Streams answered with another status than 200, or not at all. */
  refused: number;
  /** Streams that answered 200 and sent their `ready` frame before the window began. */
  ready: number;
  /** Streams the server ended or dropped during the window. */
  endedEarly: number;
  /** (stream, change) pairs the reference saw in the window for the stream's view. */
  expected: number;
  missing: number;
  /** Delivery: the stream's receive time minus the change's `odds_changes.at`, ms. */
  p50: number;
  p95: number;
  /** The same, minus the reference stream's receive time instead (the web tier's own share), ms. */
  p95OverReference: number;
  rssStartMb: number;
  rssPeakMb: number;
  /** RSS once every stream was open and the window had run, minus before: what the streams hold, per ready stream, KB. */
  kbPerStream: number;
}

/** The four competitions times five markets: every stream watches one of these views. */
const VIEWS = [1, 2, 3, 4].flatMap((competition) => [1, 2, 3, 4, 5].map((market) => ({ competition, market })));
/** Streams opened at once while connecting: a burst of thousands would measure the accept queue. */
const OPEN_BATCH = 100;
/** After the window, how long a change seen by the reference has to reach every stream. */
const GRACE_MS = 5_000;

interface Watcher {
  view: { competition: number; market: number };
  received: Map<number, number>;
  ready: boolean;
  connection?: SseConnection;
  endedAt?: number;
}

function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kb ?? 0) / 1024;
}

async function openWatchers(stack: Stack, cookie: string, count: number): Promise<Watcher[]> {
  const watchers: Watcher[] = Array.from({ length: count }, (_, i) => ({ view: VIEWS[i % VIEWS.length]!, received: new Map(), ready: false }));
  for (let i = 0; i < count; i += OPEN_BATCH) {
    await Promise.all(
      watchers.slice(i, i + OPEN_BATCH).map(async (w) => {
        const url = `${stack.web}/api/odds/stream?country=1&competition=${w.view.competition}&market=${w.view.market}`;
        // Chromium's Accept-Encoding: the web tier sends each stream gzip (server/bff/live/stream-coding.ts).
        w.connection = await openSse(url, { cookie, "accept-encoding": "gzip, deflate, br, zstd" }, (frame) => {
          if (frame.event === "ready") w.ready = true;
          else if (frame.event === "market") w.received.set(Number(frame.id), frame.receivedAt);
        }).catch(() => undefined);
        if (w.connection?.status === 200) void w.connection.ended.then(() => (w.endedAt ??= Date.now()));
      }),
    );
  }
  for (let i = 0; i < 100 && watchers.some((w) => w.connection?.status === 200 && !w.ready); i += 1) await sleep(100);
  return watchers;
}

/** Compares every stream with the reference changes of its view that arrived within the window. */
function judge(watchers: Watcher[], changes: MarketChange[], written: Map<number, number>, window: { from: number; to: number }) {
  const latencies: number[] = [];
  const overReference: number[] = [];
  let expected = 0;
  let missing = 0;
  const inWindow = changes.filter((c) => c.receivedAt >= window.from && c.receivedAt <= window.to);
  for (const w of watchers) {
    const own = inWindow.filter((c) => c.event.competitionId === w.view.competition && c.event.markets[0]?.marketId === w.view.market);
    for (const change of own) {
      expected += 1;
      const at = w.received.get(change.seq);
      if (at === undefined) {
        missing += 1;
        continue;
      }
      latencies.push(at - (written.get(change.seq) ?? change.receivedAt));
      overReference.push(at - change.receivedAt);
    }
  }
  latencies.sort((a, b) => a - b);
  overReference.sort((a, b) => a - b);
  return { expected, missing, p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95), p95OverReference: percentile(overReference, 0.95) };
}

/**
 * docs/design.md, Throughput: `count` browser streams on one web-tier process for `seconds`, every change
 * delivered (against the API's own stream), p95 delivery, and the process's RSS sampled every second.
 */
export async function manyStreams(stack: Stack, user: BenchUser, count: number, seconds: number): Promise<StreamsFigures> {
  const rssStartMb = rssMb(stack.webPid);
  let rssPeakMb = rssStartMb;
  const sampler = setInterval(() => (rssPeakMb = Math.max(rssPeakMb, rssMb(stack.webPid))), 1000);
  const reference = await referenceStream(stack, user);
  const watchers = await openWatchers(stack, user.cookie, count);
  const ready = watchers.filter((w) => w.ready).length;
  const refused = watchers.filter((w) => w.connection?.status !== 200).length;
  try {
    const from = Date.now();
    await sleep(seconds * 1000);
    const to = Date.now();
    const kbPerStream = ready > 0 ? ((rssMb(stack.webPid) - rssStartMb) * 1024) / ready : 0;
    await sleep(GRACE_MS);
    const firstSeq = Math.min(...reference.changes.map((c) => c.seq)) - 1;
    const written = writeTimes(stack, Number.isFinite(firstSeq) ? firstSeq : 0);
    const figures = judge(watchers, reference.changes, written, { from, to });
    const endedEarly = watchers.filter((w) => w.endedAt !== undefined && w.endedAt <= to).length;
    return { streams: count, refused, ready, endedEarly, ...figures, rssStartMb, rssPeakMb, kbPerStream };
  } finally {
    clearInterval(sampler);
    for (const w of watchers) w.connection?.close();
    reference.connection.close();
  }
}
