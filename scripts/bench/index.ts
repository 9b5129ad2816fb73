import { gzipSync } from "node:zlib";
import { oddsChecksum } from "#shared/checksum.ts";
import { loginBaseline, loginDuringFlood, oddsSoak, type FloodFigures, type LoginFigures } from "./abuse.ts";
import { describeFigures, lighthouseRun } from "./lighthouse.ts";
import { alertRows } from "./alerts.ts";
import { bookingRows } from "./booking.ts";
import { boardRows } from "./board.ts";
import { controlsRows } from "./controls.ts";
import { liveRows, LIVE_PARTS } from "./live/live-rows.ts";
import { startBareServer } from "./bare.ts";
import { getText, load, type LoadResult } from "./load.ts";
import { matchRows } from "./match.ts";
import { signupRows } from "./signup/signup.ts";
import { benchUser, startStack, type StackLayout } from "./stack.ts";

/**
 * `npm run bench` (not part of CI): measures the built site (`npm run build` first) against
 * docs/design.md, Budgets, on loopback and prints a markdown table for docs/benchmarks.md. It runs the
 * odds throughput in both layouts (docs/design.md, Two ways to run it), and Lighthouse on the embedded one.
 * `BENCH_SECONDS` sets each load run's length (default 10), `BENCH_FLOOD_S` each registration
 * flood's (default 20) and `BENCH_ODDS_SOAK_S` the 200-connection odds soak's (default 60).
 * `BENCH_ONLY=abuse` (or `--only abuse`) runs only the abuse figures: logins during a registration
 * flood and the odds soak. `BENCH_ONLY=live` runs only the live odds rows (docs/design.md, Live push), and
 * `live-dom`, `live-streams` or `live-open` one of them (see live-rows.ts for their settings).
 * `BENCH_ONLY=match` runs only the match page's figures (see match.ts).
 * `BENCH_ONLY=signup` runs only sign-up under a flood (decision 023, see signup.ts).
 * `BENCH_ONLY=booking` runs only booking codes minted and read with the books' real latency (see booking.ts).
 * `BENCH_ONLY=controls` runs only the slow phone's "controls usable" rows (see controls.ts).
 * `BENCH_ONLY=board` runs only the whole board's rows: cycles, CPU, RSS, database growth (see board.ts).
 * `BENCH_ONLY=alerts` runs only a price change to the alert channels' far ends, per channel (see alerts.ts).
 * `BENCH_ONLY=odds` runs only the odds throughput rows of both layouts, with the bare Express yardstick (see bare.ts).
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const FLOOD_SECONDS = Number(process.env.BENCH_FLOOD_S ?? 20);
const SOAK_SECONDS = Number(process.env.BENCH_ODDS_SOAK_S ?? 60);
const argOnly = process.argv.indexOf("--only");
const ONLY = process.env.BENCH_ONLY ?? (argOnly >= 0 ? process.argv[argOnly + 1] : undefined);
const PARTS = ["odds", "controls", "abuse", "match", "signup", "booking", "board", "alerts", "live", ...LIVE_PARTS];
if (ONLY !== undefined && !PARTS.includes(ONLY)) throw new Error(`BENCH_ONLY / --only knows ${PARTS.join(", ")}, not "${ONLY}"`);
const ODDS = "country=1&competition=1&market=1";
const rows: [string, string, string][] = [];
const describe = (r: LoadResult) => `${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${r.errors} errors`;
const verdict = (ok: boolean) => (ok ? "met" : "**missed**");

async function throughput(layout: StackLayout, ports: { web: number; api: number }, extra: (stack: Awaited<ReturnType<typeof startStack>>, cookie: string) => Promise<void>) {
  const stack = await startStack(layout, ports);
  try {
    const user = await benchUser(stack);
    const gzip = { "accept-encoding": "gzip" };
    const k = oddsChecksum(user.ak, { country: 1, competition: 1, market: 1 });
    // Warm both paths (JIT, keep-alive pools) before measuring.
    await load(stack.web, `/api/odds?${ODDS}`, { ...gzip, cookie: user.cookie }, 50, 2);
    const web = await load(stack.web, `/api/odds?${ODDS}`, { ...gzip, cookie: user.cookie }, 50, SECONDS);
    await load(stack.api, `/odds?${ODDS}&k=${k}`, { ...gzip, authorization: `Bearer ${user.token}` }, 50, 2);
    const direct = await load(stack.api, `/odds?${ODDS}&k=${k}`, { ...gzip, authorization: `Bearer ${user.token}` }, 50, SECONDS);
    const ratio = web.rps / direct.rps;
    rows.push([`${layout}: /api/odds through the web tier, 50 connections`, describe(web), ""]);
    rows.push([`${layout}: /odds straight to the API, 50 connections`, describe(direct), ""]);
    rows.push([`${layout}: web tier / direct throughput`, ratio.toFixed(2), `>= 0.70, ${verdict(ratio >= 0.7)}`]);
    await againstBareExpress(stack, { ...gzip, cookie: user.cookie }, ports.web + 100);
    await extra(stack, user.cookie);
  } finally {
    await stack.stop();
  }
}

/**
 * The web tier's `/api/odds` beside a bare Express server sending the same bytes (bare.ts), 200
 * connections each, one after the other: the share of the machine's limit the web tier reaches.
 */
