import { expect, test } from "@playwright/test";
import { expectOddsTables, site, uniqueUser, verifiedUser } from "./helpers.ts";

// A phone without JavaScript (Opera Mini's extreme mode, a feature phone, JavaScript turned off):
// sign-in is a form the web tier handles (docs/design.md, Pages without JavaScript).
test.use({ javaScriptEnabled: false, viewport: { width: 240, height: 640 } });

test("without JavaScript, a bettor logs in by form, sees a wrong password's message, and reaches the odds", async ({ page, request }) => {
  const user = await verifiedUser(request, uniqueUser("lite"));
  await page.goto(`${site().baseURL}/login`);
  const form = page.locator("form[action='/login']");
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
});
