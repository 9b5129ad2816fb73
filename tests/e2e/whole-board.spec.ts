import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import type { Betslip } from "#shared/contract.ts";
import { bookmakerName } from "#shared/reference.ts";
import { gotoHydrated, signedIn, uniqueUser, untilHydrated, verifiedUser, type OtherSite } from "./helpers.ts";
import { layoutProblems } from "./layout.ts";
import { BOARD_READY_MS, startBoardSite, type MovingSite } from "./server-process.ts";

/**
 * Journeys over the whole board (docs/design.md, Board pages; Simulated world): a site of this spec's
 * own under SIM_WORLD=board, started once, ready when the picker's list names the UEFA Champions
 * League. On a phone: a Champions League match reached through the picker and again through the team
 * search, slipped with a Premier League match and priced at every book on the betslip; the day's
 * matches across competitions; the picker at 240 px without JavaScript. Every match, team and word is
 * taken from what the pages list, never from the clock.
 */
let board: MovingSite;
let other: OtherSite;

test.describe.configure({ mode: "serial" });
test.use({ viewport: { width: 360, height: 740 } });

test.beforeAll(async () => {
  test.setTimeout(BOARD_READY_MS + 60_000);
  board = await startBoardSite("board");
  other = { baseURL: board.site.baseURL, dataDir: board.dataDir };
});

test.afterAll(async () => {
  await board?.stop();
});

/**
 * The page does not scroll sideways at its viewport's width, and nothing else tests/e2e/layout.ts
 * measures is wrong: no element past the screen's edge, no figure touching another or clipped.
 */
async function noSidewaysScroll(page: Page, what: string): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.scrollingElement!.scrollWidth, width: window.innerWidth }));
  expect(scroll, `${what} scrolls sideways`).toBeLessThanOrEqual(width);
  expect(await layoutProblems(page), what).toEqual([]);
}

/**
 * The last match a board list shows (by kick-off: the one furthest from starting during the test),
 * its link, its page's path and its teams.
 */
async function lastListedMatch(page: Page): Promise<{ link: Locator; path: string; home: string; away: string }> {
  const link = page.locator("main .board-list > li a[href^='/match/']").last();
  await expect(link).toBeVisible();
  const [home, away] = ((await link.textContent()) ?? "").split(" v ");
  expect(home && away, "a match listed as 'Home v Away'").toBeTruthy();
  return { link, path: (await link.getAttribute("href"))!, home: home!, away: away! };
}

