import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { gotoHydrated, site, uniqueUser, verifiedUser } from "./helpers.ts";
import { FIGURES, layoutProblems } from "./layout.ts";

/**
 * Every figure readable on the phones we serve (docs/design.md, Small screens): at 240 x 320 (KaiOS,
 * Opera Mini's smallest) and 360 x 740, with JavaScript and without, no page scrolls sideways, no
 * element shows past the screen's edge outside a box that scrolls by design, no two figures touch and
 * none is clipped (tests/e2e/layout.ts says each rule). Each page is reached from what another lists:
 * the match from the dashboard, the booking code from the code the betslip mints.
 */

const SCREENS = [
  { width: 240, height: 320 },
  { width: 360, height: 740 },
] as const;

/**
 * The app running; a browser without JavaScript (Opera Mini's extreme mode, a feature phone); and the
 * lite pages a `Save-Data: on` browser gets, whole with no script (docs/design.md, Pages without JavaScript).
 */
const MODES = [
  { how: "with JavaScript", javaScript: true, headers: {} },
  { how: "without JavaScript", javaScript: false, headers: {} },
  { how: "as lite pages (Save-Data)", javaScript: true, headers: { "save-data": "on" } },
] as const;

/** Pages whose figures must be there to be measured: an empty page would pass for the wrong reason. */
const WITH_FIGURES = new Set(["/dashboard", "/dashboard?view=list", "/nigeria", "/betslip", "match"]);

interface Visit {
  path: string;
  /** What it is, where the path does not say (a match, a booking code). */
  kind?: "match" | "code";
  /** Seen signed out: /nigeria's odds preview is the visitors' (a member sees the way to the dashboard). */
  signedOut?: boolean;
}

/**
 * A signed-in user with one selection on the slip and a booking code minted for it, by form as a phone
 * without JavaScript does (docs/design.md, Pages without JavaScript): the first match the dashboard
 * links to, and the page of the code read back. Answers the pages to visit.
 */
async function preparePages(browser: Browser, context: BrowserContext): Promise<Visit[]> {
  const page = await (await browser.newContext({ baseURL: site().baseURL, javaScriptEnabled: false, storageState: await context.storageState() })).newPage();
  await page.goto("/dashboard");
  const match = await page.locator("main a[href^='/match/']").first().getAttribute("href");
  expect(match).toMatch(/^\/match\/[^/]+$/);
  await page.getByRole("button", { name: /^Add .* to betslip$/ }).first().click();
  await expect(page.getByRole("status").filter({ hasText: "Added to your betslip." })).toBeVisible();

  await page.goto("/competitions");
  const competition = await page.locator("main a[href^='/competitions/']").first().getAttribute("href");
  expect(competition).toMatch(/^\/competitions\/\d+$/);

  await page.goto("/betslip");
  const books = page.getByRole("button", { name: /^Get booking code at / });
  let said = "";
  for (let i = 0, count = await books.count(); i < count && !/booking code: /.test(said); i += 1) {
    await books.nth(i).click();
    said = (await page.locator(".notification").first().textContent()) ?? "";
  }
  const [, book, code] = /^Your (\w+) booking code: (\w+)/.exec(said) ?? [];
  expect(code, `a booking code minted from the betslip: ${said}`).toBeDefined();
  await page.getByLabel("Bookmaker", { exact: true }).selectOption({ label: book! });
  await page.getByRole("textbox", { name: "Booking code" }).fill(code!);
  await page.getByRole("button", { name: "Read code" }).click();
  await expect(page).toHaveURL(/\/code\/\w+\/\w+/);
  const read = new URL(page.url());
  const codePage = `${read.pathname}${read.search}`;
  await page.context().close();
  return [
    { path: "/dashboard" },
    { path: "/dashboard?view=list" },
    { path: match!, kind: "match" },
    { path: "/nigeria", signedOut: true },
    { path: "/betslip" },
    { path: "/sure-bets" },
    { path: "/value-bets" },
    { path: "/dropping" },
    // The whole board's pages (docs/design.md, Board pages): the day's matches, the picker and a competition's page.
    { path: "/matches" },
    { path: "/competitions" },
    { path: competition! },
    { path: codePage, kind: "code" },
    { path: "/profile" },
    { path: "/help" },
  ];
}

async function open(page: Page, path: string, appRuns: boolean) {
  if (appRuns) {
    await gotoHydrated(page, path);
    await page.waitForLoadState("networkidle");
  } else {
    await page.goto(path);
  }
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
}

/** The fixed bars (the sticky top bar and the phone's bottom bar) take at most a quarter of the screen. */
async function barsHeight(page: Page): Promise<number> {
  return page.evaluate(() =>
    [".top-bar", ".bottom-bar"].reduce((sum, selector) => sum + (document.querySelector(selector)?.getBoundingClientRect().height ?? 0), 0),
  );
}

/** The right edges of the first 1X2 table's Home, Draw and Away prices, against the screen's width. */
async function oneXTwoEdges(page: Page): Promise<{ right: number; width: number }> {
  const table = page.locator("table.odds-table", { has: page.locator("caption", { hasText: "1X2" }) }).first();
  await expect(table).toBeVisible();
  return table.evaluate((el) => {
    const cells = [...el.querySelectorAll("tbody tr:first-child td")].slice(0, 3);
    return { right: Math.max(...cells.map((td) => td.getBoundingClientRect().right)), width: window.innerWidth };
  });
}

