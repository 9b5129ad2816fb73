import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import type { OddsEvent, OddsResponse } from "#shared/contract.ts";
import { uniqueUser, type TestUser } from "./users.ts";

export { uniqueUser, type TestUser };

export { FORM_PATHS, PROTECTED_PATHS, PUBLIC_PATHS } from "../../client/route-paths.ts";
export const FIVE_BOOK_NAMES = ["Bet9ja", "BetKing", "SportyBet", "NairaBet", "1xBet"] as const;

/** What global-setup.ts started, as the environment hands it to the workers. */
export function site(): { baseURL: string; dataDir: string } {
  const { E2E_BASE_URL, E2E_DATA_DIR } = process.env;
  if (!E2E_BASE_URL || !E2E_DATA_DIR) {
    throw new Error("E2E_BASE_URL / E2E_DATA_DIR are unset: run the suite with `npx playwright test` so global setup starts the site.");
  }
  return { baseURL: E2E_BASE_URL, dataDir: E2E_DATA_DIR };
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=), in case a mailer encodes the subject. */
function decodeWords(value: string): string {
  return value.replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_all, kind: string, text: string) =>
    kind.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : Buffer.from(text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), "latin1").toString("utf8"),
  );
}

/** The header block of an .eml file, unfolded, names lower-cased. */
function headersOf(eml: string): Map<string, string> {
  const head = eml.split(/\r?\n\r?\n/, 1)[0] ?? "";
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return headers;
}

export type CodePurpose = "verification" | "password reset";

/**
 * The newest 6-digit code mailed to `email` (DATA_DIR/outbox/*.eml, subject "Your AfriOdds
 * verification code: 123456" or "... password reset code: ..."), polling until one written at or
 * after `since` (epoch ms) appears.
 */
