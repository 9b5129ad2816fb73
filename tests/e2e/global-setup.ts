import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildOnce } from "../helpers/build-once.ts";
import { freePort, startSite, waitFor, type RunningSite } from "./server-process.ts";

/** The stack under test lives for the whole run; global-teardown.ts stops it. */
declare global {
  var __afrioddsE2E: { site: RunningSite; tmpDir: string } | undefined;
}

export default async function globalSetup() {
  // The build the integration suite made in this run, or a fresh one (tests/helpers/build-once.ts).
  buildOnce("e2e");
  const tmpDir = mkdtempSync(join(tmpdir(), "afriodds-e2e-"));
  const dataDir = join(tmpDir, "data");
  // The simulator on a port of its own: a spec books at a simulated site directly (E2E_SIM_ORIGIN).
  const [port, apiPort, simPort] = [await freePort(), await freePort(), await freePort()];
  const logFile = join(tmpDir, "server.log");
  let site: RunningSite | undefined;
  try {
    site = await startSite(
      // The suite registers its users from one loopback address: registration limits raised. Its
      // prices never move (the moving sites' do), so collecting every 15 s is enough: a bookmaker
      // stays listed through two cycles a loaded machine abandons (docs/design.md, Collector).
      { PORT: String(port), API_PORT: String(apiPort), SIM_PORT: String(simPort), DATA_DIR: dataDir, FEED_INTERVAL_S: "15", LOG_LEVEL: "warn", REGISTRATIONS_PER_ADDRESS_HOUR: "10000", REGISTRATIONS_PER_10_MIN: "10000" },
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

  const simOrigin = `http://127.0.0.1:${simPort}`;
  const info = { baseURL, simOrigin, dataDir, tmpDir, pid: site.pid };
  writeFileSync(join(tmpDir, "server.json"), JSON.stringify(info, null, 2));
  // Workers are started after global setup and inherit these.
  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_SIM_ORIGIN = simOrigin;
  process.env.E2E_TMP_DIR = tmpDir;
  process.env.E2E_SERVER_PID = String(site.pid);
  console.log(`[e2e] AfriOdds at ${baseURL} (pid ${site.pid}, DATA_DIR ${dataDir})`);
}
