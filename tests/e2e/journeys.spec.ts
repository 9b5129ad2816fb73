import { expect, test, type Page } from "@playwright/test";
import {
  dialog,
  expectOddsTables,
  fillRegistration,
  gotoHydrated,
  logIn,
  logOut,
  FIVE_BOOK_NAMES,
  PROTECTED_PATHS,
  readMailedCode,
  registerAndVerify,
  REGISTRATION_MS,
  registerUntilVerification,
  uniqueUser,
  verifyWithMailedCode,
} from "./helpers.ts";

// Its tests share no state: they spread over the workers (playwright.config.ts).
test.describe.configure({ mode: "parallel" });

const INVALID_CREDENTIALS = "Invalid username or password. Please check your credentials and try again.";

const eventNames = (page: Page) => page.locator("article.event-card h2").allInnerTexts();

test("a visitor goes from the landing page to the Nigeria preview and opens registration with 'Get Started Free'", async ({ page }) => {
  await gotoHydrated(page, "/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Compare Football Odds Across African Bookmakers");
  await page.getByRole("link", { name: "Compare Odds Now" }).click();

  await expect(page).toHaveURL(/\/nigeria$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nigerian Football Odds Comparison");
  const preview = page.getByRole("region", { name: "Next Upcoming Match" });
  await expect(preview.getByText("Preview - Sign up for all matches")).toBeVisible();
  const cards = preview.locator("article.event-card");
  await expect(cards).toHaveCount(2);
  for (const card of await cards.all()) {
    await expect(card.getByRole("heading", { level: 3 })).toHaveText(/ vs /);
    const rows = await card.locator("tbody th[scope=row]").allInnerTexts();
    expect(rows.length, "a preview card compares several bookmakers").toBeGreaterThan(1);
    for (const name of rows) expect(FIVE_BOOK_NAMES).toContain(name.trim());
  }

  await page.getByRole("button", { name: "Get Started Free" }).click();
  await expect(dialog(page, "Create Your Free Account")).toBeVisible();
  await expect(dialog(page, "Create Your Free Account").getByLabel("Username")).toBeFocused();
});

test("the Nigeria preview's cards come in the first HTML, and nothing below them moves as the page comes alive, on a phone and on a desktop", async ({ page }) => {
  // The web tier bakes the preview in once the API lists odds (server/render/preview-page.ts).
  await expect
    .poll(async () => ((await (await page.request.get("/nigeria")).text()).match(/<article class="card event-card/g) ?? []).length, { timeout: 45_000 })
    .toBe(2);
  for (const viewport of [{ width: 360, height: 780 }, { width: 1280, height: 800 }]) {
    await page.setViewportSize(viewport);
    await page.goto("/nigeria", { waitUntil: "commit" });
    const cta = page.getByRole("region", { name: "Ready to Access All Nigerian Betting Odds?" });
    await expect(page.locator("article.event-card")).toHaveCount(2);
    const before = (await cta.boundingBox())!.y;
    await page.waitForLoadState("networkidle");
    const after = (await cta.boundingBox())!.y;
    expect(Math.abs(after - before), `the call to action moved at ${viewport.width} px`).toBeLessThanOrEqual(12);
  }
});

test("registration with mismatched passwords says 'Passwords do not match' and sends nothing", async ({ page }) => {
  const sent: string[] = [];
  page.on("request", (req) => {
    if (req.url().includes("/api/users/register")) sent.push(req.url());
  });
  await gotoHydrated(page, "/nigeria");
  await page.getByRole("button", { name: "Get Started Free" }).click();
  const form = await fillRegistration(page, uniqueUser("mismatch"), "a-different-password");
  await form.getByRole("button", { name: "Register" }).click();

  await expect(form.getByRole("textbox", { name: "Confirm Password" })).toHaveAccessibleDescription("Passwords do not match");
  await expect(form).toBeVisible();
  expect(sent).toEqual([]);
});

test("a new user registers, verifies with the mailed code, is welcomed and reaches a dashboard comparing five bookmakers", async ({ page }) => {
  const user = await registerUntilVerification(page);
  await verifyWithMailedCode(page, user);
  const welcome = dialog(page, "Welcome to AfriOdds!");
  await expect(welcome.getByRole("button", { name: "Get Started" })).toBeFocused();
  await welcome.getByRole("button", { name: "Get Started" }).click();

  await expect(page).toHaveURL(/\/dashboard(\?|$)/);
  await expect(welcome).toBeHidden();
  const stats = page.getByRole("region", { name: "Odds statistics" });
  await expect(stats).toContainText("Betting Sites");
  await expect(stats.locator("dd").nth(1)).toHaveText("5");
  await expect(page.getByLabel("Select League")).toHaveValue("1");
  await expect(page.getByLabel("Select Market")).toHaveValue("1");
  await expectOddsTables(page);
  await expect(page.locator("table.odds-table caption").first()).toContainText("1X2 (Match Result)");
});

test("changing league and market updates the tables and the URL, and a reload keeps the selection", async ({ page }) => {
  await registerAndVerify(page);
  await expectOddsTables(page);
  const premierLeague = await eventNames(page);

  await page.getByLabel("Select League").selectOption({ label: "La Liga (ESP)" });
  await expect(page).toHaveURL(/[?&]league=2(&|$)/);
  await page.getByLabel("Select Market").selectOption({ label: "BTTS (Both Teams to Score)" });
  await expect(page).toHaveURL(/[?&]league=2&market=7$|[?&]market=7&league=2$/);

  const captions = page.locator("table.odds-table caption");
  await expect(captions.first()).toContainText("BTTS (Both Teams to Score)");
  await expect(page.locator("table.odds-table thead").first()).toContainText("Yes");
  await expect(page.locator("table.odds-table thead").first()).toContainText("No");
  await expectOddsTables(page, { allFive: false });
  const answer = await page.request.get("/api/odds?country=1&competition=2&market=7");
  expect(answer.status()).toBe(200);
  const laLiga = ((await answer.json()) as { data: { events: Array<{ name: string }> } }).data.events.map((e) => e.name);
  const shown = await eventNames(page);
  expect(shown.length).toBeGreaterThan(0);
  for (const name of shown) {
    expect(laLiga, "every match shown is a La Liga match").toContain(name);
    expect(premierLeague).not.toContain(name);
  }
  for (const caption of await captions.allInnerTexts()) expect(caption).toContain("BTTS (Both Teams to Score)");

  await page.reload();
  await expect(page.getByLabel("Select League")).toHaveValue("2");
  await expect(page.getByLabel("Select Market")).toHaveValue("7");
  await expect(captions.first()).toContainText("BTTS (Both Teams to Score)");
  await expectOddsTables(page, { allFive: false });
  for (const name of await eventNames(page)) expect(laLiga).toContain(name);
});

test("logout from the account menu returns to / with the Login button", async ({ page }) => {
  await registerAndVerify(page);
  await logOut(page);

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("banner").getByRole("button", { name: "Login" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("button", { name: "Account" })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("auth-session"))).toBeNull();
  // Signed out, the dashboard is a page to sign in for again.
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/\?next=%2Fdashboard$/);
});

test("a wrong password shows the invalid-credentials message, then the right one reaches the dashboard", async ({ page }) => {
  const user = await registerAndVerify(page);
  await logOut(page);
  await expect(page.getByRole("banner").getByRole("button", { name: "Login" })).toBeVisible();

  await logIn(page, { username: user.username, password: "not-the-password" });
  const login = dialog(page, "Log In");
  await expect(login.getByRole("alert")).toHaveText(INVALID_CREDENTIALS);
  await expect(page).toHaveURL(/\/$/);

  await login.getByLabel("Password", { exact: true }).fill(user.password);
  await login.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(/\/dashboard(\?|$)/);
  await expect(login).toBeHidden();
  await expectOddsTables(page);
});

test("an unverified account that logs in is taken to the verification dialog, and its mailed code still verifies it", async ({ page }) => {
  const user = await registerUntilVerification(page);
  await dialog(page, "Verify Your Email").getByRole("button", { name: "Close" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await logIn(page, user);
  const verify = dialog(page, "Verify Your Email");
  await expect(verify).toContainText("Your account is not verified yet");
  await expect(verify).toContainText(user.email);
  await expect(dialog(page, "Log In")).toHaveCount(0);
  await expect(verify.getByRole("button", { name: "Back to Login" })).toBeVisible();

  await verifyWithMailedCode(page, user);
  await dialog(page, "Welcome to AfriOdds!").getByRole("button", { name: "Get Started" }).click();
  await expect(page).toHaveURL(/\/dashboard(\?|$)/);
});

test("forgot password -> 'Check Your Email' -> reset with the mailed code reaches the dashboard, and the new password works", async ({ page }) => {
  const user = await registerAndVerify(page);
  await logOut(page);
  await expect(page.getByRole("banner").getByRole("button", { name: "Login" })).toBeVisible();

  const asked = Date.now();
  await page.getByRole("banner").getByRole("button", { name: "Login" }).click();
  await dialog(page, "Log In").getByRole("button", { name: "Forgot password?" }).click();
  const forgot = dialog(page, "Forgot Password");
  await forgot.getByLabel("Email").fill(user.email);
  await forgot.getByRole("button", { name: "Send Reset Code" }).click();
  const check = dialog(page, "Check Your Email");
  await expect(check).toContainText(user.email);
  await check.getByRole("button", { name: "Enter Reset Code" }).click();

  const reset = dialog(page, "Reset Password");
  await expect(reset).toContainText(user.email);
  const code = await readMailedCode(user.email, { purpose: "password reset", since: asked });
  const newPassword = `${user.password}-new`;
  await reset.getByLabel("Reset Code").fill(code);
  await reset.getByLabel("New Password", { exact: true }).fill(newPassword);
  await reset.getByLabel("Confirm New Password", { exact: true }).fill(newPassword);
  await reset.getByRole("button", { name: "Reset Password" }).click();
  await expect(page).toHaveURL(/\/dashboard(\?|$)/);
  await expect(page.getByRole("banner").getByRole("button", { name: "Account" })).toBeVisible();

  await logOut(page);
  await logIn(page, user);
  await expect(dialog(page, "Log In").getByRole("alert")).toHaveText(INVALID_CREDENTIALS);
  await dialog(page, "Log In").getByLabel("Password", { exact: true }).fill(newPassword);
  await dialog(page, "Log In").getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(/\/dashboard(\?|$)/);
});

test("feedback shows a live 'n/2000 characters' counter and thanks the user after submitting", async ({ page }) => {
  await registerAndVerify(page);
  await page.getByRole("banner").getByRole("button", { name: "Account" }).click();
  await page.getByRole("dialog").getByRole("link", { name: "Feedback" }).click();
  await expect(page).toHaveURL(/\/feedback$/);

  const box = page.getByLabel("Your feedback");
  const submit = page.getByRole("button", { name: "Submit Feedback" });
  await expect(page.getByText("0/2000 characters")).toBeVisible();
  await expect(submit).toBeDisabled();
  await box.pressSequentially("Great");
  await expect(page.getByText("5/2000 characters")).toBeVisible();
  await box.pressSequentially(" odds, thanks!");
  await expect(page.getByText("19/2000 characters")).toBeVisible();
  await submit.click();

  await expect(page.getByRole("status")).toHaveText("Thank you for your feedback! It helps us make AfriOdds better.");
  await expect(box).toHaveValue("");
  await expect(page.getByText("0/2000 characters")).toBeVisible();
});

test("the profile shows the username, email, Nigeria and the Member Since date", async ({ page }) => {
  const user = await registerAndVerify(page);
  await page.getByRole("banner").getByRole("button", { name: "Account" }).click();
  await page.getByRole("dialog").getByRole("link", { name: "Profile" }).click();
  await expect(page).toHaveURL(/\/profile$/);

  const row = (label: string) => page.getByRole("row", { name: new RegExp(`^${label}\\b`) }).getByRole("cell");
  await expect(row("Username")).toHaveText(user.username);
  await expect(row("Email")).toHaveText(user.email);
  await expect(row("Country")).toHaveText("Nigeria");
  const today = new Intl.DateTimeFormat("en-GB", { timeZone: "Africa/Lagos", day: "numeric", month: "long", year: "numeric" }).format(new Date());
  await expect(row("Member Since")).toHaveText(today);

  await page.reload();
  await expect(row("Username")).toHaveText(user.username);
  await expect(row("Country")).toHaveText("Nigeria");
});

test("a protected route visited while logged out goes home with the page to return to, and the login dialog opens saying what the link holds", async ({ page }) => {
  for (const path of PROTECTED_PATHS) {
    const answer = await page.request.get(path, { maxRedirects: 0 });
    expect(answer.status(), `${path} answers a redirect`).toBe(302);
    expect(answer.headers().location).toBe(`/?next=${encodeURIComponent(path)}`);
  }
  await page.goto("/betslip");
  await expect(page).toHaveURL(/\/\?next=%2Fbetslip$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Compare Football Odds Across African Bookmakers");
  await expect(dialog(page, "Log In").getByText("Log in or sign up free to open your betslip.")).toBeVisible();
});

/** An unsigned-looking JWT whose exp is an hour ago; the web tier must refresh rather than use it. */
function expiredJwt(): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const now = Math.floor(Date.now() / 1000);
  return `${part({ alg: "HS256", typ: "JWT" })}.${part({ sub: "expired", ak: "expired", sid: "expired", iat: now - 7200, exp: now - 3600 })}.c2lnbmF0dXJl`;
}

test("an expired or missing access token is refreshed without the user noticing", async ({ page, context }) => {
  await registerAndVerify(page);
  const accessToken = async () => (await context.cookies()).find((c) => c.name === "afriodds_at")?.value;
  const first = await accessToken();
  expect(first).toBeTruthy();

  await context.clearCookies({ name: "afriodds_at" });
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard(\?|$)/);
  await expectOddsTables(page);
  await expect(page.getByRole("banner").getByRole("button", { name: "Account" })).toBeVisible();
  const second = await accessToken();
  expect(second).toBeTruthy();
  expect(second).not.toBe(first);

  const url = new URL(page.url());
  await context.addCookies([{ name: "afriodds_at", value: expiredJwt(), domain: url.hostname, path: "/", httpOnly: true, sameSite: "Lax" }]);
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard(\?|$)/);
  await expectOddsTables(page);
  const third = await accessToken();
  expect(third).toBeTruthy();
  expect(third).not.toBe(second);

  // And the browser's own calls keep working on the refreshed session.
  await page.getByLabel("Select League").selectOption({ label: "Serie A (ITA)" });
  await expect(page).toHaveURL(/[?&]league=3(&|$)/);
  await expect(page.getByRole("status")).toHaveCount(0);
  await expectOddsTables(page, { allFive: false });
});

test("Escape closes every dialog: login, register, forgot, check-your-email, reset, verify and welcome", async ({ page }) => {
  await gotoHydrated(page, "/");
  const loginButton = page.getByRole("banner").getByRole("button", { name: "Login" });
  const anyDialog = page.getByRole("dialog");

  await loginButton.click();
  await expect(dialog(page, "Log In")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(anyDialog).toHaveCount(0);
  await expect(loginButton).toBeFocused();

  for (const [link, title] of [
    ["Register", "Create Your Free Account"],
    ["Forgot password?", "Forgot Password"],
  ] as const) {
    await loginButton.click();
    await dialog(page, "Log In").getByRole("button", { name: link }).click();
    await expect(dialog(page, title)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(anyDialog).toHaveCount(0);
  }

  await loginButton.click();
  await dialog(page, "Log In").getByRole("button", { name: "Forgot password?" }).click();
  await dialog(page, "Forgot Password").getByLabel("Email").fill(uniqueUser("nobody").email);
  await dialog(page, "Forgot Password").getByRole("button", { name: "Send Reset Code" }).click();
  await expect(dialog(page, "Check Your Email")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(anyDialog).toHaveCount(0);

  await loginButton.click();
  await dialog(page, "Log In").getByRole("button", { name: "Forgot password?" }).click();
  await dialog(page, "Forgot Password").getByLabel("Email").fill(uniqueUser("nobody").email);
  await dialog(page, "Forgot Password").getByRole("button", { name: "Send Reset Code" }).click();
  await dialog(page, "Check Your Email").getByRole("button", { name: "Enter Reset Code" }).click();
  await expect(dialog(page, "Reset Password")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(anyDialog).toHaveCount(0);

  const user = await registerUntilVerification(page);
  await page.keyboard.press("Escape");
  await expect(anyDialog).toHaveCount(0);

  await logIn(page, user);
  await verifyWithMailedCode(page, user);
  await page.keyboard.press("Escape");
  await expect(anyDialog).toHaveCount(0);
  // Welcome's close leads on to the dashboard, as 'Get Started' does.
  await expect(page).toHaveURL(/\/dashboard(\?|$)/);
});

/** Presses Tab until the focused element's accessible text is `name` (the user tabbing to a control). */
async function tabTo(page: Page, name: string, limit = 40) {
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return (el?.getAttribute("aria-label") ?? el?.innerText ?? "").trim();
    });
    if (focused === name) return;
  }
  throw new Error(`Tab never reached "${name}"`);
}

test("a user registers, verifies and reaches the dashboard with the keyboard alone", async ({ page }) => {
  const user = uniqueUser("keys");
  await gotoHydrated(page, "/");

  await tabTo(page, "Login");
  await page.keyboard.press("Enter");
  const login = dialog(page, "Log In");
  await expect(login.getByLabel("Username or email")).toBeFocused();
  await tabTo(page, "Register");
  await page.keyboard.press("Enter");

  const register = dialog(page, "Create Your Free Account");
  await expect(register.getByLabel("Username")).toBeFocused();
  await page.keyboard.type(user.username);
  await page.keyboard.press("Tab");
  await expect(register.getByLabel("Email")).toBeFocused();
  await page.keyboard.type(user.email);
  await page.keyboard.press("Tab");
  await page.keyboard.type(user.password);
  // Past the password's Show button to the confirmation.
  await tabTo(page, "");
  await expect(register.getByLabel("Confirm Password", { exact: true })).toBeFocused();
  await page.keyboard.type(user.password);
  await tabTo(page, "");
  await expect(register.getByRole("checkbox", { name: /18 or older/ })).toBeFocused();
  await page.keyboard.press("Space");
  await tabTo(page, "Register");
  await page.keyboard.press("Enter");

  const verify = dialog(page, "Verify Your Email");
  await expect(verify.getByLabel("Verification Code")).toBeFocused({ timeout: REGISTRATION_MS });
  await page.keyboard.type(await readMailedCode(user.email));
  await page.keyboard.press("Enter");

  const welcome = dialog(page, "Welcome to AfriOdds!");
  await expect(welcome.getByRole("button", { name: "Get Started" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard(\?|$)/);
  await expectOddsTables(page);
});
