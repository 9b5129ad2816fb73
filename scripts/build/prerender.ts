import { createHash } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { PUBLIC_PATHS } from "#client/route-paths.ts";
import { DEFAULT_TIME_ZONE } from "#client/server-context.ts";
import type { RenderAssets } from "#server/render/render.tsx";
import { renderToString } from "#server/render/render.tsx";

const sha256 = (text: string) => `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;

/** The CSP hashes of a page's inline scripts and styles, so it can be served without a nonce. */
function inlineHashes(html: string) {
  const scriptHashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => sha256(m[1] ?? ""));
  const styleHashes = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => sha256(m[1] ?? ""));
  return { scriptHashes: [...new Set(scriptHashes)], styleHashes: [...new Set(styleHashes)] };
}

const unavailable = () => Promise.reject(new Error("prerendering has no data source"));

export interface RenderedPage {
  path: string;
  html: string;
}

/** Renders the eight public routes logged out, through the same render path as live requests (DESIGN section 6). */
export async function renderPublicPages(assets: RenderAssets, origin = "http://localhost"): Promise<RenderedPage[]> {
  const pages: RenderedPage[] = [];
  for (const path of PUBLIC_PATHS) {
    const result = await renderToString({
      url: `${origin}${path}`,
      context: { server: true, user: null, timeZone: DEFAULT_TIME_ZONE, now: Date.now(), data: { summary: unavailable, odds: unavailable, me: unavailable } },
      assets,
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
    pages[path] = { file, etag: `"${createHash("sha256").update(html).digest("base64url").slice(0, 27)}"`, ...inlineHashes(html), gzipBytes: gzip.length };
  }
  await writeFile(join(dir, "manifest.json"), JSON.stringify(pages, null, 2));
  return pages;
}
