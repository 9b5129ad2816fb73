import { createStaticHandler, type RouteObject } from "react-router";
import { routes } from "#client/routes.tsx";

/**
 * The page module a lazy route imports, from the text of its `lazy` function: `import("./pages/x.tsx")`
 * as tsx runs the build, `__vite_ssr_dynamic_import__("/client/pages/x.tsx")` as vitest runs it.
 */
const PAGE_IMPORT = /import\w*\("(?:\.|\/client)\/([^"]+)"\)/;

/**
 * Route id -> the source of the page module its `lazy` imports (client/routes.tsx), under the ids
 * the server's static handler gives the routes, which are the ids a render matches
 * (server/render/render.tsx). A route whose lazy function imports through a helper is left out:
 * its pages load on demand, as before.
 */
export function routePageModules(tree: RouteObject[] = routes): Map<string, string> {
  const modules = new Map<string, string>();
  const visit = (list: readonly { id: string; lazy?: unknown; children?: readonly unknown[] }[]) => {
    for (const route of list) {
      const page = typeof route.lazy === "function" ? PAGE_IMPORT.exec(String(route.lazy))?.[1] : undefined;
      if (page) modules.set(route.id, `client/${page}`);
      if (route.children) visit(route.children as typeof list);
    }
  };
  visit(createStaticHandler(tree).dataRoutes);
  return modules;
}

/** `base` followed by each of `more` not already in it, in order (a Set keeps insertion order). */
export function withPreloads(base: readonly string[], ...more: (readonly string[] | undefined)[]): string[] {
  return [...new Set([...base, ...more.flatMap((list) => list ?? [])])];
}
