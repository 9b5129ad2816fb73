import { fork } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getText } from "./load.ts";

/** Headers the bare server leaves to Node or that differ per request; it repeats every other header of the web tier's answer. */
const OWN_HEADERS = new Set(["date", "connection", "keep-alive", "content-length", "transfer-encoding", "x-request-id"]);

export interface BareServer {
  origin: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts scripts/bench/bare-server.ts in its own process, sending the body and headers the web tier
 * answered `path` with (fetched once here with `headers`): the same bytes on the wire but for the
 * date and the request id, so the ratio of the two throughputs is the web tier's own cost per answer.
 */
export async function startBareServer(webOrigin: string, path: string, headers: Record<string, string>, port: number): Promise<BareServer> {
  const sample = await getText(`${webOrigin}${path}`, headers);
  if (sample.status !== 200) throw new Error(`the web tier answered ${path} with ${sample.status}`);
  const kept = Object.fromEntries(Object.entries(sample.headers).filter(([name]) => !OWN_HEADERS.has(name)));
  const dir = mkdtempSync(join(tmpdir(), "afriodds-bench-bare-"));
  const file = join(dir, "answer.json");
  writeFileSync(file, JSON.stringify({ headers: kept, body: sample.body.toString("base64") }));
  const child = fork("scripts/bench/bare-server.ts", [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, NODE_ENV: "production", BARE_ANSWER: file, BARE_PORT: String(port) },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  await new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    child.once("exit", (code) => reject(new Error(`the bare server exited with ${code}`)));
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