export async function readMailedCode(
  email: string,
  {
    purpose = "verification",
    since = 0,
    timeoutMs = 10_000,
    dataDir = site().dataDir,
  }: { purpose?: CodePurpose; since?: number; timeoutMs?: number; dataDir?: string } = {},
): Promise<string> {
  const outbox = join(dataDir, "outbox");
  const subject = new RegExp(`^Your AfriOdds ${purpose} code: (\\d{6})$`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = await readdir(outbox).catch(() => [] as string[]);
    const mails = await Promise.all(
      names
        .filter((name) => name.endsWith(".eml"))
        .map(async (name) => ({ path: join(outbox, name), name, mtime: (await stat(join(outbox, name))).mtimeMs })),
    );
    mails.sort((a, b) => b.mtime - a.mtime || b.name.localeCompare(a.name));
    for (const mail of mails) {
      if (mail.mtime < since - 5) break;
      const headers = headersOf(await readFile(mail.path, "utf8"));
      if (!(headers.get("to") ?? "").toLowerCase().includes(email.toLowerCase())) continue;
      const match = subject.exec(headers.get("subject") ?? "");
      if (match?.[1]) return match[1];
    }
    if (Date.now() > deadline) throw new Error(`No ${purpose} code mailed to ${email} in ${outbox} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Opens a page and waits until the app has hydrated: the shell's start-up session check
 * (GET /api/session) runs in an effect, after React has attached its handlers.
 */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  const session = page.waitForResponse((res) => new URL(res.url()).pathname === "/api/session");
  await page.goto(path);
  await session;
}

export const dialog = (page: Page, title: string): Locator => page.getByRole("dialog", { name: title });

/** Fills the open registration dialog; `confirmPassword` defaults to the password. */
export async function fillRegistration(page: Page, user: TestUser, confirmPassword = user.password): Promise<Locator> {
  const form = dialog(page, "Create Your Free Account");
  await form.getByLabel("Username").fill(user.username);
  await form.getByLabel("Email").fill(user.email);
  await form.getByLabel("Password", { exact: true }).fill(user.password);
  await form.getByLabel("Confirm Password", { exact: true }).fill(confirmPassword);
  await form.getByRole("checkbox", { name: /18 or older/ }).check();
  return form;
}

/** Another running site than the suite's own: its origin and its DATA_DIR (for the outbox). */
export interface OtherSite {
  baseURL: string;
  dataDir: string;
}

/**
 * How long a registration may take from the Register button to the verification dialog: the
 * account's proof of work, the server's hash and the mail. A second or two quiet; past 10 s beside a
 * second CI run (load 7-8), twice in one pair of runs.
 */
export const REGISTRATION_MS = 30_000;

/** Register through the UI (Login, then Register) and stop at the verification dialog. */
export async function registerUntilVerification(page: Page, user: TestUser = uniqueUser("user"), other?: OtherSite): Promise<TestUser> {
  await gotoHydrated(page, `${other?.baseURL ?? ""}/`);
  await page.getByRole("banner").getByRole("button", { name: "Login" }).click();
  await dialog(page, "Log In").getByRole("button", { name: "Register" }).click();
  const form = await fillRegistration(page, user);
  await form.getByRole("button", { name: "Register" }).click();
  await expect(dialog(page, "Verify Your Email")).toContainText(user.email, { timeout: REGISTRATION_MS });
  return user;
}

/** Enters the mailed code in the open verification dialog and waits for the Welcome dialog. */
export async function verifyWithMailedCode(page: Page, user: TestUser, since = 0, dataDir?: string): Promise<void> {
  const code = await readMailedCode(user.email, { since, ...(dataDir ? { dataDir } : {}) });
  const verify = dialog(page, "Verify Your Email");
  await verify.getByLabel("Verification Code").fill(code);
  await verify.getByRole("button", { name: "Verify" }).click();
  await expect(dialog(page, "Welcome to AfriOdds!")).toBeVisible();
}

/** A new, verified, signed-in user, made through the UI: register, verify with the mailed code, Get Started. */
export async function registerAndVerify(page: Page, user: TestUser = uniqueUser("user"), other?: OtherSite): Promise<TestUser> {
  await registerUntilVerification(page, user, other);
  await verifyWithMailedCode(page, user, 0, other?.dataDir);
  await dialog(page, "Welcome to AfriOdds!").getByRole("button", { name: "Get Started" }).click();
  await expect(page).toHaveURL(/\/dashboard(\?|$)/);
  // The dashboard is a document load from the public app: the caller's next tap needs its app.
  await untilHydrated(page.getByRole("banner").getByRole("button", { name: "Account" }));
  return user;
}

/**
 * A new, verified, signed-in user made through the API, not the UI (docs/conventions.md, Tests:
 * users made by fixture): register and verify with the mailed code through the page's own request
 * context, whose cookie jar is the page's, then open the dashboard signed in. The journeys that are
 * about signing up keep registerAndVerify.
 */
export async function signedIn(page: Page, user: TestUser = uniqueUser("user"), other?: OtherSite): Promise<TestUser> {
  const base = other?.baseURL ?? site().baseURL;
  await verifiedUser(page.request, user, other);
  await gotoHydrated(page, `${base}/dashboard`);
  await expect(page.getByRole("banner").getByRole("button", { name: "Account" })).toBeVisible();
  return user;
}

/** A new user registered and verified through `request`, whose cookie jar then holds its session (a page's own, or one apart). */
export async function verifiedUser(request: APIRequestContext, user: TestUser = uniqueUser("user"), other?: OtherSite): Promise<TestUser> {
  const base = other?.baseURL ?? site().baseURL;
  const json = { origin: base, "content-type": "application/json" };
  const since = Date.now();
  const registered = await request.put(`${base}/api/users/register`, { headers: json, data: { userName: user.username, email: user.email, password: user.password, country: 1, acceptTerms: true } });
  expect(registered.status(), await registered.text()).toBe(201);
  const otp = await readMailedCode(user.email, { since, ...(other ? { dataDir: other.dataDir } : {}) });
  const verified = await request.post(`${base}/api/users/verify-email`, { headers: json, data: { email: user.email, otp } });
  expect(verified.status(), await verified.text()).toBe(200);
  return user;
}

/** Logs in from the top bar's Login button on whatever page is open. */
export async function logIn(page: Page, user: Pick<TestUser, "username" | "password">): Promise<void> {
  const login = page.getByRole("banner").getByRole("button", { name: "Login" });
  await untilHydrated(login);
  await login.click();
  const form = dialog(page, "Log In");
  await form.getByLabel("Username or email").fill(user.username);
  await form.getByLabel("Password", { exact: true }).fill(user.password);
  await form.getByRole("button", { name: "Log In" }).click();
}

/**
 * Waits until React has taken `control` over (hydration gives the server's node React's props). A
 * tap before then is held and, with the app still far, takes the control's own course: a link to
 * the page it stands for (docs/decisions/041-controls-work-before-the-app.md), not the dialog it opens.
 */
export async function untilHydrated(control: Locator): Promise<void> {
  await expect
    .poll(() => control.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactProps$"))), { timeout: 30_000 })
    .toBe(true);
}

/** Logs out from the account drawer, once the app is up (a page loaded as a document may still be hydrating), and waits for home's. */
export async function logOut(page: Page): Promise<void> {
  const account = page.getByRole("banner").getByRole("button", { name: "Account" });
  await untilHydrated(account);
  await account.click();
  await page.getByRole("dialog").getByRole("button", { name: "Logout" }).click();
  // Home is a document load from the signed-in app: the caller's next tap needs its app.
  await untilHydrated(page.getByRole("banner").getByRole("button", { name: "Login" }));
}

/** Waits until no CSS animation or transition is running (the 300 ms dialog animation). */
export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
}

/** Console errors and uncaught page errors, for tests that must see none. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console.error at ${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`uncaught at ${page.url()}: ${error.message}`));
  return errors;
}

/** Bookmaker names in the row headers of every odds table on the page, deduplicated. */
export async function bookmakersShown(page: Page): Promise<string[]> {
  const names = await page.locator("table.odds-table tbody th[scope=row]").allInnerTexts();
  return [...new Set(names.map((n) => n.trim()))].sort();
}

/**
 * The dashboard shows odds tables with a row per bookmaker, a highlighted best price in each table
 * and margins as '%' badges. `allFive`: the five Nigerian bookmakers all appear (the default
 * league and market, where every simulated bookmaker prices matches); otherwise each row is one of them.
 */
export async function expectOddsTables(page: Page, { allFive = true, timeout }: { allFive?: boolean; timeout?: number } = {}) {
  const tables = page.locator("table.odds-table");
  await expect(tables.first()).toBeVisible(timeout === undefined ? {} : { timeout });
  // Read until it holds: right after a sign-up the page may still be taking its first answer in.
  await expect(async () => {
    const shown = await bookmakersShown(page);
    if (allFive) expect(shown).toEqual([...FIVE_BOOK_NAMES].sort());
    else for (const name of shown) expect(FIVE_BOOK_NAMES).toContain(name);
    const perTable = await tables.evaluateAll((all) =>
      all.map((table) => ({ best: table.querySelectorAll("td.odds-best").length, rows: table.querySelectorAll("tbody tr").length })),
    );
    expect(perTable.length).toBeGreaterThan(0);
    for (const table of perTable) {
      expect(table.rows, "each table has a row per bookmaker").toBeGreaterThan(1);
      expect(table.best, "each table highlights a best price").toBeGreaterThan(0);
    }
    const margins = await page.locator("table.odds-table td .tag").allInnerTexts();
    expect(margins.length).toBeGreaterThan(0);
    for (const margin of margins) expect(margin).toMatch(/^\d+\.\d{2}%$/);
  }).toPass({ timeout: timeout ?? (allFive ? ALL_FIVE_MS : 10_000) });
}

/**
 * How long a page may take to show all five books. On a loaded host a book's collection can
 * overrun its time budget for a few cycles and its prices leave as stale (the product's rule), to
 * come back with its next full run: seen for 45 s on the 15-second e2e site beside a second CI run.
 */
export const ALL_FIVE_MS = 60_000;

/** The odds the signed-in page is served for each league and market, read through the web tier as the page reads them, uncached. */
/**
 * A Premier League match all five bookmakers price, ten minutes or more from kick-off, as the site
 * lists it: waited for, since on a loaded host a book's run can lag and leave the listing for a
 * cycle (the simulator's fixtures move with the clock, so it is taken from the listing, never named).
 */
export async function matchAllFivePrice(page: Page): Promise<OddsEvent> {
  let found: OddsEvent | undefined;
  await expect(async () => {
    const [odds] = await fetchOddsInPage(page, [[1, 1]]);
    found = odds!.events.find((e) => Date.parse(e.date) > Date.now() + 10 * 60_000 && e.markets[0]?.odds.length === 5);
    expect(found, "a Premier League match all five bookmakers price, ten minutes or more from kick-off").toBeDefined();
  }).toPass({ timeout: ALL_FIVE_MS });
  return found!;
}

export async function fetchOddsInPage(page: Page, queries: readonly (readonly [competition: number, market: number])[]): Promise<OddsResponse[]> {
  return page.evaluate(
    async (pairs) =>
      Promise.all(
        pairs.map(async ([competition, market]) => {
          const res = await fetch(`/api/odds?country=1&competition=${competition}&market=${market}`, { cache: "no-store" });
          return ((await res.json()) as { data: OddsResponse }).data;
        }),
      ),
    queries,
  );
}

/**
 * The first "Add ... to betslip" button of a dashboard card whose match kicks off at least
 * `minutes` from now: a journey that reads the slip for minutes afterwards must not pick a match
 * that starts meanwhile (a started match leaves the slip's totals and its booking codes).
 */
export async function addButtonOfLaterMatch(page: Page, minutes = 60): Promise<Locator> {
  const cards = page.getByRole("main").locator("article.event-card");
  await expect(cards.first()).toBeVisible();
  const index = await cards.evaluateAll((all, after) => {
    const from = Date.now() + after * 60_000;
    return all.findIndex((card) => {
      const at = Date.parse(card.querySelector("time")?.getAttribute("datetime") ?? "");
      return at >= from && card.querySelector("button[aria-label$=' to betslip'][aria-label^='Add ']") !== null;
    });
  }, minutes);
  expect(index, `a card kicking off at least ${minutes} minutes from now`).toBeGreaterThanOrEqual(0);
  return cards.nth(index).getByRole("button", { name: /^Add .* to betslip$/ }).first();
}