async function againstBareExpress(stack: Awaited<ReturnType<typeof startStack>>, headers: Record<string, string>, barePort: number) {
  const path = `/api/odds?${ODDS}`;
  const bare = await startBareServer(stack.web, path, headers, barePort);
  try {
    await load(stack.web, path, headers, 200, 2);
    const web = await load(stack.web, path, headers, 200, SECONDS);
    await load(bare.origin, path, headers, 200, 2);
    const yardstick = await load(bare.origin, path, headers, 200, SECONDS);
    const ratio = web.rps / yardstick.rps;
    rows.push([`${stack.layout}: /api/odds through the web tier, 200 connections`, describe(web), ""]);
    rows.push([`${stack.layout}: the same bytes from a bare Express server, 200 connections`, describe(yardstick), ""]);
    rows.push([`${stack.layout}: web tier / bare Express throughput`, ratio.toFixed(2), `>= 0.50, ${verdict(ratio >= 0.5)}`]);
  } finally {
    await bare.stop();
  }
}

const logins = (l: LoginFigures) => `p50 ${(l.p50 / 1000).toFixed(2)} s, p90 ${(l.p90 / 1000).toFixed(2)} s over ${l.logins} logins, ${l.failed} failed`;
const registrations = (f: FloodFigures) =>
  Object.entries(f.registrations)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, count]) => `${count} x ${status}`)
    .join(", ");

/** A real user's logins (docs/design.md, Latency) while 16 workers flood registration (from one address, then from many), and the odds soak. */
async function abuse(ports: { web: number; api: number }) {
  const stack = await startStack("embedded", ports);
  try {
    const user = await benchUser(stack);
    rows.push(["abuse: a real user's login through the web tier, no flood", logins(await loginBaseline(stack, user, 5)), ""]);
    for (const spread of [false, true]) {
      const flood = await loginDuringFlood(stack, user, { seconds: FLOOD_SECONDS, workers: 16, spread });
      const who = spread ? "16 workers, each registration from another address, straight to the API" : "16 workers from one address through the web tier";
      rows.push([`abuse: login during a registration flood (${who}, ${FLOOD_SECONDS} s)`, logins(flood.login), `p90 <= 0.5 s, ${verdict(flood.login.p90 <= 500 && flood.login.failed === 0)}`]);
      rows.push([`abuse: registrations answered during that flood (${who})`, registrations(flood), ""]);
    }
    const soak = await oddsSoak(stack, user, `/api/odds?${ODDS}`, SOAK_SECONDS);
    rows.push([`embedded (after the floods): /api/odds through the web tier, 200 connections for ${SOAK_SECONDS} s`, describe(soak), `0 errors, p99 <= 250 ms, ${verdict(soak.errors === 0 && soak.p99 <= 250)}`]);
  } finally {
    await stack.stop();
  }
  // The same soak on a fresh scaled-out stack: the web process alone, as a replica behind a load balancer runs.
  const scaled = await startStack("scaled-out", { web: 3923, api: 4923 });
  try {
    const user = await benchUser(scaled);
    const soak = await oddsSoak(scaled, user, `/api/odds?${ODDS}`, SOAK_SECONDS);
    rows.push([`scaled-out: /api/odds through the web tier, 200 connections for ${SOAK_SECONDS} s`, describe(soak), `0 errors, p99 <= 250 ms, ${verdict(soak.errors === 0 && soak.p99 <= 250)}`]);
  } finally {
    await scaled.stop();
  }
}

