import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";

/**
 * Playwright's own browser download does not work here: always Debian's Chromium, its headless
 * shell when installed (decision 031: the same engine without the full browser's windowing,
 * lighter on two cores), else the full browser; `CHROMIUM_PATH` names another.
 */
export const CHROMIUM_EXECUTABLE =
  process.env.CHROMIUM_PATH ?? ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((path) => existsSync(path)) ?? "/usr/bin/chromium";

/** Switches for the system Chromium. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/**
 * The browser suite (tests/e2e). Global setup builds dist/ when stale and starts the built site
 * once, as `npm start` does, on free ports with a fresh DATA_DIR; workers inherit its address
 * through E2E_BASE_URL (the config is evaluated again in each worker, after global setup).
 * Two workers by default, one a core: a third once filled the suite's waits (3.9 min instead of
 * 4.8), but the suite now computes more than it waits (the whole board's sites, every market), and
 * three workers beside their sites and Chromium starved the moving sites' 10 s cycles until books
 * dropped out of the listing (docs/benchmarks.md, 2026-11-30). `E2E_WORKERS=1` runs one,
 * `E2E_WORKERS=3` three; the files whose tests share nothing (journeys, first minutes,
 * accessibility) spread their tests over all of them.
 */
export default defineConfig({
  testDir: "tests/e2e",
  // Full-page screenshots for a person to look over, only when asked: every route's console errors
  // are checked on the accessibility passes' own visits (tests/e2e/screenshots.spec.ts).
  testIgnore: process.env.E2E_SCREENSHOTS === "1" ? [] : ["screenshots.spec.ts"],
  outputDir: "test-results/",
  globalSetup: "./tests/e2e/global-setup.ts",
  globalTeardown: "./tests/e2e/global-teardown.ts",
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  retries: 0,
  reporter: "list",
  forbidOnly: process.env.CI === "true",
  // Two minutes a test: a journey takes 10-30 s on a quiet machine, but beside a second CI run on a
  // slow host the default minute ran out mid-journey (docs/benchmarks.md). Every wait inside is still
  // for a condition, with its own shorter bound.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: process.env.E2E_BASE_URL,
    browserName: "chromium",
    launchOptions: {
      executablePath: CHROMIUM_EXECUTABLE,
      args: CHROMIUM_ARGS,
    },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    // Kick-off times and dates render in the viewer's zone; pin it so runs read alike.
    timezoneId: "Africa/Lagos",
    locale: "en-NG",
  },
});
