import { expect, test, type Page } from "@playwright/test";
import { expectNoViolations } from "./axe.ts";
import { resendRequestedMessage } from "#shared/messages.ts";
import { COMPETITIONS, MARKETS, marketLabel } from "#shared/reference.ts";
import { addButtonOfLaterMatch, ALL_FIVE_MS, expectOddsTables, readMailedCode, site, uniqueUser, verifiedUser } from "./helpers.ts";

// A phone without JavaScript (Opera Mini's extreme mode, a feature phone, JavaScript turned off):
// sign-in is a form the web tier handles (docs/design.md, Pages without JavaScript).
test.use({ javaScriptEnabled: false, viewport: { width: 240, height: 640 } });

/** Logs in through the sign-in page's form, as a phone without JavaScript does, and lands on the dashboard. */
async function logInByForm(page: Page, user: { username: string; password: string }) {
  await page.goto(`${site().baseURL}/login`);
  await page.getByLabel("Username or email").fill(user.username);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test("without JavaScript, a bettor logs in by form, sees a wrong password's message, reaches the odds and logs out from the profile page", async ({ page, request }) => {
  const user = await verifiedUser(request, uniqueUser("lite"));
  await page.goto(`${site().baseURL}/login`);
  const form = page.locator("form[action='/login']");
  // No Show button on the password without the app to run it.
  await expect(form.getByRole("button", { name: /^Show/ })).toHaveCount(0);
  await form.getByLabel("Username or email").fill(user.username);
  await form.getByLabel("Password", { exact: true }).fill("not the password 1");
  await form.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("alert")).toHaveText("Invalid username or password. Please check your credentials and try again.");
  await expect(form.getByLabel("Username or email")).toHaveValue(user.username);

  await form.getByLabel("Password", { exact: true }).fill(user.password);
  await form.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectOddsTables(page, { allFive: false });
  // A reload does not post again: the dashboard is what it loads.
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Logging out: the top bar's Account is the profile page, which holds the log-out form.
  await page.getByRole("banner").getByRole("button", { name: "Account" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("banner").getByRole("button", { name: "Login" })).toBeVisible();
  await page.goto(`${site().baseURL}/dashboard`);
  await expect(page).not.toHaveURL(/\/dashboard$/);

  // The e-mail address signs in as well as the username.
  await logInByForm(page, { username: user.email, password: user.password });
});

test("without JavaScript, a visitor signs up from the home page's top bar, verifies the mailed code and reaches the odds", async ({ page }) => {
  const user = uniqueUser("litesign");
  await page.goto(`${site().baseURL}/`);
  await page.getByRole("banner").getByRole("button", { name: "Sign up free" }).click();
  await expect(page).toHaveURL(/\/register$/);
  const form = page.locator("form[action='/register']");
  await form.getByLabel("Username").fill(user.username);
  await form.getByLabel("Email").fill(user.email);
  await form.getByLabel("Password", { exact: true }).fill(user.password);
  await form.getByRole("textbox", { name: "Confirm Password" }).fill(user.password);
  // The 18+ and Terms box left empty: the spec's message, and what was typed is kept.
  await form.getByRole("button", { name: "Register" }).click();
  await expect(form.getByRole("checkbox")).toHaveAccessibleDescription("Please confirm you are 18 or older and accept the Terms of Service and Privacy Policy");
  await expect(form.getByLabel("Email")).toHaveValue(user.email);
  await form.getByLabel("Password", { exact: true }).fill(user.password);
  await form.getByRole("textbox", { name: "Confirm Password" }).fill(user.password);
  await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: "Register" }).click();

  await expect(page).toHaveURL(/\/verify$/);
  await expect(page.getByRole("status")).toContainText(user.email);
  // A new code asked for: the page says so, and the newest code mailed is the one to use.
  await page.getByRole("button", { name: "Resend code" }).click();
  await expect(page).toHaveURL(/\/verify$/);
  await expect(page.getByRole("status")).toHaveText(resendRequestedMessage(user.email));
  const code = await readMailedCode(user.email);
  await page.locator("form[action='/verify']").getByLabel("Verification Code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectOddsTables(page, { allFive: false });
});

