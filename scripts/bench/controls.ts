import { chromium, type Browser, type Page } from "@playwright/test";
import { request } from "undici";
import { benchUser, startStack } from "./stack.ts";

/** One throttled load of a signed-in page, times from the first byte of its HTML. */
export interface ControlsLoad {
  /** Navigation start to the HTML's first byte. */
  firstByteMs: number;
  /** First byte to the first odds cell on screen. */
  oddsMs: number;
  /** First byte to every button, select and text field of the first screen handled by the app. */
  usableMs: number;
  /** Script bytes on the wire (compressed) that had arrived when the controls became usable. */
  scriptBytes: number;
  errors: string[];
}

/** One throttled load where the bettor taps the first price's Add the moment it shows. */
export interface FirstTap {
  /** First byte of the page to the tap. */
  tapMs: number;
  /** The tap to its mark on screen (server/render/early-taps.ts), or to the app's answer when the app took it at once. */
  markedMs: number;
  /** First byte of the page to the selection shown on the slip, by the app or by the page the form post came back to. */
  onSlipMs: number;
  /** How the tap was answered. */
  by: "app" | "form post";
}

/** The slow phone of docs/design.md, Latency: 400 kbit/s, 300 ms round trip, 4x slower CPU, 360 x 740. */
const SLOW = { latency: 300, downloadThroughput: 400_000 / 8, uploadThroughput: 400_000 / 8 };

/**
 * Whether every control of the first screen is the app's: React has hydrated a node when it carries
 * React's props (client/boot/start.ts reads the same). Controls below the fold and inside closed
 * dialogs are left out: a bettor taps what is on the screen first.
 */
function controlsHydrated(): boolean {
  const controls = [...document.querySelectorAll("button, select, input:not([type=hidden])")].filter((node) => {
    const box = node.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && box.top < innerHeight && !node.closest("dialog:not([open])");
  });
  return controls.length > 0 && controls.every((node) => Object.keys(node).some((key) => key.startsWith("__reactProps$")));
}

async function measure(page: Page): Promise<Omit<ControlsLoad, "errors">> {
  await page.locator("table.odds-table td").first().waitFor({ state: "visible", timeout: 60_000 });
  const oddsAt = await page.evaluate(() => performance.now());
  await page.waitForFunction(controlsHydrated, undefined, { polling: 50, timeout: 60_000 });
  const usableAt = await page.evaluate(() => performance.now());
  return page.evaluate(
    ({ oddsAt, usableAt }) => {
      const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      const scripts = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter(
        (entry) => /\.js(\?|$)/.test(entry.name) && entry.responseEnd <= usableAt,
      );
      return {
        firstByteMs: nav.responseStart,
        oddsMs: oddsAt - nav.responseStart,
        usableMs: usableAt - nav.responseStart,
        scriptBytes: scripts.reduce((sum, entry) => sum + entry.transferSize, 0),
      };
    },
    { oddsAt, usableAt },
  );
}

/** The first price's Add tapped as soon as it shows; how and when the slip holds it. */
async function firstTap(page: Page): Promise<FirstTap> {
  const add = page.getByRole("main").locator("table.odds-table button.slip-toggle").first();
  await add.waitFor({ state: "visible", timeout: 60_000 });
  const firstByteAt = await page.evaluate(() => performance.timeOrigin + (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).responseStart);
  // When the tap shows on the button: the early-taps script's mark, or the app's pressed toggle.
  await add.evaluate((button) =>
    new MutationObserver(() => {
      // Kept in the tab's session storage: the page may be gone by the time the bench reads it.
      if ((button.hasAttribute("data-held") || button.getAttribute("aria-pressed") === "true") && !sessionStorage.getItem("markedAt")) sessionStorage.setItem("markedAt", String(performance.timeOrigin + performance.now()));
    }).observe(button, { attributes: true }),
  );
  const tappedAt = await page.evaluate(() => performance.timeOrigin + performance.now());
  await add.click({ noWaitAfter: true });
  // The app presses the toggle; the form post comes back to the page with its flash.
  const byApp = page.locator("table.odds-table button.slip-toggle[aria-pressed=true]").first();
  const byPost = page.getByText("Added to your betslip.");
  await byApp.or(byPost).first().waitFor({ state: "visible", timeout: 60_000 });
  const onSlipAt = await page.evaluate(() => performance.timeOrigin + performance.now());
  const markedAt = Number(await page.evaluate(() => sessionStorage.getItem("markedAt") ?? Number.NaN));
  return {
    tapMs: tappedAt - firstByteAt,
    markedMs: markedAt - tappedAt,
    onSlipMs: onSlipAt - firstByteAt,
    by: (await byPost.isVisible()) ? "form post" : "app",
  };
}