/**
 * Each bookmaker's margin as the first 1X2 table shows it, beside what its 'Ov' cell holds: in that
 * cell, or under the name (the row heading's generated tag) where the column is clipped to nothing.
 */
async function marginsShown(page: Page): Promise<{ shown: string[]; ov: string[] }> {
  const table = page.locator("table.odds-table", { has: page.locator("caption", { hasText: "1X2" }) }).first();
  return table.evaluate((el) => {
    const rows = [...el.querySelectorAll("tbody tr")];
    // An incomplete set's '-' has no tag under the name.
    const ov = rows.map((tr) => tr.querySelector("td:last-child")?.textContent?.trim().replace(/^-$/, "") ?? "");
    const shown = rows.map((tr) => {
      const cell = tr.querySelector("td:last-child")!;
      if (cell.getBoundingClientRect().width > 1) return cell.textContent?.trim().replace(/^-$/, "") ?? "";
      const after = getComputedStyle(tr.querySelector("th")!, "::after");
      return after.display === "none" ? "" : (/^"([^"]*)"/.exec(after.content)?.[1] ?? "");
    });
    return { shown, ov };
  });
}

for (const { how, javaScript, headers } of MODES) {
  for (const screen of SCREENS) {
    test(`at ${screen.width} x ${screen.height} ${how}, no page scrolls sideways and every figure stands clear and whole`, async ({ browser, request }) => {
      await verifiedUser(request, uniqueUser(`lay${screen.width}`));
      const options = { baseURL: site().baseURL, javaScriptEnabled: javaScript, viewport: screen, extraHTTPHeaders: headers };
      const context = await browser.newContext({ ...options, storageState: await request.storageState() });
      const visits = await preparePages(browser, context);
      const visitor = await browser.newContext(options);
      const [member, guest] = [await context.newPage(), await visitor.newPage()];
      const found: string[] = [];
      for (const { path, kind, signedOut } of visits) {
        const page = signedOut ? guest : member;
        const lite = "save-data" in headers;
        await open(page, path, javaScript && !lite);
        const what = `${kind ?? path} at ${screen.width} px ${how}`;
        if (lite) expect(await page.locator("script").count(), `${what} is a lite page`).toBe(0);
        if (WITH_FIGURES.has(kind ?? path)) expect(await page.locator(FIGURES).count(), `${what} shows figures`).toBeGreaterThan(0);
        found.push(...(await layoutProblems(page)).map((problem) => `${what}: ${problem}`));
        if (path === "/dashboard") {
          const bars = await barsHeight(page);
          expect.soft(bars, `${what}: the top and bottom bars take at most a quarter of the screen`).toBeLessThanOrEqual(screen.height / 4);
          const { right, width } = await oneXTwoEdges(page);
          expect.soft(right, `${what}: Home, Draw and Away on screen`).toBeLessThanOrEqual(width);
          const margins = await marginsShown(page);
          expect.soft(margins.ov.filter((m) => m.endsWith("%")).length, `${what}: the 1X2 table has margins`).toBeGreaterThan(0);
          expect.soft(margins.shown, `${what}: every bookmaker's margin is shown`).toEqual(margins.ov);
        }
      }
      await Promise.all([context.close(), visitor.close()]);
      expect(found).toEqual([]);
    });
  }
}

/**
 * The widest price a 1X2 cell shows, whatever the day's prices: a bold three-decimal Best over 10
 * ('10.873', 1xBet's long odds), written into every price cell of the first 1X2 table. The rules
 * above judge the prices the simulator happens to quote; this one the worst a book can.
 */
async function widestPriceProblems(page: Page): Promise<string[]> {
  const table = page.locator("table.odds-table", { has: page.locator("caption", { hasText: "1X2" }) }).first();
  await expect(table).toBeVisible();
  return table.evaluate((el) =>
    [...el.querySelectorAll<HTMLTableCellElement>("tbody td")]
      .filter((td) => td !== td.parentElement!.lastElementChild)
      .flatMap((td) => {
        const best = document.createElement("strong");
        best.textContent = "10.873";
        td.replaceChildren(best);
        return td.scrollWidth > td.clientWidth + 0.5 ? [`'10.873' is clipped: ${td.scrollWidth} px in ${td.clientWidth} px`] : [];
      }),
  );
}

for (const { how, javaScript } of MODES.filter((mode) => !("save-data" in mode.headers))) {
  test(`at 240 px ${how}, the widest price a 1X2 cell can hold fits it, on the dashboard and the public preview`, async ({ browser, request }) => {
    await verifiedUser(request, uniqueUser("wide"));
    const options = { baseURL: site().baseURL, javaScriptEnabled: javaScript, viewport: { width: 240, height: 320 } };
    const member = await browser.newContext({ ...options, storageState: await request.storageState() });
    const guest = await browser.newContext(options);
    try {
      const dashboard = await member.newPage();
      await open(dashboard, "/dashboard", javaScript);
      const preview = await guest.newPage();
      await open(preview, "/nigeria", javaScript);
      expect({ dashboard: await widestPriceProblems(dashboard), nigeria: await widestPriceProblems(preview) }).toEqual({ dashboard: [], nigeria: [] });
    } finally {
      await Promise.all([member.close(), guest.close()]);
    }
  });
}
