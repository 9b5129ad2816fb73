import { join } from "node:path";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { expect, test, type Page } from "@playwright/test";
import { expectNoViolationsOnPhoneAndDesktop } from "./axe.ts";
import { expectOddsTables, registerAndVerify, uniqueUser } from "./helpers.ts";
import { freePort, startApi, startSite, waitFor } from "./server-process.ts";
import { STALE_AFTER_MS } from "../../client/live/link-status.ts";

// Its own file, named to run after the journeys: most of it waits on a second stack starting and
// the web tier noticing its API gone, which the other worker fills with tests that work, not with
// the resend countdown's wait (files run in name order, playwright.config.ts).

// A phone: the bar must show where a bettor reads the prices.
// axe is injected as a script tag, which the page's CSP would refuse (tests/e2e/axe.ts).
test.use({ viewport: { width: 360, height: 740 }, bypassCSP: true });

const notUpdating = (page: Page) => page.getByRole("alert").filter({ hasText: "Prices are not updating" });

test("with the odds API down the dashboard says prices are not updating within 10 s and 'Failed to load odds data' for a new choice; with the API back both go by themselves; a reload in an outage says so in the shell and opens by itself; public pages still load", async ({ page }) => {
  // Three API starts and the waits for the web tier to notice: longer than the default minute.
  test.setTimeout(180_000);
  // The scaled-out layout, so the API can die under a running web tier: its own process and DATA_DIR.
  const dir = mkdtempSync(join(tmpdir(), "afriodds-e2e-apidown-"));
  const dataDir = join(dir, "data");
  const apiPort = await freePort();
  // Collected every 15 s, as the shared e2e site: at 5 s a book's 3.3 s budget ran out on a loaded
  // host, and the API marked it stale before the test's own clock jump.
  const apiEnv = { API_PORT: String(apiPort), DATA_DIR: dataDir, FEED_INTERVAL_S: "15", LOG_LEVEL: "warn" };
  let api = await startApi(apiEnv, join(dir, "api.log"));
  const web = await startSite({ PORT: String(await freePort()), API_ORIGIN: api.baseURL, DATA_DIR: dataDir, LOG_LEVEL: "warn" }, join(dir, "web.log"));
  try {
    await waitFor(
      "five bookmakers' odds on the second stack",
      async () => ((await (await fetch(`${web.baseURL}/api/odds/summary?country=1`)).json()) as { data?: { numBookmakers?: number } }).data?.numBookmakers === 5,
      { timeoutMs: 60_000, logFile: join(dir, "api.log"), abort: api.exitReason },
    );
    // The page's clock runs as the real one until the test jumps it past the stale threshold.
    await page.clock.install();
    await registerAndVerify(page, uniqueUser("apidown"), { baseURL: web.baseURL, dataDir });
    await expectOddsTables(page);
    await expect(notUpdating(page)).toHaveCount(0);

    // docs/product.md, When prices stop: the open page says so within 10 s.
    const { code: drained } = await api.stop();
    expect(drained, "the API drains and exits cleanly on SIGTERM").toBe(0);
    await expect(notUpdating(page)).toBeVisible({ timeout: 10_000 });
    await expect(notUpdating(page)).toContainText(/since \d\d:\d\d \(\d+ s ago\)/);
    await expect(page.locator("table.odds-table").first()).toBeVisible();
    // Past the stale threshold (two minutes) every price on the page is marked stale, in words (the
    // clock icon's name), not colour alone.
    const firstTable = page.locator("table.odds-table").first();
    await expect(firstTable.getByRole("img", { name: "stale" })).toHaveCount(0);
    await page.clock.fastForward(STALE_AFTER_MS);
    const rows = firstTable.locator("tbody tr");
    await expect(firstTable.getByRole("img", { name: "stale" })).toHaveCount(await rows.count());
    await expect(notUpdating(page)).toContainText(/since \d\d:\d\d \(2 min ago\)/);
    await expectNoViolationsOnPhoneAndDesktop(page, "the dashboard with prices not updating and marked stale");

    // A new choice while the API is down fails, and says so.
    await page.getByLabel("Select League").selectOption({ label: "Bundesliga (DE)" });
    const failed = page.getByRole("alert").filter({ hasText: "Failed to load odds data" });
    await expect(failed).toBeVisible();
    await expect(failed.getByRole("button", { name: "Retry" })).toBeVisible();
    await expect(page.locator("table.odds-table")).toHaveCount(0);
    await expectNoViolationsOnPhoneAndDesktop(page, "the dashboard's 'Failed to load odds data' in an outage");
    expect((await page.request.get(`${web.baseURL}/readyz`)).status()).toBe(503);

    // The API back: the bar goes and the league's odds come without a tap: the box retries after
    // 5, 10, 20 s (docs/product.md, Retry after a failed load), the web tier's upstream within 10 s.
    api = await startApi(apiEnv, join(dir, "api.log"));
    await expect(notUpdating(page)).toHaveCount(0, { timeout: 45_000 });
    await expect(failed).toHaveCount(0, { timeout: 45_000 });
    await expectOddsTables(page, { allFive: false });

    // A reload while the API is down: the site's shell says so, with when the prices were last
    // reached, and the page opens by itself once the API is back (docs/product.md, When prices stop).
    const { code } = await api.stop();
    expect(code, "the API drains and exits cleanly on SIGTERM").toBe(0);
    const reloaded = await page.reload();
    expect(reloaded?.status(), "an outage, not a success").toBe(503);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("AfriOdds can't reach its prices right now");
    await expect(page.getByRole("alert").filter({ hasText: "Service unavailable" })).toContainText(/We last reached them at \d\d:\d\d \(\d+ (s|min) ago\)\.You are still signed in\./);
    await expect(page.getByRole("link", { name: "Try again" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("button", { name: "Account" })).toBeVisible();
    await expectNoViolationsOnPhoneAndDesktop(page, "the outage page");
    api = await startApi(apiEnv, join(dir, "api.log"));
    await expectOddsTables(page, { allFive: false, timeout: 45_000 });
    await expect(page.getByRole("heading", { name: "AfriOdds can't reach its prices right now" })).toHaveCount(0);
    const { code: again } = await api.stop();
    expect(again, "the API drains and exits cleanly on SIGTERM").toBe(0);

    const headings: Record<string, string> = {
      "/": "Compare Football Odds Across African Bookmakers",
      "/nigeria": "Nigerian Football Odds Comparison",
      "/about": "About AfriOdds",
      "/terms": "Terms of Service",
    };
    for (const [path, heading] of Object.entries(headings)) {
      const answer = await page.goto(`${web.baseURL}${path}`);
      expect(answer?.status(), `${path} answers 200 without the API`).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    }
    // A visitor's preview cannot load, and says so (a signed-in user is shown the dashboard instead),
    // once the web tier has found the API gone and serves the page without baked-in odds (every 5-30 s).
    await page.context().clearCookies();
    await expect(async () => {
      await page.goto(`${web.baseURL}/nigeria`);
      await expect(page.getByText("Preview temporarily unavailable")).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 45_000 });
    await expect(page.getByText("Login to access all odds data!")).toBeVisible();
  } finally {
    await web.stop();
    await api.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
