import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";

/**
 * Lighthouse and chrome-launcher are the benchmarks' alone (192 packages the tests never use), so
 * they are not in package.json: `npm run bench` installs them on first use, without saving them,
 * at the versions below. Only what the bench reads of them is typed here.
 */
export const BENCH_TOOLS = ["lighthouse@12.8.2", "chrome-launcher@1.2.1"];

interface LighthouseResult {
  lhr: {
    finalDisplayedUrl: string;
    audits: Record<string, { numericValue?: number } | undefined>;
    categories: Record<string, { score: number | null } | undefined>;
    environment: { benchmarkIndex: number };
  };
}

export interface BenchTools {
  launch(options: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): void }>;
  lighthouse(url: string, flags: { port: number; output: "json"; logLevel: "error"; onlyCategories: string[] }): Promise<LighthouseResult | undefined>;
}

function installed(name: string): boolean {
  try {
    createRequire(import.meta.url).resolve(`${name}/package.json`);
    return true;
  } catch {
    return false;
  }
}

/** The two packages, installed first if this checkout does not have them. */
export async function benchTools(): Promise<BenchTools> {
  if (!installed("lighthouse") || !installed("chrome-launcher")) {
    console.error(`[bench] installing ${BENCH_TOOLS.join(" ")} (not saved to package.json)`);
    execFileSync("npm", ["install", "--no-save", "--no-audit", "--no-fund", ...BENCH_TOOLS], { stdio: "inherit" });
  }
  // Names in variables: the typecheck does not need the packages installed.
  const [lighthouseName, launcherName] = ["lighthouse", "chrome-launcher"];
  const lighthouse = ((await import(lighthouseName)) as { default: BenchTools["lighthouse"] }).default;
  const { launch } = (await import(launcherName)) as { launch: BenchTools["launch"] };
  return { launch, lighthouse };
}
