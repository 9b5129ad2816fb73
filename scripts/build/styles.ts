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

/** Compiles Bulma's Sass modules plus ours, then drops the rules and custom properties no markup uses. */
export async function buildStyles(entry: string, content: string[], extraHtml: string[] = []): Promise<StylesResult> {
  const compiled = sass.compile(entry, { loadPaths: ["node_modules"], style: "compressed", quietDeps: true, silenceDeprecations: ["import"] });
  const [purged] = await new PurgeCSS().purge({
    content: [...content, ...extraHtml.map((raw) => ({ raw, extension: "html" }))],
    css: [{ raw: compiled.css }],
    safelist: { standard: SAFELIST },
    variables: true,
    keyframes: true,
    fontFace: true,
  });
  const css = purged?.css ?? "";
  return { css, rawBytes: Buffer.byteLength(css), gzipBytes: gzipSync(css, { level: 9 }).length };
}
