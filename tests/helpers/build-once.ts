import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** The repository root, and what `npm run build` writes there. */
export const ROOT = join(import.meta.dirname, "..", "..");
export const DIST = join(ROOT, "dist");
const SERVER_ENTRY = join(DIST, "server", "main.js");
/** What a build is made from: a newer file here than the build means the build is stale. */
const SOURCES = ["client", "server", "api", "shared", "lib", join("scripts", "build"), "package-lock.json"];

/** Newest modification time of a file, or of any file under a folder (0 if it does not exist). */
function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Why dist/ must be built before tests use it, or null when it is current. */
export function staleBuild(): string | null {
  if (!existsSync(SERVER_ENTRY)) return "dist/server/main.js is missing";
  const built = statSync(SERVER_ENTRY).mtimeMs;
  return SOURCES.some((source) => newestMtime(join(ROOT, source)) > built) ? "sources changed since the last build" : null;
}

/**
 * One build per test run (docs/conventions.md, Tests): `npm run build` into dist/ when it is
 * missing or older than its sources. The integration suite's global setup and the browser
 * suite's both call it, so `npm test` builds once and the browser suite serves that build.
 */
export function buildOnce(label: string): void {
  const reason = staleBuild();
  if (!reason) return;
  console.log(`[${label}] building (${reason}): npm run build`);
  execFileSync("npm", ["run", "build"], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
}

/**
 * The built file of an entry point (`api/main.ts` -> dist/api/main.js), built first when stale:
 * tests that start a tier as its own process run what `npm start` runs, and start in about a second
 * instead of transpiling the sources on the way.
 */
export function builtEntry(source: "api/main.ts" | "server/main.ts"): string {
  buildOnce("tests");
  return join(DIST, source.replace(/\.ts$/, ".js"));
}

/** Vitest's global setup (vitest.config.ts): the build the integration tests serve. */
export default function setup(): void {
  buildOnce("vitest");
}
