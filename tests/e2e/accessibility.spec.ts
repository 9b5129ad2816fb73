import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { expectNoViolationsOnPhoneAndDesktop } from "./axe.ts";
import {
  collectPageErrors,
  dialog,
  gotoHydrated,
  logIn,
  logOut,
  FORM_PATHS,
  PROTECTED_PATHS,
  PUBLIC_PATHS,
  readMailedCode,
  signedIn,
  registerUntilVerification,
  uniqueUser,
} from "./helpers.ts";

// Its tests share no state: they spread over the workers (playwright.config.ts).
test.describe.configure({ mode: "parallel" });

/**
 * docs/product.md, Accessibility: axe reports 0 violations, of any impact, on every route and every dialog at
 * 360 px and 1280 px. No axe rule is disabled. axe goes in as a script tag (./axe.ts), so the page's
 * strict CSP is bypassed in this file's contexts only. Each page and state is reached once, on a
 * phone, and axe reads it at both widths (the page re-laid out at 1280 px, then back): half the page
 * loads and sign-ups of a pass per width, the same states read.
 */
test.use({ bypassCSP: true, viewport: { width: 360, height: 800 } });

/** The page once its data has arrived: nothing on the network, no loading message. */
async function settled(page: Page) {
  await page.waitForLoadState("networkidle");
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
}

async function visit(page: Page, path: string) {
  await gotoHydrated(page, path);
  await settled(page);
}

const notFoundHeading = (page: Page) => page.getByRole("heading", { level: 1, name: "Page Not Found" });

/** The match page of the first event the dashboard links to, as a bettor reaches it. */
async function firstMatchPath(page: Page): Promise<string> {
  await visit(page, "/dashboard");
  const link = page.locator("main a[href^='/match/']").first();
  await expect(link).toBeVisible();
  const href = await link.getAttribute("href");
  expect(href).toMatch(/^\/match\/[^/]+$/);
  return href!;
}

/** The browser's odds and profile calls fail from now on (the page-load session check still works). */
async function failDataCalls(page: Page) {
  await page.route(/\/api\/(odds|users\/me)([/?]|$)/, (route) => route.abort("failed"));
}

/** A signed-in page reached through the account menu, a client-side navigation whose loader runs in the browser. */
async function openFromAccountMenu(page: Page, path: string) {
  await page.getByRole("banner").getByRole("button", { name: "Account" }).click();
  await page.getByRole("dialog").locator(`a[href="${path}"]`).click();
  await expect(page).toHaveURL(new RegExp(`${path}(\\?|$)`));
  await settled(page);
}

/** The page's message that its data failed to load ("Failed to load ..."). */
async function expectLoadFailed(page: Page) {
  await expect(page.getByRole("main").getByText(/^(Failed to load|Error Loading)/).first()).toBeVisible();
}

/** A selection added to the betslip from a card (pressed toggle, badge count), then the next one of that card (one per match: the slip replaces it). */
async function checkBetslipTaps(page: Page) {
  const add = page.getByRole("main").getByRole("button", { name: /^Add .* to betslip$/ });
  await add.first().click();
  await expect(page.getByRole("main").getByRole("button", { name: /^Remove .* from betslip$/ })).toHaveCount(1);
  await settled(page);
  await expectNoViolationsOnPhoneAndDesktop(page, "/dashboard with a selection on the betslip");
  await add.first().click();
  await settled(page);
  await expectNoViolationsOnPhoneAndDesktop(page, "/dashboard after a second selection of the same market");
}

/** /betslip holding the selection the dashboard checks added: its totals, then a stake it refuses. */
async function checkBetslipWithSelection(page: Page) {
  await visit(page, "/betslip");
  await expect(page.getByRole("list", { name: "Selections" }).getByRole("listitem")).toHaveCount(1);
  await expectNoViolationsOnPhoneAndDesktop(page, "/betslip with a selection");
  await page.getByLabel("Stake (₦)").fill("abc");
  await page.getByRole("button", { name: "Update stake" }).click();
  await expect(page.getByLabel("Stake (₦)")).toHaveAttribute("aria-invalid", "true");
  await expectNoViolationsOnPhoneAndDesktop(page, "/betslip with a stake it refuses");
}

