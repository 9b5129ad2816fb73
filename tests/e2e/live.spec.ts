import { expect, test, type Page } from "@playwright/test";
import type { OddsResponse } from "../../shared/contract.ts";
import { formatOdds } from "../../shared/format.ts";
import { bookmakerName, FLAGS, marketSelections } from "../../shared/reference.ts";
import { signedIn, uniqueUser } from "./helpers.ts";
import { MOVING_FEED_INTERVAL_S, startMovingSite, type MovingSite, type RunningSite } from "./server-process.ts";

/** What one price cell shows: its text and its flags, as a user (or a screen reader) reads them. */
interface ShownCell {
  text: string;
  flags: number;
}

/** Every row on the page, keyed "event|bookmaker": the cells in column order. */
type Shown = Record<string, ShownCell[]>;

const VIEW = "country=1&competition=1&market=1";

/** The dashboard's odds as the DOM shows them. */
function readDom(page: Page): Promise<Shown> {
  return page.evaluate((flags) => {
    const shown: Record<string, { text: string; flags: number }[]> = {};
    for (const table of document.querySelectorAll("table.odds-table")) {
      const event = (table.querySelector("caption .visually-hidden")?.textContent ?? "").replace(/, $/, "");
      for (const row of table.querySelectorAll("tbody tr")) {
        const bookmaker = row.querySelector("th")?.firstChild?.textContent?.trim() ?? "";
        const cells = [...row.querySelectorAll("td")].slice(0, -1);
        shown[`${event}|${bookmaker}`] = cells.map((cell) => {
          const has = (label: string) => cell.querySelector(`[aria-label="${label}"]`) !== null;
          const value =
            (cell.classList.contains("odds-best") ? flags.Best : 0) |
            (has("odds increased") ? flags.Increased : 0) |
            (has("odds decreased") ? flags.Decreased : 0) |
            (has("boosted odds") ? flags.Boosted : 0);
          return { text: /^(\d+\.\d{2,3}|-)/.exec(cell.textContent ?? "")?.[0] ?? "", flags: value };
        });
      }
    }
    return shown;
  }, FLAGS);
}

/** The same rows built from /api/odds as the page's own session reads it. */
async function readApi(page: Page): Promise<{ shown: Shown; intervalS: number | undefined }> {
  const body = await page.evaluate(async (query) => (await (await fetch(`/api/odds?${query}`, { cache: "no-store" })).json()) as { data: OddsResponse }, VIEW);
  const shown: Shown = {};
  for (const event of body.data.events) {
    for (const market of event.markets.filter((m) => m.marketId === 1)) {
      for (const row of market.odds) {
        shown[`${event.name}|${bookmakerName(row.provider)}`] = marketSelections(1).map((id) => {
          const odd = row.odds.find((o) => o.selectionTypeId === id);
          return odd ? { text: formatOdds(odd.value), flags: odd.flags } : { text: "-", flags: 0 };
        });
      }
    }
  }
  return { shown, intervalS: body.data.intervalS };
}

/** The first row whose cells differ between two readings of the DOM. */
function changedRow(before: Shown, after: Shown): string | undefined {
  return Object.keys(after).find((key) => before[key] && JSON.stringify(before[key]) !== JSON.stringify(after[key]));
}

let moving: MovingSite;
let site: RunningSite;

// Its own site: prices that move every 5 s would make the suite's other pages nondeterministic.
test.beforeAll(async () => {
  moving = await startMovingSite("live");
  site = moving.site;
});

test.afterAll(async () => {
  await moving?.stop();
});

test("a dashboard cell takes the API's new price and flags without a reload", async ({ page }) => {
  test.setTimeout(120_000);
  await signedIn(page, uniqueUser("live"), { baseURL: site.baseURL, dataDir: moving.dataDir });
  const stream = page.waitForResponse((res) => new URL(res.url()).pathname === "/api/odds/stream");
  const polls: string[] = [];
  page.on("request", (req) => {
    if (new URL(req.url()).pathname === "/api/odds") polls.push(req.url());
  });
  await page.goto(`${site.baseURL}/dashboard?league=1&market=1`);
  await expect(page.locator("table.odds-table").first()).toBeVisible();
  const streamAnswer = await stream;
  expect(streamAnswer.status()).toBe(200);
  expect(streamAnswer.headers()["content-type"]).toMatch(/^text\/event-stream/);
  // Compressed on the wire (docs/design.md, Page weight: an open dashboard's bytes), yet every frame
  // arrives at once.
  expect(streamAnswer.headers()["content-encoding"]).toMatch(/^(br|gzip)$/);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  const before = await readDom(page);
  const firstPolls = polls.length;

  let changed: string | undefined;
  await expect.poll(async () => (changed = changedRow(before, await readDom(page))), { timeout: 60_000, intervals: [250] }).toBeDefined();

  // Pushed, not fetched: the same document, and no odds request since the page loaded.
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(polls.slice(firstPolls)).toEqual([]);
  // The API may move again meanwhile: the page must agree with it once it has caught up.
  await expect(async () => {
    const api = await readApi(page);
    expect(api.intervalS).toBe(MOVING_FEED_INTERVAL_S);
    expect((await readDom(page))[changed!]).toEqual(api.shown[changed!]);
  }).toPass({ timeout: 15_000, intervals: [200] });
});
