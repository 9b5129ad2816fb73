import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, ROOT, SERVER_ENTRY, startSite, waitFor, type RunningSite } from "./server-process.ts";

const SOURCES = ["client", "server", "api", "shared"];

/** Newest modification time of any file under `dir` (0 if it does not exist). */
function newestMtime(dir: string): number {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(path));
    else if (entry.isFile()) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** Builds only when dist/ is missing or older than the sources (always on CI). */
function buildIfStale() {
  const reason =
    process.env.CI === "true"
      ? "CI=true"
      : !existsSync(SERVER_ENTRY)
        ? "dist/server/main.js is missing"
        : SOURCES.some((dir) => newestMtime(join(ROOT, dir)) > statSync(SERVER_ENTRY).mtimeMs)
          ? "sources changed since the last build"
          : null;
  if (!reason) return;
  console.log(`[e2e] building (${reason}): npm run build`);
  execFileSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
}

/** The stack under test lives for the whole run; global-teardown.ts stops it. */
declare global {
  var __afrioddsE2E: { site: RunningSite; tmpDir: string } | undefined;
}

export default async function globalSetup() {
  buildIfStale();
  const tmpDir = mkdtempSync(join(tmpdir(), "afriodds-e2e-"));
  const dataDir = join(tmpDir, "data");
  const [port, apiPort] = [await freePort(), await freePort()];
  const logFile = join(tmpDir, "server.log");
  let site: RunningSite | undefined;
  try {
    site = await startSite(
      // The suite registers its users from one loopback address: registration limits raised.
      { PORT: String(port), API_PORT: String(apiPort), DATA_DIR: dataDir, FEED_INTERVAL_S: "5", LOG_LEVEL: "warn", REGISTRATIONS_PER_ADDRESS_HOUR: "10000", REGISTRATIONS_PER_10_MIN: "10000" },
      logFile,
    );
    const { baseURL } = site;
    const running = { timeoutMs: 60_000, logFile, abort: site.exitReason };
    await waitFor(`${baseURL}/readyz`, async () => (await fetch(`${baseURL}/readyz`)).status === 200, running);
    // The simulated feeds need a few seconds before every bookmaker has prices.
    await waitFor(
      "the odds summary to count 5 bookmakers",
      async () => {
        const res = await fetch(`${baseURL}/api/odds/summary?country=1`);
        const body = (await res.json()) as { data?: { numBookmakers?: number } };
        return body.data?.numBookmakers === 5;
      },
      running,
    );
  } catch (error) {
    // Global teardown does not run when set-up fails: clean up here.
    await site?.stop();
    rmSync(tmpDir, { recursive: true, force: true });
    throw error;
  }
  globalThis.__afrioddsE2E = { site, tmpDir };
  const { baseURL } = site;

  const info = { baseURL, dataDir, tmpDir, pid: site.pid };
  writeFileSync(join(tmpDir, "server.json"), JSON.stringify(info, null, 2));
  // Workers are started after global setup and inherit these.
  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_TMP_DIR = tmpDir;
  process.env.E2E_SERVER_PID = String(site.pid);
  console.log(`[e2e] AfriOdds at ${baseURL} (pid ${site.pid}, DATA_DIR ${dataDir})`);
}
