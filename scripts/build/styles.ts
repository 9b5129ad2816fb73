import { gzipSync } from "node:zlib";
import { PurgeCSS } from "purgecss";
import * as sass from "sass";

/** Class names built at run time (e.g. `is-${marginBadgeColour(m)}`), which a text scan cannot see. */
const SAFELIST = [/^is-(primary|warning|danger)$/];

export interface StylesResult {
  css: string;
  rawBytes: number;
  gzipBytes: number;
}

async function purge(css: string, content: Array<string | { raw: string; extension: string }>, safelist: RegExp[]): Promise<StylesResult> {
  const [purged] = await new PurgeCSS().purge({ content, css: [{ raw: css }], safelist: { standard: safelist }, variables: true, keyframes: true, fontFace: true });
  const kept = purged?.css ?? "";
  return { css: kept, rawBytes: Buffer.byteLength(kept), gzipBytes: gzipSync(kept, { level: 9 }).length };
}

/** Compiles Bulma's Sass modules plus ours, then drops the rules and custom properties no source file uses. */
export async function buildStyles(entry: string, content: string[]): Promise<StylesResult> {
  const compiled = sass.compile(entry, { loadPaths: ["node_modules"], style: "compressed", quietDeps: true, silenceDeprecations: ["import"] });
  return purge(compiled.css, content, SAFELIST);
}

/**
 * The rules a set of rendered pages uses, out of the full stylesheet: what a prerendered public page
 * inlines, so its first response stays within one round trip (docs/design.md, Page weight). Everything the
 * app renders later comes with the full stylesheet, loaded before hydration (client/boot/boot.ts).
 */
export function stylesForMarkup(fullCss: string, html: string[]): Promise<StylesResult> {
  return purge(fullCss, html.map((raw) => ({ raw, extension: "html" })), []);
}
