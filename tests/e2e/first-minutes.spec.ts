import { expect, test } from "@playwright/test";
import { fetchOddsInPage, gotoHydrated, registerAndVerify } from "./helpers.ts";

// Its tests share no state: they spread over the workers (playwright.config.ts).
test.describe.configure({ mode: "parallel" });

/** What a new bettor on a cheap phone tripped on (docs/product.md, First minutes on a phone). */
test.describe("the first minutes on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the legal line at the foot of every page clears the bottom bar", async ({ page }) => {
    for (const path of ["/", "/nigeria", "/about"]) {
      await gotoHydrated(page, path);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const legal = await page.getByText("18+ only. Please gamble responsibly.").boundingBox();
      const bar = await page.getByRole("navigation", { name: "Quick links" }).boundingBox();
      expect(legal, path).not.toBeNull();
      expect(bar, path).not.toBeNull();
      expect(legal!.y + legal!.height, `${path}: legal line bottom vs bottom bar top`).toBeLessThanOrEqual(bar!.y);
    }
  });

  test("country names on the landing page wear the brand's green, not the default blue", async ({ page }) => {
    await gotoHydrated(page, "/");
    const nigeria = page.getByRole("heading", { level: 3, name: /^Nigeria/ }).getByRole("link", { name: "Nigeria" });
    const color = await nigeria.evaluate((el) => getComputedStyle(el).color);
    const [red, green, blue] = (color.match(/\d+/g) ?? []).map(Number);
    // Bulma's default link is blue (b > g); the brand's is a dark green (hsl 153).
    expect(green!, color).toBeGreaterThan(blue!);
    expect(green!, color).toBeGreaterThan(red!);
  });

  test("a visitor can sign up from the top bar of any page", async ({ page }) => {
    await gotoHydrated(page, "/about");
    await page.getByRole("banner").getByRole("button", { name: "Sign up free" }).click();
    await expect(page.getByRole("dialog", { name: "Create Your Free Account" })).toBeVisible();
  });

  test("back returns to the place on the page; a new page starts at the top", async ({ page }) => {
    await gotoHydrated(page, "/about");
    const terms = page.getByRole("contentinfo").getByRole("link", { name: "Terms of Service" });
    await terms.scrollIntoViewIfNeeded();
    const left = await page.evaluate(() => window.scrollY);
    expect(left).toBeGreaterThan(300);
    await terms.click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/about$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(left);
  });

  test("a team typed into the search while the page's code is still on its way is searched once it arrives", async ({ page }) => {
    test.setTimeout(90_000);
    await registerAndVerify(page);
    // A team with a match at least ten minutes away, from what the site lists: the simulator's fixtures move with the clock.
    const [odds] = await fetchOddsInPage(page, [[1, 1]]);
    const event = odds!.events.find((e) => Date.parse(e.date) > Date.now() + 10 * 60_000);
    expect(event, "a Premier League match ten minutes or more from kick-off").toBeDefined();
    const team = event!.home;
    // The app's entry is held until the bettor has typed: on a slow phone the page is readable, and typed in, long before.
    let release!: () => void;
    const arrived = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/entry-[\w-]+\.js$/, async (route) => {
      await arrived;
      await route.continue();
    });
    const session = page.waitForResponse((res) => new URL(res.url()).pathname === "/api/session");
    // Not waiting for "load": that waits for the held script.
    await page.goto("/dashboard", { waitUntil: "commit" });
    const search = page.getByRole("combobox", { name: "Search a team" });
    await search.fill(team);
    release();
    await session;
    await expect(page.getByRole("listbox", { name: "Matches" }).getByRole("option").filter({ hasText: team }).first()).toBeVisible();
    await expect(search).toHaveValue(team);
  });

  test("odds tables: legible flag icons, the same columns in every card, 'Ov' explained in words and whole at 320 px", async ({ page }) => {
    test.setTimeout(90_000);
    await registerAndVerify(page);
    await page.goto("/help");
    const icon = await page.locator(".odds-flag").first().boundingBox();
    expect(icon!.width).toBeGreaterThanOrEqual(12);
    expect(icon!.height).toBeGreaterThanOrEqual(12);

    await page.goto("/dashboard?league=1&market=1");
    await expect(page.locator("table.odds-table").first()).toBeVisible();
    await expect(page.getByText("Ov is the bookmaker's margin (overround)")).toBeVisible();
    const edges = await page.locator("table.odds-table").evaluateAll((tables) =>
      tables.map((table) => [...table.querySelectorAll("thead th")].map((th) => Math.round(th.getBoundingClientRect().left))),
    );
    expect(edges.length).toBeGreaterThan(1);
    for (const columns of edges) expect(columns).toEqual(edges[0]);

    await page.setViewportSize({ width: 320, height: 640 });
    const clipped = await page.locator("table.odds-table").evaluateAll((tables) =>
      tables.flatMap((table) => {
        const header = table.querySelector("thead th:last-child")!;
        const tags = [...table.querySelectorAll("tbody td:last-child .tag")];
        return [header, ...tags].filter((el) => el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > table.closest(".table-container")!.getBoundingClientRect().right + 0.5).map((el) => el.textContent);
      }),
    );
    expect(clipped).toEqual([]);
  });
});
