import { execFileSync } from "node:child_process";
import { writeToDom } from "./live-dom.ts";
import { dashboardLeftOpen } from "./live-open.ts";
import { manyStreams } from "./live-streams.ts";
import { benchUser, startStack, type StackLayout, type Stack } from "../stack.ts";

/**
 * The live odds' three budgets (docs/design.md, Budgets), each on its own fresh stack:
 * - `live-dom`: write -> DOM p95, embedded, `SIM_STEP_S=5 FEED_INTERVAL_S=5` (or both `BENCH_LIVE_INTERVAL_S`), `BENCH_LIVE_S` (default 60);
 * - `live-streams`: `BENCH_STREAMS` (default 2,000) browser streams on one web process, scaled out
 *   (the API its own process), same settings, `BENCH_STREAMS_S` (default 60);
 * - `live-open`: a dashboard left open `BENCH_OPEN_MINUTES` (default 10) with `SIM_STEP_S=30`.
 */
export const LIVE_PARTS = ["live-dom", "live-streams", "live-open"];

const LIVE_SECONDS = Number(process.env.BENCH_LIVE_S ?? 60);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 2000);
const STREAMS_SECONDS = Number(process.env.BENCH_STREAMS_S ?? 60);
const OPEN_MINUTES = Number(process.env.BENCH_OPEN_MINUTES ?? 10);
const FAST = { SIM_STEP_S: "5", FEED_INTERVAL_S: "5" };
/**
 * `live-dom` at another pace: `BENCH_LIVE_INTERVAL_S` sets both, `BENCH_LIVE_STEP_S` the price step
 * alone (the whole board is measured at its collection interval, 60, and the default step, 300).
 */
const DOM_PACE = process.env.BENCH_LIVE_INTERVAL_S
  ? { SIM_STEP_S: process.env.BENCH_LIVE_STEP_S ?? process.env.BENCH_LIVE_INTERVAL_S, FEED_INTERVAL_S: process.env.BENCH_LIVE_INTERVAL_S }
  : FAST;
// Prices move every 30 s and the collector looks every 30 s: every move is collected and streamed.
const SLOW = { SIM_STEP_S: "30", FEED_INTERVAL_S: "30" };

type Row = [string, string, string];
const verdict = (ok: boolean) => (ok ? "met" : "**missed**");
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function onStack<T>(layout: StackLayout, ports: { web: number; api: number }, env: Record<string, string>, run: (stack: Stack) => Promise<T>): Promise<T> {
  const stack = await startStack(layout, ports, env);
  try {
    return await run(stack);
  } finally {
    await stack.stop();
  }
}

async function domRows(): Promise<Row[]> {
  const f = await onStack("embedded", { web: 3920, api: 4920 }, DOM_PACE, async (stack) => writeToDom(stack, await benchUser(stack), LIVE_SECONDS));
  const ok = f.paired > 0 && f.unpaired === 0 && f.p95 <= 1000;
  return [
    [
      `live: collector's write to the dashboard's DOM, Chromium, SIM_STEP_S=${DOM_PACE.SIM_STEP_S} FEED_INTERVAL_S=${DOM_PACE.FEED_INTERVAL_S}${process.env.SIM_WORLD ? ` SIM_WORLD=${process.env.SIM_WORLD}` : ""}, ${LIVE_SECONDS} s`,
      `p50 ${seconds(f.p50)}, p95 ${seconds(f.p95)} over ${f.paired} cell changes, ${f.unpaired} unpaired (${f.changes} changes on the API's stream)`,
      `p95 <= 1 s, ${verdict(ok)}`,
    ],
  ];
}

/** The bench's own file-descriptor limit (its children inherit it): the streams need one each on both sides. */
const fdLimit = () => execFileSync("sh", ["-c", "ulimit -n"], { encoding: "utf8" }).trim();

/**
 * The bench's streams all come from one address with one session: the caps that keep one person
 * or address from hogging (docs/decisions/026-web-tier-verifies-tokens-by-asking.md) are lifted for it; the process cap is not.
 */
const ONE_CLIENT_MANY_STREAMS = { LIVE_STREAMS_PER_SESSION: String(STREAMS), LIVE_STREAMS_PER_ADDRESS: String(STREAMS) };

async function streamsRows(): Promise<Row[]> {
  const f = await onStack("scaled-out", { web: 3921, api: 4921 }, { ...FAST, ...ONE_CLIENT_MANY_STREAMS }, async (stack) => manyStreams(stack, await benchUser(stack), STREAMS, STREAMS_SECONDS));
  const delivered = f.missing === 0 && f.expected > 0 && f.ready === f.streams && f.endedEarly === 0;
  const ok = delivered && f.p95 <= 2000 && f.rssPeakMb <= 512;
  const what = `live: ${f.streams.toLocaleString("en")} browser streams on one web process (scaled out), 20 views, ${STREAMS_SECONDS} s, ulimit -n ${fdLimit()}`;
  return [
    [
      what,
      `${f.refused} refused, ${f.ready} ready, ${f.endedEarly} ended early; ${f.missing} of ${f.expected.toLocaleString("en")} changes missing; delivery from the write p50 ${seconds(f.p50)}, p95 ${seconds(f.p95)} (p95 ${seconds(f.p95OverReference)} behind the API's own stream); RSS ${f.rssStartMb.toFixed(0)} MB before, ${f.rssPeakMb.toFixed(0)} MB peak`,
      `every change, p95 <= 2 s, RSS <= 512 MB, ${verdict(ok)}`,
    ],
    [
      `live: web-process memory per open stream at ${f.ready.toLocaleString("en")} streams (gzip, as Chromium asks), RSS after the window minus before`,
      `${f.kbPerStream.toFixed(1)} KB`,
      `<= 64 KB, ${verdict(f.ready > 0 && f.kbPerStream <= 64)}`,
    ],
  ];
}

async function openRows(): Promise<Row[]> {
  const f = await onStack("embedded", { web: 3922, api: 4922 }, SLOW, async (stack) => dashboardLeftOpen(stack, await benchUser(stack), OPEN_MINUTES));
  const kb = f.bytes / 1024;
  return [
    [
      `live: signed-in dashboard left open ${OPEN_MINUTES} min, SIM_STEP_S=30 FEED_INTERVAL_S=30, bytes after the first load`,
      `${kb.toFixed(1)} KB (${f.bytes.toLocaleString("en")} B; ${f.messages} stream messages, ${f.requests} requests)`,
      // The budget is for 10 minutes: a shorter run says nothing about it.
      OPEN_MINUTES >= 10 ? `<= 60 KB in 10 min, ${verdict(kb <= 60)}` : "<= 60 KB in 10 min (shorter run: no verdict)",
    ],
  ];
}

const RUNS: Record<string, () => Promise<Row[]>> = { "live-dom": domRows, "live-streams": streamsRows, "live-open": openRows };

/** The rows of the chosen live parts, in order. */
export async function liveRows(parts: readonly string[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (const part of parts) rows.push(...(await RUNS[part]!()));
  return rows;
}
