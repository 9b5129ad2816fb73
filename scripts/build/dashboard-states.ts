import { partialDataSource } from "#client/loaders/source.ts";
import { DEFAULT_TIME_ZONE } from "#client/server-context.ts";
import type { Betslip, OddsResponse, OddsSummary, SessionUser } from "#shared/contract.ts";
import { COMPETITION_IDS, MARKET_IDS } from "#shared/reference.ts";
import type { DataSource } from "#client/server-context.ts";
import { renderToString, type RenderAssets } from "#server/render/render.tsx";
import { previewSample } from "./preview-sample.ts";

/** The path whose first HTML inlines only its own rules (docs/design.md, Latency: dashboard LCP at most 1.0 s). */
export const DASHBOARD_PATH = "/dashboard";

const failed = () => Promise.reject(new Error("a state of the build's dashboard render"));
const USER: SessionUser = { id: "sample", username: "sample", country: "1", registrationDate: new Date(0).toISOString() };
/** The signed-in user's slip, read for the top bar's badge and its count (client/session/root-data.ts). */
const SLIP: Betslip = { stake: 1000, legs: [], bookmakers: [], biddable: 0, updatedAt: null };
const SUMMARY: OddsSummary = { numEvents: 2, numBookmakers: 5, marketIds: [...MARKET_IDS], competitionIds: [...COMPETITION_IDS], numOdds: 30 };

/**
 * The dashboard as the server renders it in each state a first HTML can hold, with made-up odds
 * (every bookmaker, flag and margin colour): cards, the list view, no matches, and the odds or the
 * summary failing. Rendered at build time only for the rules the dashboard's first HTML inlines;
 * the rest of the stylesheet arrives after its first paint, before the app starts (client/boot/boot.ts).
 */
export async function renderDashboardStates(assets: RenderAssets, now: number): Promise<string[]> {
  const sample = previewSample(now);
  const empty: OddsResponse = { ...sample, events: [] };
  const states: [string, Partial<DataSource>][] = [
    [DASHBOARD_PATH, { summary: async () => SUMMARY, odds: async () => sample, betslip: async () => SLIP }],
    [`${DASHBOARD_PATH}?view=list`, { summary: async () => SUMMARY, odds: async () => sample }],
    [DASHBOARD_PATH, { summary: async () => SUMMARY, odds: async () => empty }],
    [DASHBOARD_PATH, { summary: async () => SUMMARY }],
    [DASHBOARD_PATH, {}],
  ];
  const pages: string[] = [];
  for (const [path, given] of states) {
    const result = await renderToString({
      url: `http://localhost${path}`,
      context: { server: true, user: USER, timeZone: DEFAULT_TIME_ZONE, now, data: partialDataSource(given, failed) },
      assets,
      waitForAll: true,
    });
    if ("redirect" in result) throw new Error(`the build's render of ${path} redirected to ${result.redirect}`);
    pages.push(result.html);
  }
  return pages;
}
