import { expect, test, type Locator, type Page } from "@playwright/test";
import type { SureBets } from "../../shared/contract.ts";
import { gotoHydrated, logIn, signedIn, uniqueUser } from "./helpers.ts";
import { startMovingSite, type MovingSite, type RunningSite } from "./server-process.ts";

/**
 * The bettor tools (docs/design.md, Bettor tools) on a site of their own whose simulator plays the seeded
 * scenario (SIM_SCENARIO=bettor-tools: a sure bet and a value bet in 1X2 in every league), prices moving
 * every 5 s.
 */
let moving: MovingSite;
let site: RunningSite;

test.beforeAll(async () => {
  moving = await startMovingSite("tools", { SIM_SCENARIO: "bettor-tools" });
  site = moving.site;
});

test.afterAll(async () => {
  await moving?.stop();
});

/**
 * The name of a sure bet seen with the same legs in every reading of /api/odds/sure-bets for 6 s
 * (the scenario holds its prices; a sure bet of moving prices comes and goes). Reads every half
 * second until one has held that long: no fixed wait.
 */
async function steadySureBet(page: Page): Promise<string> {
  const read = () => page.evaluate(async () => ((await (await fetch("/api/odds/sure-bets?country=1", { cache: "no-store" })).json()) as { data: SureBets }).data.sureBets);
  const key = (bet: SureBets["sureBets"][number]) => `${bet.event.id}|${bet.marketId}|${bet.legs.map((l) => `${l.provider}:${l.value}`).join(",")}`;
  const since = new Map<string, { at: number; name: string }>();
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const now = Date.now();
        const bets = new Map((await read()).map((bet) => [key(bet), bet.event.name]));
        for (const seen of [...since.keys()]) if (!bets.has(seen)) since.delete(seen);
        for (const [k, name] of bets) if (!since.has(k)) since.set(k, { at: now, name });
        found = [...since.values()].find((seen) => now - seen.at >= 6_000)?.name;
        return found;
      },
      { message: "a sure bet that holds for 6 s", timeout: 45_000, intervals: [500] },
    )
    .toBeTruthy();
  return found!;
}

const naira = (text: string | null | undefined) => Number((text ?? "").replace(/[^\d.]/g, ""));

/** A sure bet's legs (price per outcome) and its stake table (stake and return per outcome), read at one instant. */
async function readSureBet(card: Locator) {
  return card.evaluate((node) => {
    const text = (el: Element | null | undefined) => el?.textContent ?? "";
    const [prices, stakes] = [...node.querySelectorAll("table")];
    const priceOf = new Map([...(prices?.querySelectorAll("tbody tr") ?? [])].map((row) => [text(row.querySelector("th")), text(row.querySelector("td"))]));
    const rows = [...(stakes?.querySelectorAll("tbody tr") ?? [])].map((row) => ({
      outcome: text(row.querySelector("th")),
      price: text(row.querySelector("th")).replace(/\s*at .*$/, ""),
      stake: text(row.querySelectorAll("td")[0]),
      returns: text(row.querySelectorAll("td")[1]),
    }));
    return { rows: rows.map((row) => ({ ...row, price: priceOf.get(row.price) ?? "" })), staked: text(stakes?.querySelector("tfoot td")) };
  });
}

