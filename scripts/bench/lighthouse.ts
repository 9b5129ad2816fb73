import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";

export interface PageFigures {
  path: string;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  bytes: number;
  score: number;
}

/**
 * Lighthouse's default run is the mobile one: a Moto G Power-sized screen, 4x CPU slowdown and
 * simulated slow 4G (150 ms RTT, 1.6 Mbps down). It drives the system Chromium, as the browser
 * suite does. `cookie` signs the run in, for pages behind a session.
 */
export async function lighthouseRun(origin: string, paths: { path: string; cookie?: string }[]): Promise<PageFigures[]> {
  const chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  try {
    const figures: PageFigures[] = [];
    for (const { path, cookie } of paths) {
      const result = await lighthouse(`${origin}${path}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance"],
        ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
      const audit = (id: string) => result.lhr.audits[id]?.numericValue ?? Number.NaN;
      figures.push({
        path,
        lcpMs: audit("largest-contentful-paint"),
        cls: audit("cumulative-layout-shift"),
        tbtMs: audit("total-blocking-time"),
        bytes: audit("total-byte-weight"),
        score: Math.round((result.lhr.categories.performance?.score ?? 0) * 100),
      });
    }
    return figures;
  } finally {
    chrome.kill();
  }
}
