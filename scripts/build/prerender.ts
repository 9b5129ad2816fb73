import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { partialDataSource } from "#client/loaders/source.ts";
import { PUBLIC_PATHS } from "#client/route-paths.ts";
import { DEFAULT_TIME_ZONE } from "#client/server-context.ts";
import type { RenderAssets } from "#server/render/render.tsx";
import { inlineHashes, pageEtag } from "#server/render/inline-hashes.ts";
import { renderToString } from "#server/render/render.tsx";


const unavailable = () => Promise.reject(new Error("prerendering has no data source"));

export interface RenderedPage {
  path: string;
  html: string;
}

/**
 * Renders the eight public routes logged out, through the same render path as live requests
 * (docs/design.md, Public pages); `own` gives a page assets of its own (the Nigeria page's stylesheet).
 */
export async function renderPublicPages(assets: RenderAssets, origin = "http://localhost", own: Partial<Record<string, RenderAssets>> = {}): Promise<RenderedPage[]> {
  const pages: RenderedPage[] = [];
  for (const path of PUBLIC_PATHS) {
    const result = await renderToString({
      url: `${origin}${path}`,
      context: { server: true, user: null, timeZone: DEFAULT_TIME_ZONE, now: Date.now(), data: partialDataSource({}, unavailable) },
      assets: own[path] ?? assets,
      waitForAll: true,
      prerendered: true,
    });
    if ("redirect" in result) throw new Error(`prerender of ${path} redirected to ${result.redirect}`);
    pages.push({ path, html: result.html });
  }
  return pages;
}

/** Writes the pages into `dist/prerendered/` with their precompressed copies, ETags and CSP hashes. */
export async function writePrerendered(distDir: string, rendered: RenderedPage[]) {
  const dir = join(distDir, "prerendered");
  await mkdir(dir, { recursive: true });
  const pages: Record<string, { file: string; etag: string; scriptHashes: string[]; styleHashes: string[]; gzipBytes: number }> = {};
  for (const { path, html } of rendered) {
    const file = path === "/" ? "index.html" : `${path.slice(1)}.html`;
    const gzip = gzipSync(html, { level: 9 });
    await writeFile(join(dir, file), html);
    await writeFile(join(dir, `${file}.gz`), gzip);
    await writeFile(join(dir, `${file}.br`), brotliCompressSync(html));
    pages[path] = { file, etag: pageEtag(html), ...inlineHashes(html), gzipBytes: gzip.length };
  }
  await writeFile(join(dir, "manifest.json"), JSON.stringify(pages, null, 2));
  return pages;
}
