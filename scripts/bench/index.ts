import { gzipSync } from "node:zlib";
import { oddsChecksum } from "#shared/checksum.ts";
import { lighthouseRun } from "./lighthouse.ts";
import { getText, load, type LoadResult } from "./load.ts";
import { benchUser, startStack, type Layout } from "./stack.ts";

/**
 * `npm run bench` (not part of CI): measures the built site (`npm run build` first) against
 * DESIGN section 8 on loopback and prints a markdown table for docs/benchmarks.md. It runs the
 * odds throughput in both layouts of DESIGN section 1, and Lighthouse on the embedded one.
 * `BENCH_SECONDS` sets each load run's length (default 10).
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ODDS = "country=1&competition=1&market=1";
const rows: [string, string, string][] = [];
const describe = (r: LoadResult) => `${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${r.errors} errors`;
const verdict = (ok: boolean) => (ok ? "met" : "**missed**");

async function throughput(layout: Layout, ports: { web: number; api: number }, extra: (stack: Awaited<ReturnType<typeof startStack>>, cookie: string) => Promise<void>) {
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
    await extra(stack, user.cookie);
  } finally {
    await stack.stop();
  }
}

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
      `LCP ${(p.lcpMs / 1000).toFixed(2)} s, CLS ${p.cls.toFixed(3)}, TBT ${p.tbtMs.toFixed(0)} ms, ${Math.round(p.bytes).toLocaleString("en")} B transferred, score ${p.score}`,
      p.path === "/dashboard" ? "(no budget)" : `LCP <= 1.5 s, CLS <= 0.05, TBT <= 200 ms, ${verdict(ok)}`,
    ]);
  }
});
await throughput("scaled-out", { web: 3918, api: 4918 }, async () => undefined);

console.log("| what | measured | budget |\n|---|---|---|");
for (const row of rows) console.log(`| ${row.join(" | ")} |`);
