import { writeFile } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import * as esbuild from "esbuild";
import { trimRouter } from "./trim-router.ts";

/** The browsers the client supports (docs/design.md, Budgets), for the bundle and the inline boot script. */
export const BROWSER_TARGETS = ["es2022", "chrome100", "safari15", "firefox100"];

export interface ClientManifest {
  /** Entry name -> public URL of its hashed file. */
  entries: Record<string, string>;
  /** Entry name -> URLs of the chunks it loads at start, for modulepreload (startChunks). */
  imports: Record<string, string[]>;
  /**
   * A module loaded on demand (a page, the signed-in betslip), by its source path from the project's
   * root -> the URL of its chunk and of every chunk that chunk imports statically: what must arrive
   * before it runs (moduleChunks).
   */
  modules: Record<string, string[]>;
}

type Outputs = esbuild.Metafile["outputs"];

/** `file` and every chunk it imports statically, transitively: what loads and runs with it. */
function withStaticImports(outputs: Outputs, file: string, into = new Set<string>()): Set<string> {
  if (into.has(file)) return into;
  into.add(file);
  for (const i of outputs[file]?.imports ?? []) if (i.kind === "import-statement" && !i.external) withStaticImports(outputs, i.path, into);
  return into;
}

/**
 * The chunks an entry loads at start, itself left out: its static imports, and the steps it
 * imports dynamically from its own file (client/entry.tsx evaluates React DOM, the app and the
 * page in tasks of their own) with theirs. Pages and dialogs, imported from other modules, are
 * not among them: they load on demand.
 */
export function startChunks(outputs: Outputs, entryFile: string): string[] {
  const chunks = withStaticImports(outputs, entryFile);
  for (const i of outputs[entryFile]?.imports ?? []) if (i.kind === "dynamic-import" && !i.external) withStaticImports(outputs, i.path, chunks);
  chunks.delete(entryFile);
  return [...chunks];
}

/**
 * Each module the bundle loads on demand (esbuild makes every `import()` target an entry point of its
 * own), by its source path, with the chunks that must arrive before it runs: its own and its static
 * imports, transitively. Modules of a plugin's namespace (scripts/build/public-graph.ts) are left out.
 */
export function moduleChunks(outputs: Outputs): Map<string, string[]> {
  const modules = new Map<string, string[]>();
  for (const [file, output] of Object.entries(outputs)) {
    if (!output.entryPoint || /^[\w-]+:/.test(output.entryPoint) || !file.endsWith(".js")) continue;
    modules.set(output.entryPoint, [...withStaticImports(outputs, file)]);
  }
  return modules;
}

/** An entry point's source file, absolute: a plugin's namespace (scripts/build/public-graph.ts) prefixes the path. */
const sourceOf = (entryPoint: string) => resolve(entryPoint.replace(/^[\w-]+:/, ""));

/**
 * Bundles the browser app: ESM, content-hashed, code-split, minified; writes manifest.json.
 * `plugins` run before the build's own (scripts/build/public-graph.ts).
 */
export async function buildClient(entries: Record<string, string>, outdir: string, publicPath: string, plugins: esbuild.Plugin[] = []): Promise<ClientManifest> {
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
    plugins: [...plugins, trimRouter],
  });
  const manifest: ClientManifest = { entries: {}, imports: {}, modules: {} };
  const url = (path: string) => `${publicPath}/${relative(outdir, path).split("\\").join("/")}`;
  for (const [file, output] of Object.entries(result.metafile.outputs)) {
    if (!output.entryPoint) continue;
    const source = sourceOf(output.entryPoint);
    const name = Object.entries(entries).find(([, src]) => resolve(src) === source)?.[0];
    if (!name) continue;
    manifest.entries[name] = url(file);
    manifest.imports[name] = startChunks(result.metafile.outputs, file).map(url);
  }
  for (const [source, files] of moduleChunks(result.metafile.outputs)) manifest.modules[source] = files.map(url);
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