test("without JavaScript, a bettor adds a selection from the dashboard, sees it counted in the top bar, opens a by-hand list, sets the stake, gets a booking code, reads it back and opens its shared link", async ({ page, request }) => {
  const user = await verifiedUser(request, uniqueUser("liteslip"));
  await logInByForm(page, user);

  // A home win from a match not about to start, from its odds table: a form post, then back on the dashboard.
  const add = await addButtonOfLaterMatch(page);
  const name = (await add.getAttribute("aria-label"))!.replace(/^Add /, "").replace(/ to betslip$/, "");
  await add.click();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByRole("status").filter({ hasText: "Added to your betslip." })).toBeVisible();

  // The top bar's badge counts the slip in the page the server sent: no script reads it here.
  const badge = page.getByRole("banner").getByRole("link", { name: "Betslip, 1 selection" });
  await expect(badge).toBeVisible();
  await expect(badge.locator(".betslip-count")).toHaveText("1");
  await badge.click();
  await expect(page).toHaveURL(/\/betslip$/);
  await expect(page.getByRole("button", { name: `Remove ${name} from betslip` })).toBeVisible();

  // A book without booking codes lists the selection to add there by hand: it opens without script.
  const byHand = page.locator("summary", { hasText: /^Selections to add at (NairaBet|1xBet) by hand$/ }).first();
  const handList = page.getByRole("list", { name: /^Selections to add at (NairaBet|1xBet)$/ }).first();
  await expect(handList).toBeHidden();
  await byHand.click();
  await expect(handList).toBeVisible();
  await expect(handList.getByRole("link", { name: name.split(",")[0]!, exact: true })).toBeVisible();
  await page.getByLabel("Stake (₦)").fill("2500");
  await page.getByRole("button", { name: "Update stake" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Stake updated." })).toBeVisible();
  await expect(page.getByLabel("Stake (₦)")).toHaveValue(/^2,?500(\.00)?$/);

  // A code at the first book that makes them and can place this selection.
  // On a loaded host a book's prices can leave as stale for a few cycles: the page, read again, has them back.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("button", { name: /^Get booking code at / }).first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: ALL_FIVE_MS });
  const books = await page.getByRole("button", { name: /^Get booking code at / }).count();
  let said = "";
  for (let i = 0; i < books && !/booking code: /.test(said); i += 1) {
    await page.getByRole("button", { name: /^Get booking code at / }).nth(i).click();
    await expect(page.locator(".notification").first()).toBeVisible();
    said = (await page.locator(".notification").first().textContent()) ?? "";
  }
  expect(said).toMatch(/^Your (SportyBet|Bet9ja|BetKing) booking code: \w+ \(1 selection\)/);

  // The code pasted back, read by form: on to the code's page, which shows what it holds; then its
  // selection replaces the slip's, by form too.
  const [, book, code] = /^Your (\w+) booking code: (\w+)/.exec(said)!;
  await page.getByLabel("Bookmaker", { exact: true }).selectOption({ label: book! });
  await page.getByRole("textbox", { name: "Booking code" }).fill(code!.toLowerCase());
  await page.getByRole("button", { name: "Read code" }).click();
  await expect(page).toHaveURL(new RegExp(`/code/${book!.toLowerCase()}/${code}\\?read=now$`));
  await expect(page.getByRole("main")).toContainText(name.split(",")[0]!);
  await page.getByRole("button", { name: "Replace my slip" }).click();
  await expect(page).toHaveURL(/\/betslip$/);
  await expect(page.getByRole("status").filter({ hasText: "Your slip now holds this selection." })).toBeVisible();

  // The code's link as shared, without `?read=now`: the selections come without a tap (decision 039).
  const shared = `${site().baseURL}/code/${book!.toLowerCase()}/${code}`;
  await page.goto(shared);
  await expect(page).toHaveURL(`${shared}?read=now`);
  await expect(page.getByRole("main")).toContainText(name.split(",")[0]!);
  await expect(page.getByRole("button", { name: "Replace my slip" })).toBeVisible();
  // A phone saving data gets them in the first answer itself.
  await page.context().setExtraHTTPHeaders({ "save-data": "on" });
  const first = await page.goto(shared);
  expect(await first!.text()).toContain(name.split(",")[0]!.replaceAll("&", "&amp;"));
  await expect(page).toHaveURL(shared);
});

test("without JavaScript, a bettor searches a team by form, opens its match and adds a selection from the match page", async ({ page, request }) => {
  const user = await verifiedUser(request, uniqueUser("litesearch"));
  await logInByForm(page, user);

  // A team of the first match listed, searched from the dashboard's field: its form's button.
  const heading = (await page.locator("a[href^='/match/']").first().textContent()) ?? "";
  const team = /^(.+?) vs? /.exec(heading.trim())?.[1] ?? "";
  expect(team, `a team read from "${heading}"`).not.toBe("");
  await page.getByRole("search").getByLabel("Search a team").fill(team.slice(0, 5));
  await page.getByRole("search").getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/search\?q=/);
  expect(new URL(page.url()).searchParams.get("q")).toBe(team.slice(0, 5));
  await expect(page.getByRole("status")).toContainText(/\d+ match(es)? for /);
  const found = page.getByRole("list", { name: "Matches" }).getByRole("link").filter({ hasText: team }).first();
  await expect(found).toBeVisible();
  // Too short a question says why, and asks nothing.
  await page.getByLabel("Team").fill("a");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("status")).toHaveText("Type at least 2 letters of a team's name.");
  await page.goBack();
  await found.click();
  await expect(page).toHaveURL(/\/match\//);
  const matchUrl = page.url();

  // The match page's selection buttons are the add form: back on the match page, which says so.
  const add = page.getByRole("button", { name: /^Add .* to betslip$/ }).first();
  const name = (await add.getAttribute("aria-label"))!.replace(/^Add /, "").replace(/ to betslip$/, "");
  await add.click();
  await expect(page).toHaveURL(matchUrl);
  await expect(page.getByRole("status").filter({ hasText: "Added to your betslip." })).toBeVisible();
  await page.goto(`${site().baseURL}/betslip`);
  await expect(page.getByRole("button", { name: `Remove ${name} from betslip` })).toBeVisible();
});

