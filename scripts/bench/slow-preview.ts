import { chromium } from "@playwright/test";

export interface SlowPreview {
  /** From navigation to the first preview odds table visible. */
  visibleMs: number;
  firstContentfulPaintMs: number;
  errors: string[];
}

/**
 * The Nigeria page's preview odds on a slow link (400 kbit/s, 300 ms round trip, 4x CPU slowdown)
 * at 360 px, cold cache, in the system Chromium. Target: at most 1.5 s (docs/design.md, Latency;
 * docs/product.md, Preview odds in the first HTML).
 */
export async function slowPreview(url: string): Promise<SlowPreview> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
  try {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 300, downloadThroughput: 400_000 / 8, uploadThroughput: 400_000 / 8 });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    const started = Date.now();
    await page.goto(url, { waitUntil: "commit" });
    await page.locator(".preview-body table.odds-table").first().waitFor({ state: "visible", timeout: 60_000 });
    const visibleMs = Date.now() - started;
    await page.waitForLoadState("networkidle");
    const firstContentfulPaintMs = await page.evaluate(() => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN);
    return { visibleMs, firstContentfulPaintMs, errors };
  } finally {
    await browser.close();
  }
}

// `npx tsx scripts/bench/slow-preview.ts http://127.0.0.1:3000/nigeria` measures a running site.
if (process.argv[1]?.endsWith("slow-preview.ts") && process.argv[2]) console.log(JSON.stringify(await slowPreview(process.argv[2])));
