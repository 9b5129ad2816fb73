import { expect, test, type Locator, type Page } from "@playwright/test";
import type { MarketHistory } from "../../shared/contract.ts";
import { formatOdds } from "../../shared/format.ts";
import { bookmakerName, marketLabel, MARKETS, selectionLabel } from "../../shared/reference.ts";
import { ALL_FIVE_MS, fetchOddsInPage, signedIn, uniqueUser } from "./helpers.ts";
import { startMovingSite, type MovingSite, type RunningSite } from "./server-process.ts";

/** Finding a match fast and reading its page (docs/design.md, Match page). A site of its own whose prices move every 5 s. */
let moving: MovingSite;
let site: RunningSite;

test.beforeAll(async () => {
  moving = await startMovingSite("match");
  site = moving.site;
});

test.afterAll(async () => {
  await moving?.stop();
});

const price = (text: string | null) => Number(/\d+\.\d{2,3}/.exec(text ?? "")?.[0] ?? Number.NaN);

/** Each column's prices as the bookmaker rows show them, and the Highest and Average rows under them. */
async function readMarket(table: Locator) {
  return table.evaluate((node) => {
    const num = (text: string | null | undefined) => Number(/\d+\.\d{2,3}/.exec(text ?? "")?.[0] ?? Number.NaN);
    // Every row shown counts, a stale one too (marked, still listed): Highest and Average are worked out over the rows shown.
    const rows = [...node.querySelectorAll("tbody tr")];
    const columns = node.querySelectorAll("thead th").length - 1;
    const column = (i: number) => rows.map((row) => num(row.querySelectorAll("td")[i]?.querySelector(".match-price")?.textContent)).filter((n) => !Number.isNaN(n));
    const summary = [...node.querySelectorAll("tfoot tr")];
    const cells = (label: string) => [...(summary.find((row) => row.querySelector("th")?.textContent === label)?.querySelectorAll("td") ?? [])].map((cell) => num(cell.querySelector(".match-price")?.textContent ?? cell.textContent));
    return {
      columns: Array.from({ length: columns }, (_, i) => column(i)),
      highest: cells("Highest"),
      average: cells("Average"),
      links: [...node.querySelectorAll("tbody th a")].map((a) => ({ href: a.getAttribute("href") ?? "", rel: a.getAttribute("rel") ?? "", target: a.getAttribute("target") })),
      bookmakers: node.querySelectorAll("tbody tr").length,
    };
  });
}

/**
 * Searches the home team of a Premier League match all five bookmakers price, at least ten minutes
 * from kick-off, and opens it; answers its home team. Taken from what the site lists, not a fixed
 * team: the simulator's fixtures move with the clock, and a club may have none listed this week.
 */
