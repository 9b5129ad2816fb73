import { expect, test, type Locator, type Page } from "@playwright/test";
import { VALIDATION_MESSAGES } from "#shared/validation.ts";
import { dialog, gotoHydrated, REGISTRATION_MS, site, uniqueUser, type TestUser } from "./helpers.ts";

// Its tests share no state: they spread over the workers (playwright.config.ts).
test.describe.configure({ mode: "parallel" });

/** Four fields wrong at once, and the 18+ box left empty (docs/product.md, Validation rules). */
const WRONG = { username: "ada obi", email: "ada@example", password: "short12", confirmPassword: "short13" };
const EXPECTED: Array<[label: string, message: string]> = [
  ["Username", VALIDATION_MESSAGES.usernameCharacters],
  ["Email", VALIDATION_MESSAGES.invalidEmail],
  ["Password", VALIDATION_MESSAGES.passwordTooShort],
  ["Confirm Password", VALIDATION_MESSAGES.passwordsDoNotMatch],
];

async function fill(form: Locator, values: { username: string; email: string; password: string; confirmPassword: string }) {
  await form.getByLabel("Username").fill(values.username);
  await form.getByLabel("Email").fill(values.email);
  await form.getByLabel("Password", { exact: true }).fill(values.password);
  await form.getByRole("textbox", { name: "Confirm Password" }).fill(values.confirmPassword);
}

/** Every field's own message after one submit, the 18+ box's too, and focus on the first field in error. */
async function expectEveryProblem(form: Locator) {
  for (const [label, message] of EXPECTED) {
    const field = form.getByLabel(label, { exact: true });
    await expect(field, label).toHaveAttribute("aria-invalid", "true");
    await expect(field, label).toHaveAccessibleDescription(message);
  }
  await expect(form.getByRole("checkbox", { name: /18 or older/ })).toHaveAccessibleDescription(VALIDATION_MESSAGES.termsRequired);
  await expect(form.getByLabel("Username")).toBeFocused();
}

/** The common password refused by the API, its message under the password field; then a good one registers the same names. */
async function expectCommonPasswordRefused(page: Page, form: Locator, user: TestUser) {
  await fill(form, { ...user, password: "Password1", confirmPassword: "Password1" });
  await form.getByRole("checkbox", { name: /18 or older/ }).check();
  await form.getByRole("button", { name: "Register" }).click();
  const password = form.getByLabel("Password", { exact: true });
  await expect(password).toHaveAccessibleDescription(VALIDATION_MESSAGES.passwordCommon);
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expect(password).toBeFocused();
  await expect(form.getByLabel("Username")).toHaveValue(user.username);
  await expect(form.getByLabel("Username")).not.toHaveAttribute("aria-invalid", "true");
  expect(page.url()).not.toContain("Password1");
}

test.describe("sign-up says every problem at once", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("with JavaScript, the dialog shows each field's problem beside it after one submit, sending nothing, and the API's common-password refusal under the password", async ({ page }) => {
    const sent: string[] = [];
    page.on("request", (req) => {
      if (req.url().includes("/api/users/register")) sent.push(req.postData() ?? "");
    });
    await gotoHydrated(page, "/about");
    await page.getByRole("banner").getByRole("button", { name: "Sign up free" }).click();
    const form = dialog(page, "Create Your Free Account");
    await fill(form, WRONG);
    await form.getByRole("button", { name: "Register" }).click();
    await expectEveryProblem(form);
    expect(sent).toEqual([]);

    const user = uniqueUser("common");
    await expectCommonPasswordRefused(page, form, user);
    expect(sent).toHaveLength(1);
    // Nothing was created: the same username and e-mail register with a password of the user's own.
    await fill(form, { ...user, confirmPassword: user.password });
    await form.getByRole("button", { name: "Register" }).click();
    await expect(dialog(page, "Verify Your Email")).toBeVisible({ timeout: REGISTRATION_MS });
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the sign-up form answers each field's problem after one post, keeps what was typed but no password, and shows the API's common-password refusal", async ({ page }) => {
      await page.goto(`${site().baseURL}/register`);
      const form = page.locator("form[action='/register']");
      await fill(form, WRONG);
      await form.getByRole("button", { name: "Register" }).click();
      await expect(page).toHaveURL(/\/register$/);
      await expectEveryProblem(form);
      await expect(form.getByLabel("Email")).toHaveValue(WRONG.email);
      await expect(form.getByLabel("Password", { exact: true })).toHaveValue("");

      const user = uniqueUser("litecommon");
      await expectCommonPasswordRefused(page, form, user);
      await expect(form.getByLabel("Password", { exact: true })).toHaveValue("");
      await fill(form, { ...user, confirmPassword: user.password });
      await form.getByRole("checkbox", { name: /18 or older/ }).check();
      await form.getByRole("button", { name: "Register" }).click();
      await expect(page).toHaveURL(/\/verify$/);
      await expect(page.getByRole("status")).toContainText(user.email);
    });
  });
});
