/** Test-only helpers: a simulator on a settable clock and its app driven over HTTP by supertest. */
import type { IncomingMessage } from "node:http";
import type { Response as AgentResponse } from "superagent";
import request from "supertest";
import { BOOKMAKER_KEYS, type BookmakerKey } from "#api/feeds/types.ts";
import { FeedSimulator } from "#api/feeds/simulator/feed-simulator.ts";
import { createSimulatorApp } from "#api/feeds/simulator/simulator-app.ts";

/** Tuesday 24 November 2026, 10:00 UTC: the coming weekend's matchday is fully ahead. */
export const TUESDAY = Date.UTC(2026, 10, 24, 10, 0);
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

export const LEAGUE_PATHS: Record<BookmakerKey, string[]> = {
  sportybet: [
    "/sportybet/api/ng/factsCenter/pcUpcomingEvents?sportId=sr:sport:1&marketId=1,18,10,29&pageSize=100&pageNum=1&option=2&timeline=168&_t=1",
  ],
  bet9ja: [170880, 180928, 167856, 180923].map(
    (id) =>
      `/bet9ja/desktop/feapi/PalimpsestAjax/GetEventsInGroupV2?GROUPID=${id}&DISP=0&GROUPMARKETID=1&matches=true`,
  ),
  betking: [20000841, 20001108, 20003775, 20001007].map((id) => `/betking/api/feeds/prematch/en/4/${id}/0/0`),
  nairabet: [2936, 2941, 2942, 2950].map(
    (id) =>
      `/nairabet/api/widget/GetEvents?culture=en-GB&timezoneOffset=-60&integration=nairabet&deviceType=1&numFormat=en-GB&countryCode=NG&champIds=${id}`,
  ),
  "1xbet": [88637, 127733, 110163, 96463].map(
    (id) =>
      `/1xbet/service-api/LineFeed/Get1x2_VZip?sports=1&champs=${id}&count=50&lng=en&mode=4&country=159&partner=159&getEmpty=true`,
  ),
};

export const SIM_BOOKS = BOOKMAKER_KEYS;

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
}

/** Keeps the body as text, so a malformed payload reaches the test instead of failing supertest's JSON parser. */
function rawText(agentResponse: AgentResponse, done: (error: Error | null, body: string) => void): void {
  // In Node, superagent hands parsers the raw response stream.
  const res = agentResponse as unknown as IncomingMessage;
  let text = "";
  res.setEncoding("utf8");
  res.on("data", (chunk: string) => (text += chunk));
  res.on("end", () => done(null, text));
}

export function harness(seed = 42, start = TUESDAY, sleep?: (ms: number) => Promise<void>, maxPageSize?: number) {
  let now = start;
  const sim = new FeedSimulator({ seed, now: () => now, ...(sleep ? { sleep } : {}), ...(maxPageSize ? { maxPageSize } : {}) });
  const app = createSimulatorApp(sim);
  const get = async (path: string): Promise<RawResponse> => {
    const response = await request(app).get(path).buffer(true).parse(rawText);
    return {
      status: response.status,
      headers: response.headers as Record<string, string>,
      text: response.body as string,
    };
  };
  return {
    sim,
    app,
    setNow: (ms: number) => {
      now = ms;
    },
    get,
    /** Parsed JSON of a path that must answer 200, typed as the test expects the site's payload to be. */
    json: async <T>(path: string): Promise<T> => {
      const response = await get(path);
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
      return JSON.parse(response.text) as T;
    },
  };
}

export type Harness = ReturnType<typeof harness>;