async function openListedMatchFromSearch(page: Page): Promise<string> {
  const [odds] = await fetchOddsInPage(page, [[1, 1]]);
  const event = odds!.events.find((e) => Date.parse(e.date) > Date.now() + 10 * 60_000 && e.markets[0]?.odds.length === 5);
  expect(event, "a Premier League match all five bookmakers price, ten minutes or more from kick-off").toBeDefined();
  const search = page.getByLabel("Search a team");
  await search.fill(event!.home);
  const option = page.getByRole("listbox", { name: "Matches" }).getByRole("option").filter({ hasText: event!.home }).filter({ hasText: event!.away }).first();
  await expect(option).toBeVisible();
  await option.click();
  await expect(page).toHaveURL(/\/match\//);
  return event!.home;
}

test("search a listed team, open its match, read every market with Highest and Average rows and a link per bookmaker", async ({ page }) => {
  test.setTimeout(120_000);
  await signedIn(page, uniqueUser("match"), { baseURL: site.baseURL, dataDir: moving.dataDir });
  await page.goto(`${site.baseURL}/dashboard`);
  const home = await openListedMatchFromSearch(page);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(home);

  const tables = page.locator("table.match-table");
  // The eight, then the markets beyond them the simulated books quote (Over/Under 5.5, team totals).
  await expect.poll(() => tables.count()).toBeGreaterThan(MARKETS.length);
  const count = await tables.count();
  const captions = (await tables.locator("caption").allTextContents()).map((c) => c.trim());
  expect(captions.slice(0, MARKETS.length)).toEqual(MARKETS.map((m) => marketLabel(m.id)));
  // Beyond the eight each is named by the catalogue, never 'Market 10'.
  expect(captions.slice(MARKETS.length).filter((c) => /^Market \d+$/.test(c))).toEqual([]);
  // Every bookmaker prices 1X2 here, but one may be collected after the page opened, or be back from
  // a run that overran on a loaded host: wait for the rows the page shows to reach five (it updates
  // live) before reading them once.
  await expect.poll(async () => (await readMarket(tables.nth(0))).bookmakers, { message: "1X2: bookmaker rows", timeout: ALL_FIVE_MS }).toBe(5);
  for (let i = 0; i < count; i += 1) {
    const market = await readMarket(tables.nth(i));
    // Every bookmaker prices 1X2 here; a bookmaker may not offer a line (a closed Over 0.5, say); beyond the eight one book may quote a market alone.
    if (i === 0) expect(market.bookmakers, "1X2: bookmaker rows").toBe(5);
    else expect(market.bookmakers, `market ${i + 1}: bookmaker rows`).toBeGreaterThanOrEqual(i < MARKETS.length ? 2 : 1);
    market.columns.forEach((values, c) => {
      expect(values.length, `market ${i + 1}, column ${c}`).toBeGreaterThan(0);
      expect(market.highest[c], `market ${i + 1}, column ${c}: Highest`).toBe(Math.max(...values));
      const mean = values.reduce((a, b) => a + b, 0) / values.length;
      // The Average is the mean of the prices themselves, each shown to 2 decimals here.
      expect(Math.abs(market.average[c]! - mean), `market ${i + 1}, column ${c}: Average ${market.average[c]} vs ${mean}`).toBeLessThanOrEqual(0.011);
    });
    expect(market.links).toHaveLength(market.bookmakers);
    for (const link of market.links) {
      expect(link.href).toMatch(/^https:\/\//);
      expect(link.rel.split(" ").sort()).toEqual(["nofollow", "noopener", "noreferrer"]);
      expect(link.target).toBe("_blank");
      expect(link.href).not.toMatch(/[?&](aff|ref|btag|utm_)/i);
    }
  }
  await expect(page.getByText(/Payout at best prices: \d+\.\d%/).first()).toBeVisible();
});

test("the history chart of a moved price shows its changes, and the opening price is the first history point", async ({ page }) => {
  test.setTimeout(180_000);
  await signedIn(page, uniqueUser("chart"), { baseURL: site.baseURL, dataDir: moving.dataDir });
  await page.goto(`${site.baseURL}/dashboard`);
  await openListedMatchFromSearch(page);
  const id = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
  const table = page.locator("table.match-table").first();

  /** The 'first seen' the 1X2 table prints for a series' bookmaker and selection, or null when that price is not on the page now. */
  async function openingShown(series: MarketHistory["series"][number]): Promise<string | null> {
    const headers = await table.locator("thead th").allTextContents();
    const column = headers.indexOf(selectionLabel(series.selectionTypeId)) - 1;
    if (column < 0) return null;
    const row = table.locator("tbody tr", { has: page.locator("th", { hasText: bookmakerName(series.provider) }) });
    const opening = row.locator("td").nth(column).locator(".match-opening");
    return (await opening.count()) === 1 ? opening.textContent() : null;
  }

  // Prices move every 5 s on this site: wait until one of this match's 1X2 prices has moved and the
  // reloaded page shows it. On a loaded machine a book's collection can fall three intervals behind,
  // and its prices then leave the page as stale: another moved price is read instead.
  let moved: MarketHistory["series"][number] | undefined;
  let opening: string | null = null;
  await expect
    .poll(async () => {
      const history = await page.evaluate(async (eventId) => ((await (await fetch(`/api/odds/events/${encodeURIComponent(eventId)}/history?market=1`, { cache: "no-store" })).json()) as { data: MarketHistory }).data, id);
      const candidates = history.series.filter((s) => s.points.length >= 2);
      if (candidates.length === 0) return false;
      await page.reload();
      await expect(table).toBeVisible();
      for (const series of candidates) {
        opening = await openingShown(series);
        if (opening !== null) moved = series;
        if (moved) return true;
      }
      return false;
    }, { timeout: 120_000, intervals: [2_000] })
    .toBe(true);

  const chart = page.getByRole("img", { name: /price/i }).first();
  await expect(chart).toBeVisible();
  // The chart draws a mark per recorded change: at least the two of the moved price.
  expect(await chart.locator("circle").count()).toBeGreaterThanOrEqual(2);
  // Its opening price, as the 1X2 table prints it, is the first point of its history.
  // As shown: the book's own figure, 3 decimals where 1xBet quotes 3.
  expect(price(opening)).toBe(Number(formatOdds(moved!.points[0]![1])));
});
