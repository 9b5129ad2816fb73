import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { animationsSettled, collectPageErrors, gotoHydrated, PROTECTED_PATHS, PUBLIC_PATHS, signedIn } from "./helpers.ts";

const SCREENSHOTS = join("test-results", "screenshots");
const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
] as const;

const fileName = (path: string) => (path === "/" ? "landing" : path.slice(1));

async function shoot(page: Page, path: string, folder: string) {
  await gotoHydrated(page, path);
  await page.waitForLoadState("networkidle");
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${path === "/" ? "/" : path}(\\?|$)`));
  await animationsSettled(page);
  await page.screenshot({ path: join(SCREENSHOTS, folder, `${fileName(path)}.png`), fullPage: true });
}

for (const viewport of VIEWPORTS) {
  const folder = `${viewport.width}x${viewport.height}`;
  test(`every route renders without a console error at ${folder} (${viewport.name}), screenshots in ${SCREENSHOTS}/${folder}`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const errors = collectPageErrors(page);
    for (const path of PUBLIC_PATHS) await shoot(page, path, folder);

    await signedIn(page);
    for (const path of PROTECTED_PATHS) await shoot(page, path, folder);

    expect(errors, "console errors and uncaught exceptions").toEqual([]);
  });
}