async function checkDashboardStates(page: Page) {
  await visit(page, "/dashboard");
  const views = page.getByRole("group", { name: "View" });
  await views.getByRole("button", { name: "List" }).click();
  await expect(views.getByRole("button", { name: "List" })).toHaveAttribute("aria-pressed", "true");
  await settled(page);
  await expectNoViolationsOnPhoneAndDesktop(page, "/dashboard, List view");
  await views.getByRole("button", { name: "Cards" }).click();
  await expect(views.getByRole("button", { name: "Cards" })).toHaveAttribute("aria-pressed", "true");
  await settled(page);
  await expectNoViolationsOnPhoneAndDesktop(page, "/dashboard, Cards view");
  await checkBetslipTaps(page);
  // The first word of a team the dashboard shows ("Arsenal vs ..." -> "Arsenal") finds at least that match.
  const event = await page.locator("main a[href^='/match/']").first().innerText();
  await page.getByLabel("Search a team").fill(event.trim().split(/\s+/)[0]!);
  await expect(page.getByRole("listbox", { name: "Matches" }).getByRole("option").first()).toBeVisible();
  await expectNoViolationsOnPhoneAndDesktop(page, "/dashboard with the team search's suggestions open");
}

async function checkRegisterDialog(page: Page) {
  await gotoHydrated(page, "/");
  await page.getByRole("banner").getByRole("button", { name: "Login" }).click();
  await expect(dialog(page, "Log In")).toBeVisible();
  await expectNoViolationsOnPhoneAndDesktop(page, "the login dialog");
  await dialog(page, "Log In").getByRole("button", { name: "Register" }).click();
  const register = dialog(page, "Create Your Free Account");
  await expect(register).toBeVisible();
  await expectNoViolationsOnPhoneAndDesktop(page, "the register dialog");
  await register.getByRole("button", { name: "Register" }).click();
  await expect(register.getByRole("alert")).toBeVisible();
  await expectNoViolationsOnPhoneAndDesktop(page, "the register dialog with an empty form's error");
  await register.getByLabel("Username").fill("ab");
  await register.getByLabel("Password", { exact: true }).fill("short");
  await register.getByRole("button", { name: "Register" }).click();
  await expect(register.locator("[aria-invalid=true]").first()).toBeVisible();
  await expectNoViolationsOnPhoneAndDesktop(page, "the register dialog with a field in error");
  await page.keyboard.press("Escape");
  await expect(register).toHaveCount(0);
}

async function checkPasswordDialogs(page: Page, email: string) {
  await dialog(page, "Log In").getByRole("button", { name: "Forgot password?" }).click();
  const forgot = dialog(page, "Forgot Password");
  await expect(forgot).toBeVisible();
  await expectNoViolationsOnPhoneAndDesktop(page, "the forgot-password dialog");
  await forgot.getByLabel("Email").fill(email);
  await forgot.getByRole("button", { name: "Send Reset Code" }).click();
  await expect(dialog(page, "Check Your Email")).toBeVisible();
  await expectNoViolationsOnPhoneAndDesktop(page, "the 'Check Your Email' panel");
  await dialog(page, "Check Your Email").getByRole("button", { name: "Enter Reset Code" }).click();
  await expect(dialog(page, "Reset Password")).toBeVisible();
  await expectNoViolationsOnPhoneAndDesktop(page, "the reset-password dialog");
}

/**
 * Every static path of the route tree, read from client/routes.tsx's `path: "..."` entries and
 * the public pages it adds from client/public-pages.ts (`"/path": {` keys).
 */