test("a sure bet is found, opened and staked: ₦10,000 split into whole-naira stakes whose returns agree within ₦1", async ({ page }) => {
  await signedIn(page, uniqueUser("sure"), { baseURL: site.baseURL, dataDir: moving.dataDir });
  // The simulator's ordinary prices make short-lived sure bets too: take one that holds still
  // (the scenario's), the same legs in two readings of the API 6 s apart.
  const steady = await steadySureBet(page);
  await page.goto(`${site.baseURL}/sure-bets`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/Sure bets/i);
  await expect(page.getByText(/prices move/i).first()).toBeVisible();
  const card = page.locator("article.sure-bet").filter({ hasText: steady }).first();
  await expect(card).toBeVisible({ timeout: 30_000 });

  const total = card.getByLabel(/Total stake \(₦\)/);
  await total.fill("");
  await total.fill("10000");
  const read = await readSureBet(card);
  expect(read.rows.length).toBeGreaterThanOrEqual(2);
  const staked = naira(read.staked);
  expect(staked).toBeLessThanOrEqual(10_000);
  expect(staked).toBeGreaterThanOrEqual(9_950);
  expect(read.rows.reduce((sum, row) => sum + naira(row.stake), 0)).toBe(staked);
  const returns = read.rows.map((row) => naira(row.returns));
  for (const [i, row] of read.rows.entries()) {
    expect(Number.isInteger(naira(row.stake)), `${row.outcome} stake in whole naira`).toBe(true);
    expect(Math.abs(naira(row.stake) * Number(row.price) - returns[i]!), `${row.outcome} returns its stake x its price`).toBeLessThan(0.01);
  }
  expect(Math.max(...returns) - Math.min(...returns)).toBeLessThanOrEqual(1);
  expect(Math.min(...returns)).toBeGreaterThan(staked);

  // Every leg links to its bookmaker's page, as the match page does.
  for (const link of await card.locator("tbody a[target=_blank]").all()) {
    expect(await link.getAttribute("rel")).toBe("noopener noreferrer nofollow");
    expect(await link.getAttribute("href")).toMatch(/^https:\/\//);
  }
  // And the match is one tap away.
  await card.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/match\//);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("value bets list prices at least 3 % above the fair price, largest first, with the fair price", async ({ page }) => {
  await signedIn(page, uniqueUser("value"), { baseURL: site.baseURL, dataDir: moving.dataDir });
  await page.goto(`${site.baseURL}/value-bets`);
  const items = page.locator("li.value-bet");
  await expect(items.first()).toBeVisible({ timeout: 30_000 });
  const values = await items.evaluateAll((nodes) => nodes.map((node) => Number(/[\d.]+/.exec(node.querySelector(".tool-gain")?.textContent ?? "")?.[0])));
  expect(values.length).toBeGreaterThan(0);
  for (const value of values) expect(value).toBeGreaterThanOrEqual(3);
  expect([...values].sort((a, b) => b - a)).toEqual(values);
  await expect(items.first().getByText(/Fair price/)).toBeVisible();
});

/** The slip's size as the top bar's badge names it. */
const badge = (page: Page) => page.getByRole("banner").getByRole("link", { name: /^Betslip/ });

/** The matches on the betslip page, in its order. */
async function slipMatches(page: Page): Promise<string[]> {
  const legs = page.getByRole("list", { name: "Selections" }).getByRole("listitem");
  await expect(legs.first()).toBeVisible();
  return legs.evaluateAll((nodes) => nodes.map((node) => node.querySelector("a")?.textContent?.trim() ?? ""));
}

test("a betslip of three selections from the dashboard and a match page survives a reload and follows the user to another browser", async ({ page, browser }) => {
  const user = await signedIn(page, uniqueUser("slip"), { baseURL: site.baseURL, dataDir: moving.dataDir });
  await expect(badge(page)).toHaveAccessibleName("Betslip, 0 selections");

  // Two taps on the dashboard's cards: one selection in each of two matches.
  const cards = page.getByRole("main").locator("article.event-card").filter({ has: page.getByRole("button", { name: /^Add .* to betslip$/ }) });
  await expect(cards.nth(2)).toBeVisible({ timeout: 30_000 });
  await cards.nth(0).getByRole("button", { name: /^Add .* to betslip$/ }).first().click();
  await expect(badge(page)).toHaveAccessibleName("Betslip, 1 selection");
  await cards.nth(1).getByRole("button", { name: /^Add .* to betslip$/ }).last().click();
  await expect(badge(page)).toHaveAccessibleName("Betslip, 2 selections");

  // The third from a match page: a match not yet on the slip.
  await cards.nth(2).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/match\//);
  await page.getByRole("main").getByRole("button", { name: /^Add .* to betslip$/ }).first().click();
  await expect(badge(page)).toHaveAccessibleName("Betslip, 3 selections");

  await page.reload();
  await expect(badge(page)).toHaveAccessibleName("Betslip, 3 selections");
  await badge(page).click();
  await expect(page).toHaveURL(/\/betslip$/);
  const mine = await slipMatches(page);
  expect(mine).toHaveLength(3);
  // Every bookmaker's payout for the whole slip, the best first.
  await expect(page.getByRole("main").getByText(/Bet9ja|BetKing|SportyBet|NairaBet|1xBet/).first()).toBeVisible();

  // Another device: a fresh browser context, logged in as the same user.
  const other = await browser.newContext({ baseURL: site.baseURL });
  try {
    const second = await other.newPage();
    await gotoHydrated(second, "/");
    await logIn(second, user);
    await expect(second.getByRole("banner").getByRole("button", { name: "Account" })).toBeVisible();
    await expect(badge(second)).toHaveAccessibleName("Betslip, 3 selections");
    await second.goto("/betslip");
    expect(await slipMatches(second)).toEqual(mine);
  } finally {
    await other.close();
  }
});
