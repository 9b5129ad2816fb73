import { expect, test, type Page } from "@playwright/test";
import { BOOKMAKERS } from "#shared/reference.ts";
import type { OddsResponse } from "#shared/contract.ts";
import { expectNoViolationsOnPhoneAndDesktop } from "./axe.ts";
import { dialog, gotoHydrated, fetchOddsInPage, signedIn, uniqueUser, verifiedUser } from "./helpers.ts";

/**
 * What a bettor reads must mean one thing (docs/product.md, Reference tables; Rules), on a 360 px
 * phone. The page's CSP bypassed so axe can be injected (tests/e2e/axe.ts) on the new states.
 */
test.use({ viewport: { width: 360, height: 740 }, bypassCSP: true });

const ONE_X_BET = 5;
/** The book's own figure to three decimals, cut: what every screen must print for it. */
const asQuoted = (value: number) => {
  const three = (Math.floor(value * 1000 + 1e-6) / 1000).toFixed(3);
  return three.endsWith("0") ? three.slice(0, -1) : three;
};

test("a 1xBet price of three decimals reads the same, unrounded, on the dashboard and the match page, every bookmaker is named one way, never '1X', and a first price seen is not called an opening price", async ({ page }) => {
  await signedIn(page, uniqueUser("trust"));
  const [odds] = await fetchOddsInPage(page, [[1, 1]]);
  // A match whose 1xBet 1X2 prices have a third decimal (the simulated 1xBet quotes three, as the real one does).
  const event = odds!.events.find((e) => e.markets[0]?.odds.find((row) => row.provider === ONE_X_BET)?.odds.some((o) => !asQuoted(o.value).endsWith("0") && asQuoted(o.value).length === 5));
  expect(event, "a Premier League match with a three-decimal 1xBet price").toBeDefined();
  const quoted = event!.markets[0]!.odds.find((row) => row.provider === ONE_X_BET)!.odds.map((o) => asQuoted(o.value));

  const card = page.locator("article.event-card").filter({ has: page.getByRole("link", { name: event!.name, exact: true }) });
  const row = card.locator("tbody tr").filter({ has: page.getByRole("rowheader", { name: /^1xBet/ }) });
  await expect(row).toHaveCount(1);
  const onCard = (await row.locator("td").allInnerTexts()).slice(0, 3).map((text) => /\d+\.\d+/.exec(text)?.[0]);
  expect(onCard).toEqual(quoted);

  // Every row header on the dashboard is one of the five names as the tables spell them.
  const names = new Set(BOOKMAKERS.map((b) => b.name));
  const headers = (await page.locator("table.odds-table tbody th[scope=row]").allInnerTexts()).map((text) => text.trim().split(/\s/)[0]!);
  expect(headers.length).toBeGreaterThan(0);
  for (const header of headers) expect(names, header).toContain(header);

  await card.getByRole("link", { name: event!.name, exact: true }).click();
  await expect(page).toHaveURL(/\/match\//);
  const matchRow = page.locator("table.match-table").first().locator("tbody tr").filter({ has: page.getByRole("rowheader", { name: /^1xBet/ }) });
  await expect(matchRow).toHaveCount(1);
  expect((await matchRow.locator(".match-price").allInnerTexts()).map((text) => /\d+\.\d+/.exec(text)?.[0])).toEqual(quoted);
  // The first price this server saw is said as such, never as the bookmaker's opening price.
  for (const text of await matchRow.locator(".match-opening").allInnerTexts()) expect(text).toMatch(/^first seen \d+\.\d{2,3}$/);
  await expect(page.getByText("'First seen' is the first price AfriOdds saw from that bookmaker for this match, not necessarily its opening price.")).toBeVisible();
  // The Highest row names books as books: no two-letter code a bettor could read as Double Chance's 1X.
  const highest = await page.locator("table.match-table tfoot tr").filter({ hasText: "Highest" }).locator(".match-opening").allInnerTexts();
  const shortNames = new Set(BOOKMAKERS.map((b) => b.short));
  for (const text of highest) for (const name of text.split(" ")) expect(shortNames, text).toContain(name);
});

test("a match link opened signed out names the match and its kick-off, and logging in from it opens that match's prices", async ({ page, playwright }) => {
  const sample = (await (await page.request.get("/api/odds/sample?country=1")).json()) as { data: OddsResponse };
  const event = sample.data.events[0]!;
  // The friend who was sent the link has an account, made apart from this browser.
  const apart = await playwright.request.newContext();
  const user = await verifiedUser(apart, uniqueUser("link"));
  await apart.dispose();

  await gotoHydrated(page, `/match/${encodeURIComponent(event.id)}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(event.name);
  await expect(page.locator(".event-kickoff time")).toHaveAttribute("datetime", event.date);
  await expect(page.locator("table")).toHaveCount(0);
  await expectNoViolationsOnPhoneAndDesktop(page, "a match link opened signed out");
  await page.getByRole("button", { name: "Log in to see the odds" }).click();
  const login = dialog(page, "Log In");
  await expect(login.getByText("Log in or sign up free to open this match's odds.")).toBeVisible();
  await expectNoViolationsOnPhoneAndDesktop(page, "the login dialog a match link opens");
  await login.getByLabel("Username or email").fill(user.username);
  await login.getByLabel("Password", { exact: true }).fill(user.password);
  await login.getByRole("button", { name: "Log In" }).click();
  await expect(page.locator("table.match-table").first()).toBeVisible();
  expect(decodeURIComponent(new URL(page.url()).pathname)).toBe(`/match/${event.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(event.name);
});

test("a dashboard link for La Liga opened signed out opens the login dialog at home, and signing in lands on La Liga", async ({ page, playwright }) => {
  const apart = await playwright.request.newContext();
  const user = await verifiedUser(apart, uniqueUser("back"));
  await apart.dispose();

  await page.goto("/dashboard?league=2");
  await expect(page).toHaveURL(/\/\?next=%2Fdashboard%3Fleague%3D2$/);
  const login = dialog(page, "Log In");
  await expect(login.getByText("Log in or sign up free to open the odds dashboard.")).toBeVisible();
  await login.getByLabel("Username or email").fill(user.username);
  await login.getByLabel("Password", { exact: true }).fill(user.password);
  await login.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(/\/dashboard\?league=2&market=1$/);
  await expect(page.getByLabel("Select League")).toHaveValue("2");
});

test("the 18+ and Terms line of registration reads as one wrapped sentence beside its box at 360 px, not in columns", async ({ page }) => {
  await gotoHydrated(page, "/");
  await page.getByRole("banner").getByRole("button", { name: "Sign up free" }).click();
  const label = dialog(page, "Create Your Free Account").locator("label.terms-field");
  await expect(label).toBeVisible();
  const box = (await label.boundingBox())!;
  const lineHeight = await label.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
  // One sentence wrapped over the dialog's width takes two lines at 360 px; as columns (each link a
  // flex item of its own) it took three, the words squeezed beside each other.
  expect(box.height, `label ${box.width} x ${box.height} px, line ${lineHeight} px`).toBeLessThanOrEqual(2 * lineHeight + 2);
});

test("a card on an open dashboard turns 'Started' at its kick-off: its add buttons go, its last prices stay, and it says why", async ({ page }) => {
  // The page's clock, run forward to the first kick-off (days away, perhaps) instead of waiting for it.
  await page.clock.install({ time: Date.now() });
  await signedIn(page, uniqueUser("kickoff"));
  const card = page.getByRole("main").locator("article.event-card").first();
  await expect(card.getByRole("button", { name: /^Add .* to betslip$/ }).first()).toBeVisible();
  const kickoff = Date.parse((await card.locator(".event-kickoff time").first().getAttribute("datetime"))!);
  const prices = await card.locator("tbody td").allTextContents();
  await expect(card.getByText("Started", { exact: true })).toHaveCount(0);

  await page.clock.fastForward(kickoff - (await page.evaluate(() => Date.now())) + 5_000);
  await expect(card.getByText("Started", { exact: true })).toBeVisible();
  await expect(card.getByText(/^This match has started: these are its last prices before kick-off/)).toHaveCount(1);
  await expect(card.getByRole("button", { name: /to betslip$/ })).toHaveCount(0);
  expect(await card.locator("tbody td").allTextContents()).toEqual(prices);
  await expectNoViolationsOnPhoneAndDesktop(page, "a dashboard card turned 'Started'");
});

test("kick-off times say their zone, and an empty day points to the next kick-off with one tap to its day", async ({ page }) => {
  await verifiedUser(page.request, uniqueUser("zone"));
  await gotoHydrated(page, "/dashboard?league=1&market=1");
  const [odds] = await fetchOddsInPage(page, [[1, 1]]);
  const first = odds!.events[0]!;
  // The page's clock set to noon in Lagos of the day before the first kick-off: a day no listed match is on.
  const lagosDay = (at: number) => new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos" }).format(new Date(at));
  const dayBefore = Date.parse(`${lagosDay(Date.parse(first.date) - 86_400_000)}T12:00:00+01:00`);
  await page.clock.install({ time: dayBefore });
  await gotoHydrated(page, "/dashboard?league=1&market=1");
  await expect(page.getByText("Kick-off times are in GMT+1 (Lagos).")).toBeVisible();
  // The first HTML says it too, before any script (the server renders in the viewer's zone).
  const html = await (await page.request.get("/dashboard?league=1&market=1")).text();
  expect(html).toContain("Kick-off times are in GMT+1 (Lagos).");

  await page.getByRole("group", { name: "Day" }).getByRole("button", { name: "Today" }).click();
  const status = page.getByRole("main").getByRole("status").filter({ hasText: /^No matches today\./ });
  await expect(status).toContainText(`The next kick-off is Tomorrow • `);
  await expect(status).toContainText(`(${first.name})`);
  await expectNoViolationsOnPhoneAndDesktop(page, "an empty 'Today' pointing to the next kick-off");
  await status.getByRole("button", { name: "Show tomorrow" }).click();
  await expect(page).toHaveURL(/[?&]day=tomorrow(&|$)/);
  await expect(page.getByRole("main").locator("article.event-card").filter({ hasText: first.name }).first()).toBeVisible();
});

test("'← Back to the dashboard' from a match opened on the dashboard returns to its league, market and place on the page", async ({ page }) => {
  await signedIn(page, uniqueUser("back"));
  await page.getByLabel("Select League").selectOption("2");
  await page.getByLabel("Select Market").selectOption("4");
  await expect(page).toHaveURL(/league=2&market=4/);
  const cards = page.getByRole("main").locator("article.event-card");
  await expect(cards.nth(2)).toBeVisible();
  const third = cards.nth(2).getByRole("heading").getByRole("link");
  await third.scrollIntoViewIfNeeded();
  const left = await page.evaluate(() => window.scrollY);
  expect(left).toBeGreaterThan(300);
  await third.click();
  await expect(page).toHaveURL(/\/match\//);

  await page.getByRole("link", { name: "← Back to the dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard\?(.*&)?league=2&market=4/);
  await expect(page.getByLabel("Select League")).toHaveValue("2");
  await expect(page.getByLabel("Select Market")).toHaveValue("4");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(left);
});

test("each margin badge on the dashboard wears the colour the help page's one scale gives its figure", async ({ page }) => {
  await signedIn(page, uniqueUser("margin"));
  await gotoHydrated(page, "/help");
  // The scale as the help page states it: 'N% or less' good, 'Over N%, up to M%' average, 'Over M%' high.
  const scale = page.getByRole("heading", { name: "Bookmaker Margin" }).locator("xpath=following-sibling::ul[1]");
  const tags = scale.locator(".tag");
  const [good, average, high] = await tags.allTextContents();
  const goodMax = Number(/^([\d.]+)% or less$/.exec(good!)?.[1]);
  const averageMax = Number(/^Over [\d.]+%, up to ([\d.]+)%$/.exec(average!)?.[1]);
  expect(high).toBe(`Over ${averageMax}%`);
  const colourOf = (tag: typeof tags) => tag.evaluate((el) => getComputedStyle(el).backgroundColor);
  const colours = { good: await colourOf(tags.nth(0)), average: await colourOf(tags.nth(1)), high: await colourOf(tags.nth(2)) };

  for (const market of ["1", "4"]) {
    await gotoHydrated(page, `/dashboard?league=1&market=${market}`);
    const badges = page.getByRole("main").locator("table.odds-table td .tag");
    await expect(badges.first()).toBeVisible();
    const read = await badges.evaluateAll((els) => els.map((el) => ({ text: el.textContent ?? "", colour: getComputedStyle(el).backgroundColor })));
    expect(read.length).toBeGreaterThan(3);
    for (const { text, colour } of read) {
      const margin = Number(text.replace("%", ""));
      const expected = margin <= goodMax ? colours.good : margin <= averageMax ? colours.average : colours.high;
      expect(colour, `${text} against the help page's scale`).toBe(expected);
    }
  }
});

/** The throttled profile of a cheap phone on a slow link: 400 kbit/s, 300 ms, a CPU four times slower. */
async function throttle(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 300, downloadThroughput: 50_000, uploadThroughput: 50_000 });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
}

/** Holds the app's entry script until `release` is called: the page is readable, and touched, long before it. */
async function holdTheApp(page: Page): Promise<() => Promise<void>> {
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/entry-[\w-]+\.js$/, async (route) => {
    await arrived;
    await route.continue();
  });
  return async () => {
    const session = page.waitForResponse((res) => new URL(res.url()).pathname === "/api/session", { timeout: 60_000 });
    release();
    await session;
  };
}

test("on a throttled phone, a league and market chosen before the app is up are the ones shown once it is", async ({ page }) => {
  test.setTimeout(120_000);
  await signedIn(page, uniqueUser("early"));
  await throttle(page);
  const release = await holdTheApp(page);
  await page.goto("/dashboard?league=1&market=1", { waitUntil: "commit" });
  await page.getByLabel("Select League").selectOption("2");
  await page.getByLabel("Select Market").selectOption("7");
  await release();

  await expect(page).toHaveURL(/league=2&market=7/, { timeout: 30_000 });
  await expect(page.getByLabel("Select League")).toHaveValue("2");
  await expect(page.getByLabel("Select Market")).toHaveValue("7");
  await expect(page.getByRole("main").locator("table.odds-table caption").first()).toContainText("BTTS (Both Teams to Score)", { timeout: 30_000 });
});

test("on a throttled phone, a price tapped onto the betslip before the app is up is on the slip once it is", async ({ page }) => {
  test.setTimeout(120_000);
  await signedIn(page, uniqueUser("early-tap"));
  await throttle(page);
  const release = await holdTheApp(page);
  await page.goto("/dashboard?league=1&market=1", { waitUntil: "commit" });
  const add = page.getByRole("main").getByRole("button", { name: /^Add .* to betslip$/ }).first();
  const name = (await add.getAttribute("aria-label"))!;
  await add.click();
  await release();

  // Held, then replayed once its part of the page (the betslip's lazily loaded toggles) has hydrated.
  await expect(page.getByRole("banner").getByRole("link", { name: /^Betslip/ })).toHaveAccessibleName("Betslip, 1 selection", { timeout: 30_000 });
  await expect(page.getByRole("main").getByRole("button", { name: name.replace(/^Add (.*) to betslip$/, "Remove $1 from betslip") })).toHaveAttribute("aria-pressed", "true");
});

// docs/design.md, Latency: controls usable. The app's script held on its way, as on a slow link: the tap must not wait for it.
test("a price tapped while the app's code is still on its way is marked at once and posted by the page's own form: it is on the slip", async ({ page }) => {
  await signedIn(page, uniqueUser("early-post"));
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await arrived;
    await route.continue();
  });
  try {
    await page.goto("/dashboard?league=1&market=1", { waitUntil: "commit" });
    const add = page.getByRole("main").getByRole("button", { name: /^Add .* to betslip$/ }).first();
    const leg = (await add.getAttribute("value"))!;
    // The mark is read as it is set: the page leaves for the form's answer right after.
    await add.evaluate((button) =>
      new MutationObserver(() => {
        if (button.hasAttribute("data-held") && button.getAttribute("aria-busy") === "true") sessionStorage.setItem("marked", "yes");
      }).observe(button, { attributes: true }),
    );
    await add.click();
    await expect(page.getByText("Added to your betslip.")).toBeVisible({ timeout: 30_000 });
    expect(await page.evaluate(() => sessionStorage.getItem("marked"))).toBe("yes");
    const slip = await page.request.get("/api/users/betslip");
    const legs = ((await slip.json()) as { data: { legs: { eventId: string; marketId: number; selectionTypeId: number }[] } }).data.legs;
    expect(legs.map((l) => `${l.marketId}.${l.selectionTypeId}.${l.eventId}`)).toEqual([leg]);
  } finally {
    release();
  }
});

test("on a 360 px phone the odds come before the site's totals and every market's name is whole in its select; at 1280 px no margin badge is cut", async ({ page }) => {
  await signedIn(page, uniqueUser("layout"));
  await gotoHydrated(page, "/dashboard?league=1&market=4");
  const firstTable = page.getByRole("main").locator("table.odds-table").first();
  await expect(firstTable).toBeVisible();
  const [tableTop, statsTop] = await Promise.all([firstTable.evaluate((el) => el.getBoundingClientRect().top), page.getByRole("region", { name: "Odds statistics" }).evaluate((el) => el.getBoundingClientRect().top)]);
  expect(tableTop, "the first odds before the totals").toBeLessThan(statsTop);
  expect(tableTop, "the first odds within the first screen").toBeLessThan(500);
  // Each option's text as the select draws it, against the room inside the select.
  const fits = await page.locator("main select").evaluateAll((selects) =>
    selects.map((select) => {
      const style = getComputedStyle(select);
      const context = document.createElement("canvas").getContext("2d")!;
      context.font = style.font;
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return [...(select as HTMLSelectElement).options].filter((option) => context.measureText(option.text).width > room).map((option) => option.text);
    }),
  );
  expect(fits.flat(), "option names cut at 360 px").toEqual([]);

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(firstTable).toBeVisible();
  const cut = await page.locator("table.odds-table td .tag").evaluateAll((tags) =>
    tags.filter((tag) => tag.scrollWidth > tag.clientWidth + 1 || tag.getBoundingClientRect().right > tag.closest(".table-container")!.getBoundingClientRect().right + 0.5).map((tag) => tag.textContent),
  );
  expect(cut, "margin badges cut at 1280 px").toEqual([]);
});

test("the list view on a 360 px phone shows every match's names whole, in kick-off order within each day", async ({ page }) => {
  await signedIn(page, uniqueUser("list"));
  await gotoHydrated(page, "/dashboard?market=1&view=list");
  const rows = page.locator(".finder-day .finder-row");
  await expect(rows.first()).toBeVisible();
  // The clubs' names as the row draws them, against the names in the link: none cut or clamped.
  const cut = await page.locator(".finder-teams").evaluateAll((names) =>
    names.filter((name) => name.scrollHeight > name.clientHeight + 1 || name.scrollWidth > name.clientWidth + 1).map((name) => name.textContent),
  );
  expect(cut, "match names cut at 360 px").toEqual([]);
  // Within each day, kick-off times only go forward, whatever the leagues (Friday 20:30 before 21:00).
  const days = await page.locator(".finder-day").evaluateAll((sections) =>
    sections.map((section) => [...section.querySelectorAll(".finder-row time")].map((time) => Date.parse(time.getAttribute("datetime")!))),
  );
  expect(days.length).toBeGreaterThan(0);
  for (const kickoffs of days) expect(kickoffs).toEqual([...kickoffs].sort((a, b) => a - b));
});
