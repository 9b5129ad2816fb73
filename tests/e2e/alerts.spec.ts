import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectNoViolations } from "./axe.ts";
import { fetchOddsInPage, gotoHydrated, signedIn, site, uniqueUser, untilHydrated } from "./helpers.ts";
import { layoutProblems } from "./layout.ts";

/**
 * Alerts (docs/design.md, Alerts; docs/product.md, Alerts): "Alert me" from a match page in one tap,
 * then the Alerts page lists, mutes and deletes it, with JavaScript and without.
 */
// axe is injected as a script tag, as in accessibility.spec.ts.
test.use({ bypassCSP: true, viewport: { width: 360, height: 800 } });

const MOVE_TAP = "Alert me when prices move 10%";
const MOVE_WORDS = "When a best price moves by 10% or more";

/** A Premier League match's page, its kick-off far enough off that its Alert me stays for the whole test. */
async function laterMatchPath(page: Page): Promise<string> {
  const [odds] = await fetchOddsInPage(page, [[1, 1]]);
  const event = odds!.events.find((e) => Date.parse(e.date) > Date.now() + 30 * 60_000 && (e.markets[0]?.odds.length ?? 0) > 0);
  expect(event, "a Premier League match thirty minutes or more from kick-off").toBeDefined();
  return `/match/${encodeURIComponent(event!.id)}`;
}

/** A page of this context's session without JavaScript: what Opera Mini's extreme mode or a feature phone gets. */
async function withoutJavaScript(browser: Browser, page: Page, width = 360): Promise<Page> {
  const context = await browser.newContext({ baseURL: site().baseURL, javaScriptEnabled: false, viewport: { width, height: 740 }, storageState: await page.context().storageState() });
  return context.newPage();
}

async function noSidewaysScroll(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

const ruleOf = (page: Page, words: string) => page.locator("li.alert-rule", { hasText: words });

test("with JavaScript at 360 px: Alert me from a match page, then /alerts lists the rule, mutes and deletes it without reloading; axe clean", async ({ page }) => {
  test.setTimeout(120_000);
  await signedIn(page, uniqueUser("alertsjs"));
  const path = await laterMatchPath(page);
  await gotoHydrated(page, path);

  const move = page.getByRole("button", { name: MOVE_TAP });
  await untilHydrated(move);
  await move.click();
  await expect(page.locator(".alert-tap", { has: move })).toContainText("Alert set");
  // A target at the next step above the best Home price of 1X2, in one tap too.
  // The button's locator inside `has` is resolved within each .alert-taps, so it is not rooted at the market's region (which holds the row, not the other way round).
  const targetName = /^Alert me, 1X2 \(Match Result\): Home \d+\.\d\d$/;
  const market = page.getByRole("region", { name: "1X2 (Match Result)" });
  await market.getByRole("button", { name: targetName }).click();
  await expect(market.locator(".alert-taps", { has: page.getByRole("button", { name: targetName }) })).toContainText("Alert set");
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  await noSidewaysScroll(page, 360);
  await expectNoViolations(page, "the match page with its Alert me taps at 360 px");

  // The account menu's Alerts.
  const account = page.getByRole("banner").getByRole("button", { name: "Account" });
  await account.click();
  await page.getByRole("dialog").getByRole("link", { name: "Alerts" }).click();
  await expect(page).toHaveURL(/\/alerts$/);
  await expect(page.getByRole("heading", { name: "What you follow (2 of 50)" })).toBeVisible();
  const rule = ruleOf(page, MOVE_WORDS);
  await expect(rule).toBeVisible();
  await expect(page.locator("li.alert-rule", { hasText: /When the best price reaches \d+\.\d\d or more/ })).toBeVisible();
  await noSidewaysScroll(page, 360);
  await expectNoViolations(page, "the Alerts page at 360 px");

  // Changed in place: the page is not loaded again (a mark left on the window stays).
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await rule.getByRole("button", { name: /^Mute 24 h: / }).click();
  await expect(rule.getByRole("button", { name: /^Unmute: / })).toBeVisible();
  await expect(rule).toContainText("Muted until");
  await expect(page.getByRole("status").filter({ hasText: "Alert muted for 24 hours." })).toBeVisible();
  await rule.getByRole("button", { name: /^Delete: / }).click();
  await expect(rule).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "What you follow (1 of 50)" })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await expectNoViolations(page, "the Alerts page after a mute and a delete");
});

