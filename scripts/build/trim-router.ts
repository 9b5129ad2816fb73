import { readFile } from "node:fs/promises";
import type * as esbuild from "esbuild";

/** React Router's own bundled files (dist/development or dist/production, ESM). */
const ROUTER_FILES = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/][^\\/]+[\\/][^\\/]+\.mjs$/;

/**
 * React Router's published bundle sets components' `displayName` in top-level statements and does
 * not mark its top-level `forwardRef`, `memo` and `createContext` calls as pure. Both make a
 * bundler keep components the app never uses (NavLink, Form, ScrollRestoration, HistoryRouter and
 * what they call): about 3 KB gzip of every page's JavaScript (docs/design.md, Page weight). This drops the
 * names, which only React's developer tools read, and marks the calls pure, which they are.
 */
export function trimRouterSource(source: string): string {
  return source
    .replace(/^[\w$]+\.displayName = "[^"\n]*";\n/gm, "")
    .replace(/^(var [\w$]+ = )(React\d*\.(?:forwardRef|memo|createContext)\()/gm, "$1/* @__PURE__ */ $2");
}

export const isRouterFile = (path: string): boolean => ROUTER_FILES.test(path);

/** The esbuild plugin that applies trimRouterSource to React Router's files in the browser bundle. */
export const trimRouter: esbuild.Plugin = {
  name: "trim-react-router",
  setup(build) {
    build.onLoad({ filter: ROUTER_FILES }, async ({ path }) => ({ contents: trimRouterSource(await readFile(path, "utf8")), loader: "js" }));
  },
};
