import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * `npm run lint`'s check that one exported name means one thing (docs/conventions.md, Names): a
 * name declared and exported by two modules fails, whatever the two mean. Two of one meaning
 * become one export; two meanings get two names. React Router's route-module exports
 * (`loader`, `shouldRevalidate`, ...) are that library's convention, one per route, and pass.
 */
const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SOURCE_DIRS = ["client", "server", "api", "shared", "lib", "scripts", "tests"];
const SOURCE = /\.(ts|tsx)$/;
export const ROUTE_MODULE_EXPORTS: ReadonlySet<string> = new Set(["loader", "action", "shouldRevalidate", "handle", "meta", "links", "ErrorBoundary", "HydrateFallback", "Component"]);
const DECLARATION = /^export\s+(?:declare\s+)?(?:async\s+)?(?:abstract\s+)?(?:const|let|var|function\*?|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/gm;

/** The names a module declares and exports itself (re-exports of another module's symbol are not new names). */
export function exportedNames(text: string): string[] {
  return [...text.matchAll(DECLARATION)].map((match) => match[1]!);
}

/** Each name exported by more than one module, with those modules. */
export function clashes(modules: ReadonlyMap<string, readonly string[]>): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const [file, names] of modules) {
    for (const name of new Set(names)) if (!ROUTE_MODULE_EXPORTS.has(name)) byName.set(name, [...(byName.get(name) ?? []), file]);
  }
  return new Map([...byName].filter(([, files]) => files.length > 1));
}

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name === "dist" || name.startsWith(".")) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    // This check's own test holds examples of what it refuses.
    else if (SOURCE.test(name) && !name.startsWith("check-export-names.")) yield path;
  }
}

function main(): void {
  const modules = new Map<string, string[]>();
  for (const dir of SOURCE_DIRS) {
    for (const file of sourceFiles(join(ROOT, dir))) modules.set(relative(ROOT, file), exportedNames(readFileSync(file, "utf8")));
  }
  const found = clashes(modules);
  for (const [name, files] of found) console.error(`${name} is exported by ${files.join(" and ")}: one meaning, one export; two meanings, two names.`);
  if (found.size > 0) {
    console.error(`${found.size} exported name(s) to fix (docs/conventions.md, Names).`);
    process.exitCode = 1;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