test("without JavaScript at 360 px: Alert me from a match page posts and comes back, then /alerts mutes, deletes and saves settings by form", async ({ browser, page }) => {
  test.setTimeout(120_000);
  await signedIn(page, uniqueUser("alertsnojs"));
  const path = await laterMatchPath(page);
  const plain = await withoutJavaScript(browser, page);
  await plain.goto(path);
  await plain.getByRole("button", { name: MOVE_TAP }).click();
  await expect(plain).toHaveURL(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  await expect(plain.getByRole("status").filter({ hasText: /^Alert set: .+\. Your alerts are listed on the Alerts page\.$/ })).toBeVisible();

  await plain.getByRole("link", { name: "Your alerts" }).click();
  await expect(plain).toHaveURL(/\/alerts$/);
  const rule = ruleOf(plain, MOVE_WORDS);
  await expect(rule).toBeVisible();
  await noSidewaysScroll(plain, 360);
  await rule.getByRole("button", { name: /^Mute 24 h: / }).click();
  await expect(plain).toHaveURL(/\/alerts$/);
  await expect(plain.getByRole("status").filter({ hasText: "Alert muted for 24 hours." })).toBeVisible();
  await expect(rule.getByRole("button", { name: /^Unmute: / })).toBeVisible();
  await expect(rule).toContainText("Muted until");
  // A reload does not post again.
  await plain.reload();
  await expect(rule).toBeVisible();

  const settings = plain.getByRole("region", { name: "Quiet hours and e-mail" });
  await settings.getByLabel("Quiet from").fill("23:00");
  await settings.getByLabel("Quiet until").fill("06:30");
  await settings.getByLabel("Send alerts by e-mail").uncheck();
  await settings.getByRole("button", { name: "Save alert settings" }).click();
  await expect(plain.getByRole("status").filter({ hasText: "Alert settings saved." })).toBeVisible();
  await expect(plain.getByRole("region", { name: "Where alerts reach you" })).toContainText("E-mail: Off");

  await ruleOf(plain, MOVE_WORDS).getByRole("button", { name: /^Delete: / }).click();
  await expect(plain.getByRole("status").filter({ hasText: "Alert deleted." })).toBeVisible();
  await expect(plain.getByText("You follow nothing yet.")).toBeVisible();
  await plain.context().close();

  // The same server-rendered page with no script, as a lite page (axe runs as an injected script, which a browser without JavaScript cannot).
  const lite = await browser.newContext({ baseURL: site().baseURL, bypassCSP: true, viewport: { width: 360, height: 740 }, extraHTTPHeaders: { "save-data": "on" }, storageState: await page.context().storageState() });
  const litePage = await lite.newPage();
  await litePage.goto("/alerts");
  expect(await litePage.locator("script").count()).toBe(0);
  await expect(litePage.getByRole("heading", { name: "What you follow (0 of 50)" })).toBeVisible();
  await expectNoViolations(litePage, "the Alerts page at 360 px, server-rendered without script");
  await lite.close();
});

test("at 240 px, with JavaScript and without, the Alerts page with a rule and a match page's Alert me hold: no sideways scroll, every figure and button whole", async ({ browser, page }) => {
  test.setTimeout(120_000);
  await signedIn(page, uniqueUser("alerts240"));
  const path = await laterMatchPath(page);
  const made = await page.request.post(`${site().baseURL}/api/users/alerts`, { data: { kind: "sure", threshold: 1, channels: [] }, headers: { origin: site().baseURL } });
  expect(made.ok()).toBe(true);
  const found: string[] = [];
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ baseURL: site().baseURL, javaScriptEnabled, viewport: { width: 240, height: 320 }, storageState: await page.context().storageState() });
    const small = await context.newPage();
    for (const at of ["/alerts", path]) {
      if (javaScriptEnabled) await gotoHydrated(small, at);
      else await small.goto(at);
      await expect(small.getByRole("button", { name: at === "/alerts" ? /^Mute 24 h: / : MOVE_TAP }).first()).toBeVisible();
      found.push(...(await layoutProblems(small)).map((problem) => `${at} ${javaScriptEnabled ? "with" : "without"} JavaScript: ${problem}`));
    }
    await context.close();
  }
  expect(found).toEqual([]);
});
