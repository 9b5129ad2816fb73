import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { RenderAssets } from "./render.tsx";

export interface PrerenderedPage {
  file: string;
  etag: string;
  /** CSP hashes of the page's inline scripts and style, computed at build. */
  scriptHashes: string[];
  styleHashes: string[];
}

/** The boot script of pages rendered per request, as the build compiled it (scripts/build/boot.ts). */
export const BOOT_FILE = "boot.js";
/**
 * Pages with assets of their own, by path: the Nigeria page's boot script and inline stylesheet,
 * for rendering it again with its preview (server/render/preview-page.ts), and the dashboard's,
 * which inlines only its rules (scripts/build/dashboard-states.ts).
 */
export const PAGE_ASSETS_FILE = "page-assets.json";
/** The boot scripts of signed-in pages by route id (scripts/build/all.ts, signedInBoots). */
export const ROUTE_BOOTS_FILE = "route-boots.json";

/** Reads what `npm run build` wrote: the boot script, the purged CSS and the prerendered pages. */
export function loadBuild(distDir: string): {
  assets: RenderAssets;
  pageAssets: Map<string, RenderAssets>;
  prerendered: Map<string, PrerenderedPage & { html: Buffer; gzip?: Buffer; br?: Buffer }>;
} {
  const clientDir = join(distDir, "client");
  const bootPath = join(clientDir, BOOT_FILE);
  if (!existsSync(bootPath)) throw new Error(`No boot script at ${bootPath}: run npm run build`);
  const routeBootsPath = join(clientDir, ROUTE_BOOTS_FILE);
  const assets: RenderAssets = {
    boot: readFileSync(bootPath, "utf8"),
    css: readFileSync(join(clientDir, "styles.css"), "utf8"),
    ...(existsSync(routeBootsPath) ? { routeBoots: JSON.parse(readFileSync(routeBootsPath, "utf8")) as Record<string, string> } : {}),
  };
  const pageAssetsPath = join(clientDir, PAGE_ASSETS_FILE);
  const pageAssets = new Map(existsSync(pageAssetsPath) ? Object.entries(JSON.parse(readFileSync(pageAssetsPath, "utf8")) as Record<string, RenderAssets>) : []);

  const prerendered = new Map<string, PrerenderedPage & { html: Buffer; gzip?: Buffer; br?: Buffer }>();
  const dir = join(distDir, "prerendered");
  const listPath = join(dir, "manifest.json");
  if (existsSync(listPath)) {
    const pages = JSON.parse(readFileSync(listPath, "utf8")) as Record<string, PrerenderedPage>;
    for (const [path, page] of Object.entries(pages)) {
      const file = join(dir, page.file);
      prerendered.set(path, {
        ...page,
        html: readFileSync(file),
        ...(existsSync(`${file}.gz`) ? { gzip: readFileSync(`${file}.gz`) } : {}),
        ...(existsSync(`${file}.br`) ? { br: readFileSync(`${file}.br`) } : {}),
      });
    }
  }
  return { assets, pageAssets, prerendered };
}
