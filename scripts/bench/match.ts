import { setTimeout as sleep } from "node:timers/promises";
import type { MarketHistory, MatchDetail, OddsResponse, SearchResult } from "#shared/contract.ts";
import { COMPETITIONS } from "#shared/reference.ts";
import { describeFigures, lighthouseRun } from "./lighthouse.ts";
import { getText, load } from "./load.ts";
import { slowPreview } from "./slow-preview.ts";
import { benchUser, startStack } from "./stack.ts";

/** How long prices move fast (every second) before the match figures, so histories have grown. */
const MOVING_S = Number(process.env.BENCH_MATCH_MOVING_S ?? 60);
const verdict = (ok: boolean) => (ok ? "met" : "**missed**");

/**
 * The match page's figures (`BENCH_ONLY=match`; docs/design.md, Page weight; docs/design.md, Latency):
 * the match page's data and one market's history, gzip as served through the web tier, after prices
 * have moved every second for a minute; the largest of every listed event; search and match-page
 * answers under load; Lighthouse on /match/:id and /dashboard signed in; the Nigeria preview on a
 * slow link.
 */
export async function matchRows(ports: { web: number; api: number }): Promise<[string, string, string][]> {
  const stack = await startStack("embedded", ports, { SIM_STEP_S: "1", FEED_INTERVAL_S: "1" });
  const rows: [string, string, string][] = [];
  try {
    const user = await benchUser(stack);
    const headers = { cookie: user.cookie, "accept-encoding": "gzip" };
    await sleep(MOVING_S * 1000);
    const ids: string[] = [];
    for (const c of COMPETITIONS) {
      const odds = await getText(`${stack.web}/api/odds?country=1&competition=${c.id}&market=1`, { cookie: user.cookie });
      ids.push(...(JSON.parse(odds.body.toString()) as { data: OddsResponse }).data.events.map((e) => e.id));
    }
    let detail = { bytes: 0, markets: 0, id: "" };
    let history = { bytes: 0, points: 0 };
    for (const id of ids) {
      const path = `/api/odds/events/${encodeURIComponent(id)}`;
      const answer = await getText(`${stack.web}${path}`, headers);
      const plain = JSON.parse((await getText(`${stack.web}${path}`, { cookie: user.cookie })).body.toString()) as { data: MatchDetail };
      if (answer.body.length > detail.bytes) detail = { bytes: answer.body.length, markets: plain.data.event.markets.length, id };
      const h = await getText(`${stack.web}${path}/history?market=1`, headers);
      const series = (JSON.parse((await getText(`${stack.web}${path}/history?market=1`, { cookie: user.cookie })).body.toString()) as { data: MarketHistory }).data.series;
      if (h.body.length > history.bytes) history = { bytes: h.body.length, points: Math.max(...series.map((s) => s.points.length)) };
    }
    rows.push([`match page data, largest of ${ids.length} events (${detail.markets} markets x 5 bookmakers), gzip`, `${detail.bytes.toLocaleString("en")} B`, `<= 6,144 B, ${verdict(detail.bytes <= 6144)}`]);
    rows.push([`history of one market (1X2), largest, after ${MOVING_S} s of prices moving every second (up to ${history.points} points a series), gzip`, `${history.bytes.toLocaleString("en")} B`, `<= 8,192 B, ${verdict(history.bytes <= 8192)}`]);
    const found = JSON.parse((await getText(`${stack.web}/api/odds/search?country=1&q=spurs`, { cookie: user.cookie })).body.toString()) as { data: SearchResult };
    rows.push(["search 'spurs'", `${found.data.events.length} match(es): ${found.data.events.map((e) => e.name).join("; ")}`, ""]);
    const searching = await load(stack.web, "/api/odds/search?country=1&q=man", headers, 50, 10);
    rows.push(["search through the web tier, 50 connections", `${searching.rps.toFixed(0)} req/s, p50 ${searching.p50.toFixed(1)} ms, p99 ${searching.p99.toFixed(1)} ms, ${searching.errors} errors`, ""]);
    const page = await load(stack.web, `/match/${encodeURIComponent(detail.id)}`, headers, 10, 10);
    rows.push(["SSR renders of /match/:id, 10 connections", `${page.rps.toFixed(0)} renders/s, p50 ${page.p50.toFixed(0)} ms, p99 ${page.p99.toFixed(0)} ms, ${page.errors} errors`, ""]);
    const slow = await slowPreview(`${stack.web}/nigeria`);
    rows.push([
      "Nigeria page: preview odds visible on a slow link (400 kbit/s, 300 ms RTT, 4x CPU, 360 px, cold cache)",
      `${(slow.visibleMs / 1000).toFixed(2)} s (first contentful paint ${(slow.firstContentfulPaintMs / 1000).toFixed(2)} s), ${slow.errors.length} page errors`,
      `<= 1.5 s, ${verdict(slow.visibleMs <= 1500 && slow.errors.length === 0)}`,
    ]);
    const figures = await lighthouseRun(stack.web, [{ path: `/match/${encodeURIComponent(detail.id)}`, cookie: user.cookie }, { path: "/dashboard", cookie: user.cookie }]);
    for (const p of figures) {
      const ok = p.lcpMs <= 1000 && p.cls <= 0.05 && p.tbtMs <= 200;
      rows.push([
        `Lighthouse mobile, slow 4G, signed in: ${p.path.startsWith("/match/") ? "/match/:id" : p.path}`,
        describeFigures(p),
        `LCP <= 1.0 s, CLS <= 0.05, TBT <= 200 ms, ${verdict(ok)}`,
      ]);
    }
  } finally {
    await stack.stop();
  }
  return rows;
}