/** From the picker's favourites, the competition named `name`, then the last match its page lists, opened; answers the match. */
async function matchFromPicker(page: Page, name: RegExp): Promise<{ path: string; home: string; away: string }> {
  await gotoHydrated(page, `${other.baseURL}/competitions`);
  const favourite = page.getByRole("list", { name: "Favourite competitions" }).getByRole("link", { name });
  const shown = (await favourite.textContent())!;
  await favourite.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(shown);
  await noSidewaysScroll(page, `${shown}'s page at 360 px`);
  const match = await lastListedMatch(page);
  await match.link.click();
  await expect(page).toHaveURL(`${other.baseURL}${match.path}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(match.home);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(match.away);
  return match;
}

/** Adds the first priced selection of the match page's first market (1X2) to the slip, which then holds `count` selections. */
async function addFirstSelection(page: Page, count: number): Promise<void> {
  const add = page.locator("table.match-table").first().getByRole("button", { name: /^Add .* to betslip$/ }).first();
  await untilHydrated(add);
  const name = (await add.getAttribute("aria-label")) ?? "";
  const chosen = /^Add (.*) to betslip$/.exec(name)?.[1];
  expect(chosen, `a selection to add: ${name}`).toBeDefined();
  // At load 9 a tap once landed while the table re-rendered and was lost; a bettor taps again.
  await expect(async () => {
    await page.getByRole("button", { name: `Add ${chosen} to betslip` }).click({ timeout: 5_000 });
    await expect(page.getByRole("button", { name: `Remove ${chosen} from betslip` })).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole("banner").getByRole("link", { name: /^Betslip/ })).toHaveAccessibleName(`Betslip, ${count} selection${count === 1 ? "" : "s"}`);
}

const naira = (text: string) => Number(text.replace(/[^\d.]/g, ""));

/** Each bookmaker on the betslip as shown: its name, whether marked best, its net payout (null where it cannot price the slip) and why not. */
async function booksShown(items: Locator) {
  return Promise.all(
    (await items.all()).map(async (item) => {
      const text = (await item.textContent()) ?? "";
      const net = /Net payout ₦([\d,]+\.\d\d)/.exec(text)?.[1];
      const why = (await item.locator(".slip-book-reason").allTextContents()).join(" ").trim();
      return { name: (await item.locator(".slip-book-name").textContent())?.trim() ?? "", best: /Best payout/.test(text), net: net === undefined ? null : naira(net), why };
    }),
  );
}

test("a Champions League match found by the picker and by search, slipped with a Premier League match, priced and ranked at every book", async ({ page }) => {
  await signedIn(page, uniqueUser("wholeboard"), other);

  // Favourites, then the UEFA Champions League, then a match its page lists.
  const ucl = await matchFromPicker(page, /^UEFA Champions League/);

  // The same match through the team search, by a team's name as the page showed it.
  await gotoHydrated(page, `${other.baseURL}/dashboard`);
  const search = page.getByRole("combobox", { name: "Search a team" });
  await untilHydrated(search);
  await search.fill(ucl.home);
  const option = page.getByRole("listbox", { name: "Matches" }).getByRole("option").filter({ hasText: ucl.home }).filter({ hasText: ucl.away }).first();
  await expect(option).toBeVisible();
  await option.click();
  await expect(page).toHaveURL(`${other.baseURL}${ucl.path}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(ucl.home);
  await noSidewaysScroll(page, "the Champions League match page at 360 px");
  await addFirstSelection(page, 1);

  // A Premier League leg, from its competition page.
  const premier = await matchFromPicker(page, /^Premier League/);
  expect(premier.path).not.toBe(ucl.path);
  await addFirstSelection(page, 2);

  // The betslip prices the two-leg slip at each book, the largest net payout first and marked best.
  await page.getByRole("banner").getByRole("link", { name: /^Betslip/ }).click();
  await expect(page).toHaveURL(`${other.baseURL}/betslip`);
  const region = page.getByRole("region", { name: "What each bookmaker pays" });
  const items = region.getByRole("listitem");
  await expect(region.getByText(/^For ₦[\d,.]+ on all 2 selections/)).toBeVisible();
  const legs = page.getByRole("list", { name: "Selections" }).getByRole("link");
  await expect(legs).toHaveCount(2);
  expect((await legs.evaluateAll((links) => links.map((a) => a.getAttribute("href")))).sort()).toEqual([ucl.path, premier.path].sort());
  await expect(items).toHaveCount(5);
  // Read side by side with the API's answer of the same moment: a book's prices may be collected again between two reads.
  await expect(async () => {
    await page.reload();
    await expect(items).toHaveCount(5);
    const shown = await booksShown(items);
    const api = await page.evaluate(async () => ((await (await fetch("/api/users/betslip", { cache: "no-store" })).json()) as { data: Betslip }).data);
    expect(shown.map((b) => [b.name, b.net])).toEqual(api.bookmakers.map((b) => [bookmakerName(b.provider), b.netPayout]));
    const priced = shown.filter((b) => b.net !== null);
    expect(priced.length, "books pricing both legs").toBeGreaterThanOrEqual(2);
    // A book that does not price both legs says why, after those that do.
    for (const book of shown.slice(priced.length)) expect(book.why, `${book.name} says why it has no payout`).not.toBe("");
    // Ranked: the priced books first, by net payout, the first marked best.
    expect(shown.slice(0, priced.length)).toEqual(priced);
    expect(priced.map((b) => b.net)).toEqual(priced.map((b) => b.net!).sort((a, b) => b - a));
    expect(shown[0]!.best).toBe(true);
  }).toPass({ timeout: 60_000 });
  await noSidewaysScroll(page, "the betslip at 360 px");
});