/** A fresh throttled page (an empty cache) signed in with `cookie`, its errors gathered. */
async function slowPage(browser: Browser, origin: string, cookie: string): Promise<{ page: Page; errors: string[]; close(): Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  await context.addCookies(
    cookie.split(/;\s*/).map((pair) => {
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: origin };
    }),
  );
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, ...SLOW });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  return { page, errors, close: () => context.close() };
}

/** Empties the user's slip through the web tier, so each load's first tap adds (an app's tap on a selection already there removes it). */
async function emptySlip(origin: string, cookie: string): Promise<void> {
  const res = await request(`${origin}/api/users/betslip`, {
    method: "PUT",
    headers: { "content-type": "application/json", origin, cookie },
    body: JSON.stringify({ stake: 1000, legs: [] }),
  });
  await res.body.dump();
  if (res.statusCode !== 200) throw new Error(`emptying the slip answered ${res.statusCode}`);
}

/** `loads` cold loads of `url` signed in with `cookie`: when the app runs its controls, and when a first tap is on the slip. */
export async function controlsLoads(url: string, cookie: string, loads: number): Promise<{ app: ControlsLoad[]; taps: FirstTap[] }> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
  const origin = new URL(url).origin;
  try {
    const app: ControlsLoad[] = [];
    const taps: FirstTap[] = [];
    for (let i = 0; i < loads; i += 1) {
      for (const tapping of [false, true]) {
        if (tapping) await emptySlip(origin, cookie);
        const { page, errors, close } = await slowPage(browser, origin, cookie);
        await page.goto(url, { waitUntil: "commit" });
        if (new URL(page.url()).pathname !== new URL(url).pathname) throw new Error(`${url} sent the bench to ${page.url()}`);
        if (tapping) taps.push(await firstTap(page));
        else app.push({ ...(await measure(page)), errors });
        await close();
      }
    }
    return { app, taps };
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/**
 * `BENCH_ONLY=controls`: the signed-in dashboard and a match page on the slow phone, five cold loads
 * each (`BENCH_CONTROLS_LOADS`): when its odds show and when its controls work, from the HTML's
 * first byte, and the script that came before (docs/design.md, Latency: controls usable within 3 s).
 */
export async function controlsRows(ports: { web: number; api: number }): Promise<[string, string, string][]> {
  const loads = Number(process.env.BENCH_CONTROLS_LOADS ?? 5);
  const stack = await startStack("embedded", ports);
  const rows: [string, string, string][] = [];
  try {
    const user = await benchUser(stack);
    const path = "/dashboard";
    const { app, taps } = await controlsLoads(`${stack.web}${path}`, user.cookie, loads);
    const phone = "slow phone (400 kbit/s, 300 ms RTT, 4x CPU, 360 px, cold cache)";
    const onSlip = median(taps.map((t) => t.onSlipMs));
    rows.push([
      `${path} signed in, ${phone}: Add on the first price tapped as it shows, on the slip after the first byte, median of ${loads}`,
      `${seconds(onSlip)} (each: ${taps.map((t) => `${seconds(t.onSlipMs)} by ${t.by}`).join(", ")}); tapped at ${seconds(median(taps.map((t) => t.tapMs)))}; ` +
        `marked as taken within ${Math.round(median(taps.map((t) => t.markedMs)))} ms of the tap`,
      `<= 3 s, ${onSlip <= 3000 ? "met" : "**missed**"}`,
    ]);
    const usable = median(app.map((r) => r.usableMs));
    const errors = app.flatMap((r) => r.errors).length;
    rows.push([
      `${path} signed in, ${phone}: every control of the first screen run by the app after the first byte, median of ${loads}`,
      `${seconds(usable)} (each: ${app.map((r) => seconds(r.usableMs)).join(", ")}); odds on screen ${seconds(median(app.map((r) => r.oddsMs)))}; ` +
        `script before ${Math.round(median(app.map((r) => r.scriptBytes)) / 1024)} KB on the wire; first byte ${seconds(median(app.map((r) => r.firstByteMs)))}; ${errors} page errors`,
      "(no budget: taps before it take the page's own forms)",
    ]);
  } finally {
    await stack.stop();
  }
  return rows;
}
