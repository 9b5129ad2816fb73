/**
 * `npm test`'s step before the suites that open SQLite: better-sqlite3's native binding must load.
 * `.ci/run` compiles it in the background while typecheck, lint, the build and the unit tests run
 * (none of which opens SQLite); it marks that build as under way in BUILD_DIR and writes its exit
 * status there when done, and this waits for it. Without such a build under way, a binding that
 * does not load (an install with `--ignore-scripts`) is built here with `npm rebuild better-sqlite3`.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { ROOT } from "../tests/helpers/build-once.ts";

/** Where `.ci/run` marks its background build: `pending` while under way, `status` (the exit code) once done. */
export const BUILD_DIR = join(ROOT, "node_modules", ".cache", "afriodds-native");
const WAIT_LIMIT_MS = 10 * 60_000;

/** Whether better-sqlite3 opens a database, tried in a child so a broken binding cannot take this process down. */
function bindingLoads(): boolean {
  const probe = "const Database = require('better-sqlite3'); new Database(':memory:').close();";
  return spawnSync(process.execPath, ["-e", probe], { cwd: ROOT, stdio: "ignore" }).status === 0;
}

async function backgroundBuildStatus(): Promise<string | null> {
  if (!existsSync(join(BUILD_DIR, "pending"))) return null;
  const started = Date.now();
  const statusFile = join(BUILD_DIR, "status");
  while (!existsSync(statusFile)) {
    if (Date.now() - started > WAIT_LIMIT_MS) throw new Error("better-sqlite3's background build did not finish in 10 minutes");
    await sleep(500);
  }
  return readFileSync(statusFile, "utf8").trim();
}

const waitedFrom = Date.now();
const status = await backgroundBuildStatus();
if (status !== null) {
  console.log(`[test] better-sqlite3's background build ended with status ${status}, waited ${Math.round((Date.now() - waitedFrom) / 1000)} s`);
}
if (!bindingLoads()) {
  console.log("[test] better-sqlite3's binding does not load: npm rebuild better-sqlite3");
  execFileSync("npm", ["rebuild", "better-sqlite3", "--loglevel=error"], { cwd: ROOT, stdio: "inherit" });
  if (!bindingLoads()) throw new Error("better-sqlite3's binding still does not load after npm rebuild better-sqlite3");
}
