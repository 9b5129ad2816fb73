import { copyFileSync, existsSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "./server-process.ts";

/** Stops the server global-setup.ts started (SIGTERM), keeps its log in test-results/, removes the temporary directory. */
export default async function globalTeardown() {
  const state = globalThis.__afrioddsE2E;
  const tmpDir = state?.tmpDir ?? process.env.E2E_TMP_DIR;
  if (state) {
    const { code, signal } = await state.site.stop();
    // Not a test failure, but worth seeing: the site should drain and exit 0 on SIGTERM.
    if (code !== 0) console.warn(`[e2e] the server did not exit cleanly on SIGTERM (code ${code}, signal ${signal}); see test-results/e2e-server.log`);
  } else if (process.env.E2E_SERVER_PID) {
    try {
      process.kill(Number(process.env.E2E_SERVER_PID), "SIGTERM");
    } catch {
      // Already gone.
    }
  }
  globalThis.__afrioddsE2E = undefined;
  if (!tmpDir) return;
  const log = join(tmpDir, "server.log");
  if (existsSync(log)) {
    mkdirSync(join(REPO_ROOT, "test-results"), { recursive: true });
    copyFileSync(log, join(REPO_ROOT, "test-results", "e2e-server.log"));
  }
  rmSync(tmpDir, { recursive: true, force: true });
}