test("the day's matches span several competitions, each named", async ({ page }) => {
  await signedIn(page, uniqueUser("wholeday"), other);
  await gotoHydrated(page, `${other.baseURL}/matches`);
  // Today's, or tomorrow's when today has no match left: the simulated schedule decides, not our clock.
  const today = page.getByRole("list", { name: "Today's matches" });
  await expect(today.or(page.getByText("No more matches today."))).toBeVisible();
  let list = today;
  if (!(await today.isVisible())) {
    await page.getByRole("link", { name: "Tomorrow", exact: true }).click();
    list = page.getByRole("list", { name: "Tomorrow's matches" });
    await expect(list).toBeVisible();
  }
  const details = await list.locator("> li .board-match-detail").allTextContents();
  const competitions = new Set(details.map((detail) => detail.split(" · ")[0]!.trim()));
  expect(competitions.size, `competitions named in the day's list: ${[...competitions].join(", ")}`).toBeGreaterThanOrEqual(2);
  await noSidewaysScroll(page, "the day's matches at 360 px");
});

/** A 240 px phone, with JavaScript or without, signed in as a new user of the board site. */
async function smallPhone(browser: Browser, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ baseURL: other.baseURL, javaScriptEnabled, viewport: { width: 240, height: 320 } });
  await verifiedUser(context.request, uniqueUser(javaScriptEnabled ? "wholejs" : "wholenojs"), other);
  return context.newPage();
}

for (const javaScript of [true, false]) {
  test(`the dashboard at 240 px ${javaScript ? "with" : "without"} JavaScript, beside the whole board, does not scroll sideways`, async ({ browser }) => {
    const phone = await smallPhone(browser, javaScript);
    if (javaScript) await gotoHydrated(phone, "/dashboard");
    else await phone.goto("/dashboard");
    await expect(phone.locator("table.odds-table").first()).toBeVisible();
    await noSidewaysScroll(phone, `the dashboard at 240 px ${javaScript ? "with" : "without"} JavaScript`);
    await phone.context().close();
  });
}

test("without JavaScript at 240 px: the picker's search narrows the list and a competition opens its page", async ({ browser }) => {
  const phone = await smallPhone(browser, false);
  await phone.goto("/competitions");
  const entries = phone.locator("main .picker-entry-name");
  const before = await entries.count();
  const favourite = phone.getByRole("list", { name: "Favourite competitions" }).getByRole("link", { name: /^UEFA Champions League/ });
  const name = (await favourite.textContent())!;
  await noSidewaysScroll(phone, "the picker at 240 px without JavaScript");

  // A word of the listed name that is not "UEFA" nor "League": the search keeps it and only what holds that word.
  const word = name.split(" ").find((w) => !/^(UEFA|League)$/i.test(w))!;
  await phone.getByRole("searchbox", { name: "Find a competition or country" }).fill(word);
  await phone.getByRole("button", { name: "Search" }).click();
  await expect(phone).toHaveURL(/\/competitions\?q=/);
  expect(new URL(phone.url()).searchParams.get("q")).toBe(word);
  const after = await entries.allTextContents();
  expect(after.length, "the search narrows the list").toBeLessThan(before);
  expect(after).toContain(name);
  for (const shown of after) expect(shown.toLowerCase()).toContain(word.toLowerCase());
  await noSidewaysScroll(phone, "the picker's search at 240 px without JavaScript");

  await phone.getByRole("link", { name, exact: true }).click();
  await expect(phone.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(phone.locator("main .board-list > li").first()).toBeVisible();
  await noSidewaysScroll(phone, `${name}'s page at 240 px without JavaScript`);
  await phone.context().close();
});
