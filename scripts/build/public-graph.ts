import { readFile } from "node:fs/promises";
import { dirname, extname, resolve } from "node:path";
import type * as esbuild from "esbuild";
import { isRouterFile, trimRouterSource } from "./trim-router.ts";

/** The namespace of the public pages' own copies of the app's modules. */
export const PUBLIC_NAMESPACE = "public-pages";

const LOADERS: Record<string, esbuild.Loader> = { ".ts": "ts", ".tsx": "tsx", ".js": "js", ".mjs": "js", ".cjs": "js", ".json": "json" };

/** Packages both graphs share, one copy each: everything in node_modules but React Router. */
const isShared = (path: string) => /[\\/]node_modules[\\/]/.test(path) && !/[\\/]node_modules[\\/]react-router[\\/]/.test(path);

/**
 * Gives one entry's graph its own copies of the app's modules and of React Router, in a
 * namespace of their own, in the same build (decision 021). esbuild keeps each module whole in
 * one chunk, with the code any entry uses: had the public pages shared React Router with the
 * app, they would load its data router (about 21 KB gzip) that only the app uses. React, React DOM
 * and the other packages stay shared, so the app's first page after a public one finds them cached.
 * `fullApp` (client/boot/app.tsx) stays in the app's graph: a public page that falls back to the
 * whole app loads the app's own chunks.
 */
export function publicGraph(entry: string, fullApp: string): esbuild.Plugin {
  const entryPath = resolve(entry);
  const fullAppPath = resolve(fullApp);
  return {
    name: "public-graph",
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === PUBLIC_NAMESPACE) return undefined;
        const isEntry = args.kind === "entry-point" && resolve(args.resolveDir || process.cwd(), args.path) === entryPath;
        if (args.namespace !== PUBLIC_NAMESPACE && !isEntry) return undefined;
        const found = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: PUBLIC_NAMESPACE });
        if (found.errors.length > 0 || found.external) return found;
        const own = !isShared(found.path) && found.path !== fullAppPath;
        return { path: found.path, namespace: own ? PUBLIC_NAMESPACE : "file", sideEffects: found.sideEffects };
      });
      build.onLoad({ filter: /.*/, namespace: PUBLIC_NAMESPACE }, async ({ path }) => {
        const source = await readFile(path, "utf8");
        const loader = LOADERS[extname(path)];
        if (!loader) throw new Error(`public-graph: no loader for ${path}`);
        return { contents: isRouterFile(path) ? trimRouterSource(source) : source, loader, resolveDir: dirname(path) };
      });
    },
  };
}
