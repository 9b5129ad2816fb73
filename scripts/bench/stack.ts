import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { request } from "undici";
import { getText } from "./load.ts";

export type StackLayout = "embedded" | "scaled-out";

export interface Stack {
  layout: StackLayout;
  web: string;
  api: string;
  dataDir: string;
  /** The web tier's process id (in the embedded layout it also runs the API). */
  webPid: number;
  /** The API's process id (the web tier's in the embedded layout). */
  apiPid: number;
  stop(): Promise<void>;
}

const SECRET = "bench-secret-bench-secret-bench-secret-01";
/** The API tier's old-space bound in the scaled-out layout, as README runs it. */
const API_HEAP_MB = Number(process.env.BENCH_API_HEAP_MB ?? 384);

function node(entry: string, env: Record<string, string>, logFile?: string): ChildProcess {
  // BENCH_NODE_ARGS profiles the site under load, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  // The API tier runs as README's scaled-out deployment says: its heap bounded (docs/design.md, Whole-board sizes).
  if (entry === "dist/api/main.js") nodeArgs.unshift(`--max-old-space-size=${API_HEAP_MB}`);
  return spawn(process.execPath, [...nodeArgs, entry], {
    // The four leagues' world unless the bench's shell or a row asks for the board.
    env: { SIM_WORLD: "leagues", ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", JWT_SECRET: SECRET, FEED_INTERVAL_S: "60", ...env },
    stdio: ["ignore", logFile ? openSync(logFile, "a") : "ignore", "inherit"],
  });
}

/**
 * Starts the built site (`npm run build` first) in one of the two layouts
 * (docs/design.md, Two ways to run it), on a temporary DATA_DIR with simulated feeds, and waits until all
 * five bookmakers have prices. Embedded: one process, the API in-process. Scaled out: the API and the web
 * tier as two processes.
 * `env` reaches both processes (for example `SIM_STEP_S` and `FEED_INTERVAL_S` for the live rows);
 * `apiLog` (scaled out) writes the API's log, at info, to a file (the whole board's cycle lines).
 */
export async function startStack(layout: StackLayout, ports: { web: number; api: number }, env: Record<string, string> = {}, options: { apiLog?: string } = {}): Promise<Stack> {
  const dataDir = mkdtempSync(join(tmpdir(), `afriodds-bench-${layout}-`));
  const web = `http://127.0.0.1:${ports.web}`;
  const api = `http://127.0.0.1:${ports.api}`;
  const children: ChildProcess[] = [];
  // The bench's calls send this as their Origin: in production the web tier's CSRF check accepts PUBLIC_ORIGIN alone.
  const site = { PUBLIC_ORIGIN: web, ...env };
  if (layout === "embedded") {
    children.push(node("dist/server/main.js", { ...site, PORT: String(ports.web), API_PORT: String(ports.api), DATA_DIR: dataDir }));
  } else {
    children.push(node("dist/api/main.js", { ...site, API_PORT: String(ports.api), DATA_DIR: dataDir, ...(options.apiLog ? { LOG_LEVEL: "info" } : {}) }, options.apiLog));
    children.push(node("dist/server/main.js", { ...site, PORT: String(ports.web), API_ORIGIN: api, DATA_DIR: dataDir }));
  }
  const webPid = children.at(-1)!.pid!;
  const apiPid = children[0]!.pid!;
  const stop = async () => {
    for (const child of children) child.kill("SIGTERM");
    await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((resolve) => c.once("exit", resolve)) : undefined)));
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < 150; i += 1) {
    const summary = await getText(`${web}/api/odds/summary?country=1`).catch(() => undefined);
    if (summary?.status === 200 && /"numBookmakers":5/.test(summary.body.toString())) return { layout, web, api, dataDir, webPid, apiPid, stop };
    await sleep(200);
  }
  await stop();
  throw new Error(`the ${layout} stack did not serve five bookmakers' odds within 30 s`);
}

async function send(url: string, method: "PUT" | "POST", body: unknown, origin: string) {
  const res = await request(url, { method, headers: { "content-type": "application/json", origin }, body: JSON.stringify(body) });
  return { status: res.statusCode, headers: res.headers, body: (await res.body.json()) as { data: Record<string, unknown> } };
}

export interface BenchUser {
  /** The web tier's session cookies, as a Cookie header. */
  cookie: string;
  /** An access token for calling the API directly. */
  token: string;
  ak: string;
  /** The verified account's credentials, for measuring its logins. */
  username: string;
  password: string;
}

/** Registers and verifies a user through the web tier with the code from the outbox. */
export async function benchUser(stack: Stack): Promise<BenchUser> {
  const stamp = Date.now();
  const account = { userName: `bench_${stamp}`, email: `bench${stamp}@example.ng`, password: "bench password 1", country: 1, acceptTerms: true };
  await send(`${stack.web}/api/users/register`, "PUT", account, stack.web);
  const outbox = join(stack.dataDir, "outbox");
  const mail = readdirSync(outbox).map((f) => readFileSync(join(outbox, f), "utf8")).join("\n");
  const otp = /verification code: (\d{6})/.exec(mail)?.[1] ?? "";
  const verified = await send(`${stack.web}/api/users/verify-email`, "POST", { email: account.email, otp }, stack.web);
  if (verified.status !== 200) throw new Error(`verification failed: ${verified.status}`);
  const cookie = ([] as string[]).concat(verified.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
  const direct = await send(`${stack.api}/users/login`, "POST", { username: account.userName, password: account.password }, stack.web);
  const token = String(direct.body.data.token);
  const ak = String(JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()).ak);
  return { cookie, token, ak, username: account.userName, password: account.password };
}