function routeTreePaths(): string[] {
  const read = (file: string) => readFileSync(new URL(`../../client/${file}`, import.meta.url), "utf8");
  const routed = [...read("routes.tsx").matchAll(/\bpath: "([^"]+)"/g)].map((m) => m[1]!);
  const publicPages = [...read("public-pages.ts").matchAll(/^\s*"(\/[^"]*)": \{/gm)].map((m) => m[1]!);
  return [...routed, ...publicPages].map((path) => (path.startsWith("/") ? path : `/${path}`));
}

test("the checks below cover every page of the route tree", () => {
  // Dynamic paths have their own checks: /match/:id (a real event and an unknown id), /code/:bookmaker/:code
  // (a code the book does not know; booking.spec.ts reads a real one), /competitions/:id (board.spec.ts checks one the
  // picker lists) and * (the 404 page).
  const dynamic = ["/match/:id", "/code/:bookmaker/:code", "/competitions/:id", "/*"];
  // No page of its own: /code is where the paste form lands without JavaScript, on to a code's page (tests/integration/web-betslip-forms.test.ts).
  const landings = ["/code"];
  const pages = routeTreePaths().filter((path) => path !== "/" && !dynamic.includes(path) && !landings.includes(path));
  expect(pages.length).toBeGreaterThan(10);
  expect(pages.filter((path) => !([...PUBLIC_PATHS, ...FORM_PATHS, ...PROTECTED_PATHS] as string[]).includes(path))).toEqual([]);
  expect(routeTreePaths()).toEqual(expect.arrayContaining(["/", ...dynamic]));
});

test(`every public page and the 404 page, logged out, have no accessibility violations at 360 and 1280 px, nor a console error`, async ({ page }) => {
  const errors = collectPageErrors(page);
  for (const path of [...PUBLIC_PATHS, ...FORM_PATHS]) {
    await visit(page, path);
    await expectNoViolationsOnPhoneAndDesktop(page, `${path}, logged out`);
  }
  expect(errors, "console errors and uncaught exceptions on the public pages").toEqual([]);
  await visit(page, "/no-such-page");
  await expect(notFoundHeading(page)).toBeVisible();
  await expectNoViolationsOnPhoneAndDesktop(page, `the 404 page (an unknown path), logged out`);
});

