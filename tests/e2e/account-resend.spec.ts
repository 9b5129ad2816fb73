import { expect, test, type Locator } from "@playwright/test";
import { dialog, registerUntilVerification, verifyWithMailedCode } from "./helpers.ts";

// Its own file, named to run early: it waits out the server's real 60 s cooldown, which the other
// worker fills with other tests instead of ending the run alone (playwright.config.ts).

/** Records every label `button` shows from now on, however briefly, into window.resendLabels. */
async function recordLabels(button: Locator) {
  await button.evaluate((element) => {
    const seen: string[] = [element.textContent?.trim() ?? ""];
    (window as unknown as { resendLabels: string[] }).resendLabels = seen;
    new MutationObserver(() => {
      const label = element.textContent?.trim() ?? "";
      if (seen[seen.length - 1] !== label) seen.push(label);
    }).observe(element, { childList: true, characterData: true, subtree: true });
  });
}

/** The countdown's seconds, in the order shown: each label 'Resend in {n}s', always going down. */
function expectCountingDown(labels: string[]) {
  const seconds = labels.map((label) => Number(/^Resend in (\d+)s$/.exec(label)?.[1] ?? NaN));
  // A late timer may skip a second, never go back.
  expect(seconds.every((n, i) => Number.isInteger(n) && (i === 0 || n < seconds[i - 1]!)), `labels: ${labels.join(", ")}`).toBe(true);
}

test("the resend button counts down 'Resend in {n}s' from the mailed code, then a resend mails a new code and counts down again", async ({ page }) => {
  test.setTimeout(150_000);
  const user = await registerUntilVerification(page);
  const verify = dialog(page, "Verify Your Email");
  const button = verify.getByRole("button", { name: /^Resend (code|in \d+s)$/ });
  await expect(button).toHaveText(/^Resend in (60|59)s$/);
  await expect(button).toBeDisabled();
  await recordLabels(button);

  await expect(button).toHaveText("Resend in 57s", { timeout: 6_000 });
  await expect(button).toBeDisabled();
  await expect(button).toHaveText("Resend code", { timeout: 62_000 });
  await expect(button).toBeEnabled();
  const first = await page.evaluate(() => (window as unknown as { resendLabels: string[] }).resendLabels);
  expect(first.at(-1)).toBe("Resend code");
  expectCountingDown(first.slice(0, -1));
  expect(first.length, "a label for (nearly) every second").toBeGreaterThan(50);

  const clicked = Date.now();
  await recordLabels(button);
  await button.click();
  await expect(verify.getByRole("status")).toHaveText(`We'll send a new code to ${user.email} if we can: at most one a minute and five an hour. Use the newest code you receive.`);
  await expect(button).toHaveText("Resend in 58s", { timeout: 5_000 });
  await expect(button).toBeDisabled();
  const second = await page.evaluate(() => (window as unknown as { resendLabels: string[] }).resendLabels);
  expect(second[0]).toBe("Resend code");
  expect(second[1]).toBe("Resend in 60s");
  expectCountingDown(second.slice(1));

  await verifyWithMailedCode(page, user, clicked);
});
