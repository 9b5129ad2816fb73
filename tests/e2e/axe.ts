import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";
import { animationsSettled } from "./helpers.ts";

/**
 * axe-core straight from npm (@axe-core/playwright needs Node 22; this project supports 20.19).
 * Injected as a script tag: a spec that uses it bypasses the page's strict CSP (`test.use({ bypassCSP: true })`).
 */
function axeSource(): string {
  try {
    return createRequire(import.meta.url).resolve("axe-core/axe.min.js");
  } catch {
    throw new Error("axe-core is not installed: the accessibility tests need the devDependency `axe-core` (npm install -D axe-core).");
  }
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string; html: string }>;
}

/** Runs axe on the page as it is now; fails listing every violation, whatever its impact, one line per element. */
export async function expectNoViolations(page: Page, what: string) {
  await animationsSettled(page);
  const present = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== "undefined");
  if (!present) await page.addScriptTag({ path: axeSource() });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations;
  });
  const found = violations.flatMap((v) =>
    v.nodes.map(
      (n) =>
        `[${v.impact}] ${v.id} (${v.help}) at ${n.target.join(" ")}: ${n.html.slice(0, 140)} -- ` +
        (n.failureSummary ?? "").replace(/\s*\n\s*/g, " "),
    ),
  );
  if (found.length > 0) console.log(`axe on ${what}:\n  ${found.join("\n  ")}\n  (help: ${[...new Set(violations.map((v) => v.helpUrl))].join(" ")})`);
  // Soft, so one run lists every page's violations; the test still fails on any of them.
  expect.soft(found, `axe violations on ${what}`).toEqual([]);
}


/** axe on the page as it is now at a 360 px phone's width and at 1280 px desktop, then back to the viewport it had. */
export async function expectNoViolationsOnPhoneAndDesktop(page: Page, what: string) {
  const before = page.viewportSize();
  for (const viewport of [{ width: 360, height: 740 }, { width: 1280, height: 800 }]) {
    await page.setViewportSize(viewport);
    await expectNoViolations(page, `${what} at ${viewport.width} px`);
  }
  if (before) await page.setViewportSize(before);
}
