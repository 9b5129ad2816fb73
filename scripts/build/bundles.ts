import { writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import * as esbuild from "esbuild";

/** The browsers the client supports (DESIGN section 8), for the bundle and the inline boot script. */
export const BROWSER_TARGETS = ["es2022", "chrome100", "safari15", "firefox100"];

export interface ClientManifest {
  /** Entry name -> public URL of its hashed file. */
  entries: Record<string, string>;
  /** Entry name -> URLs of the chunks it imports statically, for modulepreload. */
  imports: Record<string, string[]>;
}

/** Bundles the browser app: ESM, content-hashed, code-split, minified; writes manifest.json. */
export async function buildClient(entries: Record<string, string>, outdir: string, publicPath: string): Promise<ClientManifest> {
  const result = await esbuild.build({
    entryPoints: entries,
    outdir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    target: BROWSER_TARGETS,
    minify: true,
    sourcemap: false,
    entryNames: "[name]-[hash]",
    chunkNames: "chunks/[name]-[hash]",
    publicPath,
    metafile: true,
    jsx: "automatic",
    define: { "process.env.NODE_ENV": '"production"' },
    legalComments: "none",
    logLevel: "warning",
  });
  const manifest: ClientManifest = { entries: {}, imports: {} };
  for (const [file, output] of Object.entries(result.metafile.outputs)) {
    if (!output.entryPoint) continue;
    const name = Object.entries(entries).find(([, src]) => output.entryPoint === src)?.[0];
    if (!name) continue;
    const url = (path: string) => `${publicPath}/${relative(outdir, path).split("\\").join("/")}`;
    manifest.entries[name] = url(file);
    manifest.imports[name] = output.imports.filter((i) => i.kind === "import-statement").map((i) => url(i.path));
  }
  await writeFile(join(outdir, "manifest.json"), JSON.stringify(manifest, null, 2));
  return manifest;
}

/** Bundles a Node entry (server or API) into one ESM file; npm packages stay external. */
export async function buildNode(entry: string, outfile: string): Promise<void> {
  await esbuild.build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20.19",
    packages: "external",
    sourcemap: true,
    jsx: "automatic",
    logLevel: "warning",
  });
}