if (ONLY === "odds") {
  await throughput("embedded", { web: 3917, api: 4917 }, async () => undefined);
  await throughput("scaled-out", { web: 3918, api: 4918 }, async () => undefined);
}
if (ONLY === undefined) {
  await throughput("embedded", { web: 3917, api: 4917 }, async (stack, cookie) => {
    const one = await getText(`${stack.web}/api/odds?${ODDS}`, { cookie, "accept-encoding": "gzip" });
    rows.push(["one league and market (EPL 1X2), gzip", `${one.body.length} B`, `<= 8,192 B, ${verdict(one.body.length <= 8192)}`]);
    for (const path of ["/", "/nigeria"]) {
      const page = await getText(`${stack.web}${path}`);
      const size = gzipSync(page.body, { level: 9 }).length;
      rows.push([`first response of ${path}, gzip -9`, `${size} B`, `<= 14,600 B, ${verdict(size <= 14_600)}`]);
    }
    const ssr = await load(stack.web, "/dashboard", { "accept-encoding": "gzip", cookie }, 10, SECONDS);
    rows.push(["SSR renders of /dashboard, 10 connections", `${ssr.rps.toFixed(0)} renders/s, p50 ${ssr.p50.toFixed(0)} ms, p99 ${ssr.p99.toFixed(0)} ms, ${ssr.errors} errors`, ""]);
    const pages = await lighthouseRun(stack.web, [{ path: "/" }, { path: "/nigeria" }, { path: "/dashboard", cookie }]);
    for (const p of pages) {
      const ok = p.lcpMs <= 1500 && p.cls <= 0.05 && p.tbtMs <= 200;
      rows.push([
        `Lighthouse mobile, slow 4G: ${p.path}`,
        describeFigures(p),
        p.path === "/dashboard" ? "(no budget)" : `LCP <= 1.5 s, CLS <= 0.05, TBT <= 200 ms, ${verdict(ok)}`,
      ]);
    }
  });
  await throughput("scaled-out", { web: 3918, api: 4918 }, async () => undefined);
}
if (ONLY === undefined || ONLY === "abuse") await abuse({ web: 3919, api: 4919 });
if (ONLY === undefined || ONLY === "match") rows.push(...(await matchRows({ web: 3920, api: 4920 })));
if (ONLY === undefined || ONLY === "signup") rows.push(...(await signupRows({ web: 3924, api: 4924 })));
if (ONLY === undefined || ONLY === "controls") rows.push(...(await controlsRows({ web: 3926, api: 4926 })));
if (ONLY === undefined || ONLY === "booking") rows.push(...(await bookingRows({ web: 3925, api: 4925 })));
if (ONLY === undefined || ONLY === "board") rows.push(...(await boardRows({ web: 3926, api: 4926 })));
if (ONLY === undefined || ONLY === "alerts") rows.push(...(await alertRows()));
if (ONLY === undefined || ONLY.startsWith("live")) rows.push(...(await liveRows(ONLY === undefined || ONLY === "live" ? LIVE_PARTS : [ONLY])));

console.log("| what | measured | budget |\n|---|---|---|");
for (const row of rows) console.log(`| ${row.join(" | ")} |`);
