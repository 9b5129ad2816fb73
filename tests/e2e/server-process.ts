import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CompetitionList } from "../../shared/contract.ts";

/** The repository root: tests/e2e/ is two levels down. */
export const REPO_ROOT = join(import.meta.dirname, "..", "..");
export const SERVER_ENTRY = join(REPO_ROOT, "dist", "server", "main.js");
export const API_ENTRY = join(REPO_ROOT, "dist", "api", "main.js");

/** A port nothing listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export interface RunningSite {
  baseURL: string;
  pid: number;
  logFile: string;
  /** Why the process is gone, or null while it runs. */
  exitReason(): string | null;
  /** SIGTERM, then SIGKILL after 12 s; answers how the process ended. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Polls `check` until it answers true, or fails naming what it waited for. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  options: { timeoutMs: number; logFile?: string; abort?: () => string | null },
) {
  const { timeoutMs, logFile, abort } = options;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const reason = abort?.();
    if (reason) throw new Error(`Server ${reason} while waiting for ${what}.${await tail(logFile)}`);
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.${await tail(logFile)}`);
}

async function tail(logFile: string | undefined): Promise<string> {
  const log = logFile ? await readFile(logFile, "utf8").catch(() => "") : "";
  return log ? `\nServer log (end):\n${log.slice(-4000)}` : "";
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
  });
}

/**
 * Starts `node dist/server/main.js` the way `npm start` does, on its own port and with the given
 * environment, and waits until `/healthz` answers. Output goes to `logFile`.
 */
export function startSite(env: Record<string, string>, logFile: string): Promise<RunningSite> {
  const baseURL = `http://127.0.0.1:${env.PORT}`;
  return startNode(SERVER_ENTRY, baseURL, { HOST: "127.0.0.1", PUBLIC_ORIGIN: baseURL, ...env }, logFile);
}

/** Starts the odds API on its own (`node dist/api/main.js`, the scaled-out layout) on `env.API_PORT`. */
export function startApi(env: Record<string, string>, logFile: string): Promise<RunningSite> {
  return startNode(API_ENTRY, `http://127.0.0.1:${env.API_PORT}`, { API_HOST: "127.0.0.1", ...env }, logFile);
}

async function startNode(entry: string, baseURL: string, env: Record<string, string>, logFile: string): Promise<RunningSite> {
  const log = createWriteStream(logFile, { flags: "a" });
  const child = spawn(process.execPath, [entry], {
    cwd: REPO_ROOT,
    // Test-cost password hashes (api/accounts/passwords/passwords.ts): the browser suite signs up many users.
    // The four leagues' world unless a spec's own site asks for the board (startBoardSite).
    env: { ...process.env, NODE_ENV: "development", SIM_WORLD: "leagues", PASSWORD_HASH_COST: env.NODE_ENV === "production" ? "production" : "test", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  let early: string | null = null;
  child.once("exit", (code, signal) => {
    early = `exited early (code ${code}, signal ${signal})`;
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 12_000);
      await exited(child);
      clearTimeout(timer);
    }
    log.end();
    return { code: child.exitCode, signal: child.signalCode };
  };
  try {
    await waitFor(
      `${baseURL}/healthz`,
      async () => (await fetch(`${baseURL}/healthz`)).status === 200,
      { timeoutMs: 30_000, logFile, abort: () => early },
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, pid: child.pid!, logFile, exitReason: () => early, stop };
}

/**
 * A site of a spec's own whose prices move every 5 s (SIM_STEP_S=5), collected every 10 s
 * (FEED_INTERVAL_S=10: each book's time budget is two thirds of that; at 5 s its 3.3 s ran out on a
 * loaded host and books dropped out as stale), ready with five bookmakers' odds; `env` adds settings
 * (e.g. SIM_SCENARIO).
 */
export const MOVING_FEED_INTERVAL_S = 10;

export interface MovingSite {
  site: RunningSite;
  /** Its DATA_DIR (the outbox for mailed codes). */
  dataDir: string;
  stop(): Promise<void>;
}

export async function startMovingSite(name: string, env: Record<string, string> = {}): Promise<MovingSite> {
  return startOwnSite(name, { FEED_INTERVAL_S: String(MOVING_FEED_INTERVAL_S), SIM_STEP_S: "5", ...env }, {
    what: "five bookmakers' odds",
    check: async (baseURL) => ((await (await fetch(`${baseURL}/api/odds/summary?country=1`)).json()) as { data?: { numBookmakers?: number } }).data?.numBookmakers === 5,
    timeoutMs: 60_000,
  });
}

/**
 * A site of a spec's own serving the whole board (SIM_WORLD=board; docs/design.md, Simulated world),
 * collected at the default interval: the first cycle learns the competitions, the next (about a
 * minute in) prices them. Ready when the list the picker reads names the UEFA Champions League with
 * upcoming matches and every book pricing it (docs/design.md, Board pages). A board cycle with every
 * market the books quote takes 18-20 s of CPU under the simulator (decision 056), so beside the
 * suite's other sites the second cycle can end past three minutes.
 */
export const BOARD_READY_MS = 300_000;

export async function startBoardSite(name: string): Promise<MovingSite> {
  return startOwnSite(name, { SIM_WORLD: "board" }, {
    what: "the picker's list to name the UEFA Champions League, priced by five books",
    check: async (baseURL) => {
      const body = (await (await fetch(`${baseURL}/api/odds/competitions?country=1`)).json()) as { data?: CompetitionList };
      return (body.data?.competitions ?? []).some((c) => c.name === "UEFA Champions League" && c.upcoming > 0 && c.books.length === 5);
    },
    timeoutMs: BOARD_READY_MS,
  });
}

/** Starts a site in a temporary directory of its own, on free ports, and waits until `ready` holds. */
async function startOwnSite(
  name: string,
  env: Record<string, string>,
  ready: { what: string; check(baseURL: string): Promise<boolean>; timeoutMs: number },
): Promise<MovingSite> {
  const dir = mkdtempSync(join(tmpdir(), `afriodds-e2e-${name}-`));
  const dataDir = join(dir, "data");
  const logFile = join(dir, "server.log");
  const [port, apiPort] = [await freePort(), await freePort()];
  const site = await startSite({ PORT: String(port), API_PORT: String(apiPort), DATA_DIR: dataDir, LOG_LEVEL: "warn", ...env }, logFile);
  const stop = async () => {
    await site.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitFor(ready.what, () => ready.check(site.baseURL), { timeoutMs: ready.timeoutMs, logFile, abort: site.exitReason });
  } catch (error) {
    await stop();
    throw error;
  }
  return { site, dataDir, stop };
}
