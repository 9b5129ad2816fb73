import { mkdir, rm, writeFile } from "node:fs/promises";
import { buildClient, buildNode } from "./bundles.ts";
import { precompress } from "./compress.ts";
import { prerender } from "./prerender.ts";
import { buildStyles } from "./styles.ts";

export interface BuildReport {
  entry: string;
  cssRawBytes: number;
  cssGzipBytes: number;
  compressed: number;
  pages: Record<string, { gzipBytes: number }>;
}

/** The whole build into `dist`: client bundle, purged CSS, prerendered public pages, Node bundles. */
export async function buildAll(dist: string, options: { node?: boolean } = {}): Promise<BuildReport> {
  await rm(dist, { recursive: true, force: true });
  await mkdir(`${dist}/client/assets`, { recursive: true });
  const manifest = await buildClient({ entry: "client/entry.tsx" }, `${dist}/client/assets`, "/assets");
  const styles = await buildStyles("client/styles/main.scss", ["client/**/*.{ts,tsx}", "server/**/*.{ts,tsx}"]);
  await writeFile(`${dist}/client/styles.css`, styles.css);
  const compressed = await precompress(`${dist}/client/assets`);
  const entry = manifest.entries.entry;
  if (!entry) throw new Error("the client bundle has no entry");
  const pages = await prerender(dist, { entry, preloads: manifest.imports.entry ?? [], css: styles.css });
  if (options.node !== false) {
    await buildNode("server/main.ts", `${dist}/server/main.js`);
    await buildNode("api/main.ts", `${dist}/api/main.js`);
    await buildNode("api/embedded.ts", `${dist}/api/embedded.js`);
  }
  return { entry, cssRawBytes: styles.rawBytes, cssGzipBytes: styles.gzipBytes, compressed, pages };
}