test(`every page, logged in, has no accessibility violations at 360 and 1280 px, nor a console error`, async ({ page }) => {
  // About 25 pages and states, each loaded once and scanned at both widths: 1.2 min on a quiet
  // machine, past 3 min beside a second CI run. The waits are for conditions, not fixed times.
  test.setTimeout(360_000);
  const errors = collectPageErrors(page);
  await signedIn(page, uniqueUser("a11y"));
  for (const path of [...PROTECTED_PATHS, ...PUBLIC_PATHS]) {
    await visit(page, path);
    await expect(page).toHaveURL(new RegExp(`${path}(\\?|$)`));
    await expect(notFoundHeading(page), `${path} is a page of the route tree`).toHaveCount(0);
    await expectNoViolationsOnPhoneAndDesktop(page, `${path}, logged in`);
  }
  expect(errors, "console errors and uncaught exceptions on the signed-in pages").toEqual([]);
  await checkDashboardStates(page);
  await checkBetslipWithSelection(page);

  await visit(page, "/feedback");
  await page.getByLabel("Your feedback").fill("The odds tables read well on my phone.");
  await page.getByRole("button", { name: "Submit Feedback" }).click();
  await expect(page.getByRole("main").getByRole("status")).toBeVisible();
  await expectNoViolationsOnPhoneAndDesktop(page, `/feedback once sent`);

  const match = await firstMatchPath(page);
  await visit(page, match);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Page Not Found");
  await expect(page.locator("table.match-table").first()).toBeVisible();
  await expectNoViolationsOnPhoneAndDesktop(page, `the match page ${match}`);

  await visit(page, "/code/sportybet/ZZ99ZZ");
  await expect(page.getByText(/We could not find that code at SportyBet/)).toBeVisible();
  await expectNoViolationsOnPhoneAndDesktop(page, `a booking code SportyBet does not know`);

  await visit(page, "/match/no-such-event");
  await expect(notFoundHeading(page)).toBeVisible();
  await expectNoViolationsOnPhoneAndDesktop(page, `an unknown match id (the error boundary's 404)`);
  await visit(page, "/no-such-page");
  await expect(notFoundHeading(page)).toBeVisible();
  await expectNoViolationsOnPhoneAndDesktop(page, `the 404 page (an unknown path), logged in`);

  await page.getByRole("banner").getByRole("button", { name: "Account" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoViolationsOnPhoneAndDesktop(page, `the account menu`);
});

test(`the error screen has no accessibility violations at 360 and 1280 px`, async ({ page }) => {
  await visit(page, "/");
  // The About page's code cannot be fetched: the route fails and the root error boundary shows.
  await page.route(/\/about-[^/]*\.js(\?|$)/, (route) => route.abort());
  await page.getByRole("contentinfo").getByRole("link", { name: "About Us" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Something went wrong!" })).toBeVisible();
  await expectNoViolationsOnPhoneAndDesktop(page, "the error screen");
});

test("pages whose data failed to load have no accessibility violations at 360 and 1280 px", async ({ page }) => {
  test.setTimeout(120_000);
  await visit(page, "/no-such-page");
  await failDataCalls(page);
  await page.getByRole("main").getByRole("link", { name: "Compare Nigerian Odds" }).click();
  await expect(page).toHaveURL(/\/nigeria$/);
  await settled(page);
  await expectLoadFailed(page);
  await expectNoViolationsOnPhoneAndDesktop(page, "/nigeria, logged out, its preview failed");
  await page.unrouteAll();

  await signedIn(page, uniqueUser("a11y"));
  await settled(page);
  await failDataCalls(page);
  await page.locator("main a[href^='/match/']").first().click();
  await expect(page).toHaveURL(/\/match\//);
  await settled(page);
  await expectLoadFailed(page);
  await expectNoViolationsOnPhoneAndDesktop(page, "a match page whose data failed");
  for (const path of ["/dashboard", "/profile"]) {
    await openFromAccountMenu(page, path);
    await expectLoadFailed(page);
    await expectNoViolationsOnPhoneAndDesktop(page, `${path} whose data failed`);
  }
  for (const path of ["/dropping", "/sure-bets", "/value-bets"]) {
    // The bottom bar's links: the pass runs on a phone.
    await page.locator(`a[href="${path}"]:visible`).first().click();
    await expect(page).toHaveURL(new RegExp(`${path}(\\?|$)`));
    await settled(page);
    await expectLoadFailed(page);
    await expectNoViolationsOnPhoneAndDesktop(page, `${path} whose data failed`);
  }
});

test(`every dialog, with its error states, has no accessibility violations at 360 and 1280 px`, async ({ page }) => {
  test.setTimeout(120_000);
  const user = uniqueUser("a11y");
  await checkRegisterDialog(page);

  await registerUntilVerification(page, user);
  await expectNoViolationsOnPhoneAndDesktop(page, `the verification dialog`);
  const verify = dialog(page, "Verify Your Email");
  await verify.getByLabel("Verification Code").fill(await readMailedCode(user.email));
  await verify.getByRole("button", { name: "Verify" }).click();
  await expect(dialog(page, "Welcome to AfriOdds!")).toBeVisible();
  await expectNoViolationsOnPhoneAndDesktop(page, `the welcome dialog`);
  await dialog(page, "Welcome to AfriOdds!").getByRole("button", { name: "Get Started" }).click();
  await expect(page).toHaveURL(/\/dashboard(\?|$)/);
  await logOut(page);

  await logIn(page, { username: user.username, password: "wrong-password" });
  await expect(dialog(page, "Log In").getByRole("alert")).toBeVisible();
  await expectNoViolationsOnPhoneAndDesktop(page, "the login dialog with an error");
  await checkPasswordDialogs(page, user.email);
});