test("without JavaScript, a bettor chooses the dashboard's league, market, view and day, narrows dropping odds, and removes a selection from the betslip", async ({ page, request }) => {
  const user = await verifiedUser(request, uniqueUser("litechoose"));
  await logInByForm(page, user);

  // League and market: a GET form ("Show odds"), the choice in the URL.
  const [league, market] = [COMPETITIONS[1]!, MARKETS.find((m) => m.id !== 1)!];
  await page.getByLabel("Select League").selectOption(String(league.id));
  await page.getByLabel("Select Market").selectOption(String(market.id));
  await page.getByRole("button", { name: "Show odds" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard\\?league=${league.id}&market=${market.id}$`));
  await expect(page.getByLabel("Select League")).toHaveValue(String(league.id));
  await expect(page.locator("table.odds-table caption").first()).toHaveText(new RegExp(`, ${marketLabel(market.id).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  // View and day: links, the choice kept.
  await page.getByRole("group", { name: "View" }).getByRole("button", { name: "List" }).click();
  await expect(page).toHaveURL(/[?&]view=list(&|$)/);
  await expect(page.getByRole("group", { name: "View" }).getByRole("button", { name: "List" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator(".finder-list")).toBeVisible();
  await page.getByRole("group", { name: "Day" }).getByRole("button", { name: "Weekend" }).click();
  await expect(page).toHaveURL(/[?&]day=weekend(&|$)/);
  expect(new URL(page.url()).searchParams.get("view")).toBe("list");
  expect(new URL(page.url()).searchParams.get("day")).toBe("weekend");
  await expect(page.getByRole("group", { name: "Day" }).getByRole("button", { name: "Weekend" })).toHaveAttribute("aria-pressed", "true");

  // Dropping odds narrowed to one market by its form's Show.
  await page.goto(`${site().baseURL}/dropping`);
  await page.getByLabel("Market").selectOption("1");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/\/dropping\?league=&market=1$/);
  // The page streams in: read its list once it is all there.
  await page.waitForLoadState("load");
  await expect(page.getByLabel("Market")).toHaveValue("1");
  // Each fall left is a 1X2 one (its market, then its outcome), or the page says none in 1X2 fell.
  const markets = await page.locator(".drop-item .drop-what > .drop-detail:first-of-type").allTextContents();
  for (const detail of markets) expect(detail).toMatch(/^1X2 \(Match Result\) · /);
  if (markets.length === 0) await expect(page.getByText(/^No price in this league and market has dropped/)).toBeVisible();

  // A selection added, then removed on the betslip page by its form.
  await page.goto(`${site().baseURL}/dashboard`);
  const add = await addButtonOfLaterMatch(page);
  const name = (await add.getAttribute("aria-label"))!.replace(/^Add /, "").replace(/ to betslip$/, "");
  await add.click();
  await expect(page.getByRole("status").filter({ hasText: "Added to your betslip." })).toBeVisible();
  await page.goto(`${site().baseURL}/betslip`);
  await page.getByRole("button", { name: `Remove ${name} from betslip` }).click();
  await expect(page).toHaveURL(/\/betslip$/);
  await expect(page.getByRole("status").filter({ hasText: "Removed from your betslip." })).toBeVisible();
  await expect(page.getByRole("button", { name: `Remove ${name} from betslip` })).toHaveCount(0);
});

test("without JavaScript, a bettor who forgot the password gets a code from the login page's link, sets a new one and is signed in", async ({ page, request }) => {
  const user = await verifiedUser(request, uniqueUser("liteforgot"));
  await page.goto(`${site().baseURL}/login`);
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  const since = Date.now();
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Send Reset Code" }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByRole("status")).toContainText(`If an account exists for ${user.email}`);
  const code = await readMailedCode(user.email, { purpose: "password reset", since });
  await page.getByLabel("Reset Code").fill(code);
  await page.getByRole("textbox", { name: "New Password", exact: true }).fill("a new password 22");
  await page.getByRole("textbox", { name: "Confirm New Password" }).fill("a new password 22");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectOddsTables(page, { allFive: false });
});

test("without JavaScript, a bettor sends feedback by form", async ({ page, request }) => {
  const user = await verifiedUser(request, uniqueUser("litefeed"));
  await logInByForm(page, user);
  await page.goto(`${site().baseURL}/feedback`);
  await page.getByLabel("Your feedback").fill("Works on my feature phone.");
  await page.getByRole("button", { name: "Submit Feedback" }).click();
  await expect(page).toHaveURL(/\/feedback$/);
  await expect(page.getByRole("status")).toHaveText("Thank you for your feedback! It helps us make AfriOdds better.");
});

test("without JavaScript at 240 px, no page scrolls sideways: the top and bottom bars, the forms and the odds fit the screen", async ({ page, request }) => {
  const user = await verifiedUser(request, uniqueUser("lite240"));
  const overflow = async (path: string) => {
    await page.goto(`${site().baseURL}${path}`);
    // What reaches past the screen's right edge (fixed bars included), named to say where.
    return page.evaluate(() =>
      [...document.querySelectorAll("body *")]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5 && !el.closest(".table-container, .visually-hidden"))
        .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`)
        .slice(0, 5),
    );
  };
  for (const path of ["/", "/nigeria", "/login", "/register", "/forgot-password", "/about"]) expect(await overflow(path), path).toEqual([]);
  await logInByForm(page, user);
  const match = await page.locator("a[href^='/match/']").first().getAttribute("href");
  for (const path of ["/dashboard", "/dashboard?view=list", "/search?q=man", match!, "/betslip", "/sure-bets", "/value-bets", "/dropping", "/profile", "/feedback", "/help"]) {
    expect(await overflow(path), path).toEqual([]);
  }
});

test.describe("lite pages", () => {
  // The lite page is what a phone without JavaScript gets, with no script to tell the two apart; axe,
  // a script itself, reads it in a browser that runs scripts (it cannot run where they are off).
  test.use({ javaScriptEnabled: true, bypassCSP: true, extraHTTPHeaders: { "save-data": "on" } });

  test("the form pages and the signed-in pages of the lite site have no accessibility violations at 240 and 360 px", async ({ page, request }) => {
    const user = await verifiedUser(request, uniqueUser("liteaxe"));
    const scan = async (path: string, what: string) => {
      await page.goto(`${site().baseURL}${path}`);
      expect(await page.locator("script").count(), `${path} is a lite page`).toBe(0);
      for (const width of [240, 360]) {
        await page.setViewportSize({ width, height: 640 });
        await expectNoViolations(page, `${what} at ${width} px`);
      }
    };
    for (const path of ["/", "/login", "/register", "/verify", "/forgot-password", "/reset-password"]) await scan(path, `${path}, lite, logged out`);
    await logInByForm(page, user);
    const match = await page.locator("a[href^='/match/']").first().getAttribute("href");
    for (const path of ["/dashboard?league=1&market=1", "/search?q=man", match!, "/betslip", "/dropping", "/sure-bets", "/value-bets", "/profile", "/feedback"]) await scan(path, `${path}, lite, logged in`);
  });
});
