import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { animationsSettled, collectPageErrors, gotoHydrated, PROTECTED_PATHS, PUBLIC_PATHS, signedIn } from "./helpers.ts";

const SCREENSHOTS = join("test-results", "screenshots");
const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
] as const;

/**
 * Full-page PNGs for a person to look over, with E2E_SCREENSHOTS=1 (README.md, Running part of the
 * suite); a plain run leaves this file out (playwright.config.ts). Encoding them was a tenth of the
 * browser suite's time on two cores and asserts nothing, and the console errors of every route are
 * checked on the accessibility passes' own visits (accessibility.spec.ts), which load the same pages
 * at 360 and 1280 px: visiting them all a third and fourth time cost about 45 s of the suite.
 */
const CAPTURE = process.env.E2E_SCREENSHOTS === "1";

const fileName = (path: string) => (path === "/" ? "landing" : path.slice(1));

async function visitWhole(page: Page, path: string, folder: string) {
  await gotoHydrated(page, path);
  await page.waitForLoadState("networkidle");
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${path === "/" ? "/" : path}(\\?|$)`));
  if (!CAPTURE) return;
  await animationsSettled(page);
  await page.screenshot({ path: join(SCREENSHOTS, folder, `${fileName(path)}.png`), fullPage: true });
}

for (const viewport of VIEWPORTS) {
  const folder = `${viewport.width}x${viewport.height}`;
  test(`every route renders without a console error at ${folder} (${viewport.name})${CAPTURE ? `, screenshots in ${SCREENSHOTS}/${folder}` : ""}`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const errors = collectPageErrors(page);
    for (const path of PUBLIC_PATHS) await visitWhole(page, path, folder);

    await signedIn(page);
    for (const path of PROTECTED_PATHS) await visitWhole(page, path, folder);

    expect(errors, "console errors and uncaught exceptions").toEqual([]);
  });
}
