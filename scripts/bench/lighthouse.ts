import { chromium } from "@playwright/test";
import { benchTools } from "./tools.ts";

export interface PageFigures {
  path: string;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  bytes: number;
  score: number;
  /** Lighthouse's measure of the host's CPU (environment.benchmarkIndex): its 4x slowdown is relative to it. */
  benchmarkIndex: number;
}

/** A Lighthouse row's figures, with the host's benchmark index: figures of hosts far apart in it do not compare. */
export function describeFigures(p: PageFigures): string {
  return (
    `LCP ${(p.lcpMs / 1000).toFixed(2)} s, CLS ${p.cls.toFixed(3)}, TBT ${p.tbtMs.toFixed(0)} ms, ` +
    `${Math.round(p.bytes).toLocaleString("en")} B transferred, score ${p.score}, host benchmark index ${Math.round(p.benchmarkIndex)}`
  );
}

/**
 * Lighthouse's default run is the mobile one: a Moto G Power-sized screen, 4x CPU slowdown and
 * simulated slow 4G (150 ms RTT, 1.6 Mbps down). It drives the system Chromium, as the browser
 * suite does. `cookie` signs the run in, for pages behind a session: it goes into the browser's
 * cookie jar over CDP, because Lighthouse's `extraHeaders` Cookie is not honoured on navigations
 * (GoogleChrome/lighthouse#13547) and Lighthouse keeps cookies between its passes.
 */
export async function lighthouseRun(origin: string, paths: { path: string; cookie?: string }[]): Promise<PageFigures[]> {
  const { launch, lighthouse } = await benchTools();
  const chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  try {
    const figures: PageFigures[] = [];
    for (const { path, cookie } of paths) {
      if (cookie) await putCookies(chrome.port, origin, cookie);
      const result = await lighthouse(`${origin}${path}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
      if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
      if (new URL(result.lhr.finalDisplayedUrl).pathname !== path) throw new Error(`Lighthouse measured ${result.lhr.finalDisplayedUrl}, not ${path}`);
      const audit = (id: string) => result.lhr.audits[id]?.numericValue ?? Number.NaN;
      figures.push({
        path,
        lcpMs: audit("largest-contentful-paint"),
        cls: audit("cumulative-layout-shift"),
        tbtMs: audit("total-blocking-time"),
        bytes: audit("total-byte-weight"),
        score: Math.round((result.lhr.categories.performance?.score ?? 0) * 100),
        benchmarkIndex: result.lhr.environment.benchmarkIndex,
      });
    }
    return figures;
  } finally {
    chrome.kill();
  }
}

async function putCookies(port: number, origin: string, header: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const cookies = header.split(/;\s*/).map((pair) => {
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: origin };
    });
    await browser.contexts()[0]!.addCookies(cookies);
  } finally {
    await browser.close();
  }
}
