import { readFile } from "node:fs/promises";
import * as esbuild from "esbuild";
import { BROWSER_TARGETS } from "./bundles.ts";

/** What one kind of page's boot script needs: the entry, its chunks, and the full stylesheet if the page inlined only its own rules. */
export interface BootValues {
  entry: string;
  preloads: string[];
  stylesheet?: string;
}

const SOURCE = "client/boot/boot.ts";

/**
 * Compiles client/boot/boot.ts into the small classic script that pages inline, with the values
 * written in at build time: no data travels beside it, so the page's CSP nonce or hash covers all
 * of it, and a page with no stylesheet to add carries no code for one.
 */
export async function compileBoot(values: BootValues): Promise<string> {
  const { code } = await esbuild.transform(await readFile(SOURCE, "utf8"), {
    loader: "ts",
    // ESM output keeps import() as it is (iife would add unused CommonJS interop helpers); the
    // wrapper keeps its names out of the page's global scope, as an inline classic script needs.
    format: "esm",
    banner: "(()=>{",
    footer: "})()",
    target: BROWSER_TARGETS,
    minify: true,
    legalComments: "none",
    define: {
      BOOT_ENTRY: JSON.stringify(values.entry),
      BOOT_PRELOADS: JSON.stringify(values.preloads),
      BOOT_STYLESHEET: JSON.stringify(values.stylesheet ?? null),
    },
  });
  return code.trim();
}
