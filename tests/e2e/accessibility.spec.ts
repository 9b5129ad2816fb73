import { createRequire } from "node:module";
import { expect, test, type Page } from "@playwright/test";
import {
  animationsSettled,
  dialog,
  gotoHydrated,
  logIn,
  logOut,
  PROTECTED_PATHS,
  PUBLIC_PATHS,
  readMailedCode,
  registerAndVerify,
  registerUntilVerification,
  uniqueUser,
} from "./helpers.ts";

/**
 * axe-core straight from npm (@axe-core/playwright needs Node 22; this project supports 20.19).
 * Injected as a script tag, so the page's strict CSP is bypassed in this file's contexts only.
 */
function axeSource(): string {
  try {
    return createRequire(import.meta.url).resolve("axe-core/axe.min.js");
  } catch {
    throw new Error("axe-core is not installed: the accessibility tests need the devDependency `axe-core` (npm install -D axe-core).");
  }
}

test.use({ bypassCSP: true });

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string; html: string }>;
}

/** Runs axe on the page as it is now; fails listing every serious or critical violation. */
async function expectNoSeriousViolations(page: Page, what: string) {
  await animationsSettled(page);
  const present = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== "undefined");
  if (!present) await page.addScriptTag({ path: axeSource() });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations;
  });
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  // One line per failing element, so the failure reads as a list rather than a deep diff.
  const found = serious.flatMap((v) =>
    v.nodes.map(
      (n) =>
        `[${v.impact}] ${v.id} (${v.help}) at ${n.target.join(" ")}: ${n.html.slice(0, 140)} -- ` +
        (n.failureSummary ?? "").replace(/\s*\n\s*/g, " "),
    ),
  );
  if (found.length > 0) console.log(`axe on ${what}:\n  ${found.join("\n  ")}\n  (help: ${[...new Set(serious.map((v) => v.helpUrl))].join(" ")})`);
  expect.soft(found, `serious or critical axe violations on ${what}`).toEqual([]);
}

/** The page once its data has arrived: nothing on the network, no loading message. */
async function settled(page: Page) {
  await page.waitForLoadState("networkidle");
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
}

test("every public page has no serious or critical accessibility violations", async ({ page }) => {
  for (const path of PUBLIC_PATHS) {
    await gotoHydrated(page, path);
    await settled(page);
    await expectNoSeriousViolations(page, path);
  }
});

test("every protected page, logged in, has no serious or critical accessibility violations", async ({ page }) => {
  await registerAndVerify(page);
  for (const path of PROTECTED_PATHS) {
    await gotoHydrated(page, path);
    await settled(page);
    await expect(page).toHaveURL(new RegExp(`${path}(\\?|$)`));
    await expectNoSeriousViolations(page, path);
  }
  await page.getByRole("banner").getByRole("button", { name: "Account" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoSeriousViolations(page, "the account menu");
});

test("every dialog has no serious or critical accessibility violations", async ({ page }) => {
  const user = uniqueUser("a11y");
  await gotoHydrated(page, "/");
  await page.getByRole("banner").getByRole("button", { name: "Login" }).click();
  await expect(dialog(page, "Log In")).toBeVisible();
  await expectNoSeriousViolations(page, "the login dialog");
  await dialog(page, "Log In").getByRole("button", { name: "Register" }).click();
  await expect(dialog(page, "Create Your Free Account")).toBeVisible();
  await expectNoSeriousViolations(page, "the register dialog");
  await page.keyboard.press("Escape");

  await registerUntilVerification(page, user);
  await expectNoSeriousViolations(page, "the verification dialog");
  const verify = dialog(page, "Verify Your Email");
  await verify.getByLabel("Verification Code").fill(await readMailedCode(user.email));
  await verify.getByRole("button", { name: "Verify" }).click();
  await expect(dialog(page, "Welcome to AfriOdds!")).toBeVisible();
  await expectNoSeriousViolations(page, "the welcome dialog");
  await dialog(page, "Welcome to AfriOdds!").getByRole("button", { name: "Get Started" }).click();
  await expect(page).toHaveURL(/\/dashboard(\?|$)/);
  await logOut(page);

  await logIn(page, { username: user.username, password: "wrong-password" });
  await expect(dialog(page, "Log In").getByRole("alert")).toBeVisible();
  await expectNoSeriousViolations(page, "the login dialog with an error");
  await dialog(page, "Log In").getByRole("button", { name: "Forgot password?" }).click();
  await expect(dialog(page, "Forgot Password")).toBeVisible();
  await expectNoSeriousViolations(page, "the forgot-password dialog");
  await dialog(page, "Forgot Password").getByLabel("Email").fill(user.email);
  await dialog(page, "Forgot Password").getByRole("button", { name: "Send Reset Code" }).click();
  await expect(dialog(page, "Check Your Email")).toBeVisible();
  await expectNoSeriousViolations(page, "the 'Check Your Email' panel");
  await dialog(page, "Check Your Email").getByRole("button", { name: "Enter Reset Code" }).click();
  await expect(dialog(page, "Reset Password")).toBeVisible();
  await expectNoSeriousViolations(page, "the reset-password dialog");
});
