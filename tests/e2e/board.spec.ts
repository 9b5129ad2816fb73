import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectNoViolations } from "./axe.ts";
import { collectPageErrors, gotoHydrated, signedIn, site, uniqueUser, untilHydrated } from "./helpers.ts";

/**
 * The whole board's pages (docs/design.md, Board pages) on a phone, with JavaScript and without it:
 * the day's matches and the competition picker, each followed to a match page from what it lists.
 */
test.use({ bypassCSP: true, viewport: { width: 360, height: 740 } });

/** The day's list: today's, or tomorrow's when today has no match left (the simulated schedule decides, never our clock). */
async function dayWithMatches(page: Page): Promise<void> {
  const today = page.getByRole("list", { name: "Today's matches" });
  await expect(today.or(page.getByText("No more matches today."))).toBeVisible();
  if (await today.isVisible()) return;
  await page.getByRole("link", { name: "Tomorrow", exact: true }).click();
  await expect(page.getByRole("list", { name: "Tomorrow's matches" })).toBeVisible();
}

/** The first match a board list shows, followed to its match page, whose heading names its teams. */
async function followFirstMatch(page: Page): Promise<void> {
  const link = page.locator("main .board-list > li a[href^='/match/']").first();
  const teams = (await link.textContent())!;
  const [home, away] = teams.split(" v ");
  await link.click();
  await expect(page).toHaveURL(/\/match\/[^/]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(home!);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(away!);
}

async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

/** A page of this context's cookies without JavaScript: what Opera Mini's extreme mode or a feature phone gets. */
async function withoutJavaScript(browser: Browser, page: Page): Promise<Page> {
  const context = await browser.newContext({ baseURL: site().baseURL, javaScriptEnabled: false, viewport: { width: 360, height: 740 }, storageState: await page.context().storageState() });
  return context.newPage();
}

test("with JavaScript: the day's matches by kick-off, in another market, then a match's page", async ({ page }) => {
  const errors = collectPageErrors(page);
  await signedIn(page, uniqueUser("board"));
  const way = page.getByRole("link", { name: "Today's matches" });
  await untilHydrated(way);
  await way.click();
  await expect(page).toHaveURL(/\/matches$/);
  await dayWithMatches(page);
  const list = page.locator("main .board-list");
  await expect(list.locator("> li").first()).toContainText(/Home \d+\.\d\d|Home no price/);
  await noSidewaysScroll(page);
  await expectNoViolations(page, "the day's matches at 360 px");

  await page.getByLabel("Market").selectOption({ label: "BTTS (Both Teams to Score)" });
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/market=7/);
  await expect(list.locator("> li").first()).toContainText(/Yes (\d+\.\d\d|no price)/);
  await followFirstMatch(page);
  expect(errors).toEqual([]);
});

test("with JavaScript: the picker narrows as the bettor types, and a competition's page leads to a match", async ({ page }) => {
  const errors = collectPageErrors(page);
  await signedIn(page, uniqueUser("picker"));
  await gotoHydrated(page, "/competitions");
  const favourites = page.getByRole("list", { name: "Favourite competitions" });
  const names = await favourites.getByRole("link").allTextContents();
  expect(names.length).toBeGreaterThan(0);
  await noSidewaysScroll(page);
  await expectNoViolations(page, "the competition picker at 360 px");

  // A word of the first favourite listed: the list keeps it, and only what holds that word.
  const chosen = names[0]!;
  const word = chosen.split(" ")[0]!;
  const search = page.getByRole("searchbox", { name: "Find a competition or country" });
  await untilHydrated(search);
  await search.fill(word);
  await expect(page).toHaveURL(/\/competitions$/);
  for (const shown of await page.locator("main .picker-entry-name").allTextContents()) expect(shown.toLowerCase()).toContain(word.toLowerCase());
  await favourites.getByRole("link", { name: chosen }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(chosen);
  await expect(page.getByText(/they do not update by themselves/)).toBeVisible();
  await noSidewaysScroll(page);
  await expectNoViolations(page, "a competition's page at 360 px");
  await followFirstMatch(page);
  expect(errors).toEqual([]);
});

test("without JavaScript: the day's matches and the picker's search are links and GET forms that reach a match", async ({ browser, page }) => {
  await signedIn(page, uniqueUser("boardnojs"));
  const phone = await withoutJavaScript(browser, page);
  await phone.goto("/dashboard");
  await phone.getByRole("link", { name: "Today's matches" }).click();
  await expect(phone).toHaveURL(/\/matches$/);
  await dayWithMatches(phone);
  await noSidewaysScroll(phone);
  await phone.getByLabel("Market").selectOption({ label: "Over/Under 2.5 goals (OU2.5)" });
  await phone.getByRole("button", { name: "Show" }).click();
  await expect(phone).toHaveURL(/market=4/);
  await followFirstMatch(phone);

  await phone.goto("/dashboard");
  await phone.getByRole("link", { name: "All competitions" }).click();
  const first = (await phone.getByRole("list", { name: "Favourite competitions" }).getByRole("link").first().textContent())!;
  await phone.getByRole("searchbox", { name: "Find a competition or country" }).fill(first);
  await phone.getByRole("button", { name: "Search" }).click();
  await expect(phone).toHaveURL(/\/competitions\?q=/);
  await phone.getByRole("link", { name: first, exact: true }).click();
  await expect(phone.getByRole("heading", { level: 1 })).toHaveText(first);
  await noSidewaysScroll(phone);
  await followFirstMatch(phone);
  await phone.context().close();
});
