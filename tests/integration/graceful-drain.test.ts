import { spawn } from "node:child_process";
import { Agent, request, type RequestListener } from "node:http";
import { pino } from "pino";
import { afterAll, describe, expect, it, vi } from "vitest";
import { loadApiConfig } from "#api/config.ts";
import { startApiServer } from "#api/server.ts";
import { serve } from "../../lib/node/serve.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/databases.ts";
import { builtEntry } from "../helpers/build-once.ts";
import { builtDist, TEST_JWT_SECRET, TEST_ORIGIN } from "../helpers/web.ts";

interface LoadReport {
  sent: number;
  ok: number;
  /** Requests that erred (reset, refused) or answered 5xx: lost. */
  failures: string[];
  /** Clients that stopped because an answer said `Connection: close`, not because time ran out. */
  toldToClose: number;
}

/** One GET on `agent`; whether the answer asked to close the connection. */
function get(agent: Agent, port: number, path: string) {
  return new Promise<{ status: number; close: boolean; body: string }>((resolve, reject) => {
    request({ host: "127.0.0.1", port, path, agent }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, close: res.headers.connection === "close", body }));
      res.on("error", reject);
    })
      .on("error", reject)
      .end();
  });
}

/**
 * Keep-alive clients, each on its own socket, sending back to back. A client stops once an answer
 * says `Connection: close` (as a well-behaved client or load balancer does) and retries nothing:
 * a request that errs or answers 5xx counts as failed. `abortAfterMs` ends clients never told to close.
 */
function keepAliveLoad(port: number, paths: string[], clients: number) {
  const report: LoadReport = { sent: 0, ok: 0, failures: [], toldToClose: 0 };
  let timeUp = false;
  const client = async (n: number) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let i = n; !timeUp; i++) {
        const path = paths[i % paths.length]!;
        report.sent++;
        const answer = await get(agent, port, path).catch((error: NodeJS.ErrnoException) => ({ error: `${path}: ${error.code ?? error.message}` }));
        if ("error" in answer) return void report.failures.push(answer.error);
        if (answer.status >= 500) report.failures.push(`${path}: ${answer.status}`);
        else report.ok++;
        if (answer.close) return void report.toldToClose++;
      }
    } finally {
      agent.destroy();
    }
  };
  const done = Promise.all(Array.from({ length: clients }, (_, n) => client(n)));
  return {
    report,
    async finished(abortAfterMs: number): Promise<LoadReport> {
      const guard = setTimeout(() => (timeUp = true), abortAfterMs);
      await done;
      clearTimeout(guard);
      return report;
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Answers after a few milliseconds of pretend work, so requests are always in flight. */
const busyHandler: RequestListener = (_req, res) => {
  setTimeout(() => res.end("ok"), 5 + Math.floor(Math.random() * 20));
};

describe("the shared drain (lib/node/serve.ts)", () => {
  it("loses no request of keep-alive clients under load, and tells every one of them to close", async () => {
    const serving = await serve(busyHandler, { port: 0, host: "127.0.0.1", drainMs: 8_000 });
    const load = keepAliveLoad(serving.port, ["/a", "/b"], 8);
    await vi.waitFor(() => expect(load.report.ok).toBeGreaterThan(100), { timeout: 15_000 });
    const started = Date.now();
    await serving.close();
    const report = await load.finished(9_000);
    expect(report.failures).toEqual([]);
    expect(report.toldToClose).toBe(8);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("lets a stream whose headers went out before the stop finish, and refuses new connections", async () => {
    const serving = await serve(
      (_req, res) => {
        res.writeHead(200, { "content-type": "text/plain" });
        res.write("first ");
        setTimeout(() => res.end("last"), 400);
      },
      { port: 0, host: "127.0.0.1" },
    );
    const agent = new Agent({ keepAlive: true });
    const stream = get(agent, serving.port, "/stream");
    await sleep(100);
    const closed = serving.close();
    await expect(get(new Agent(), serving.port, "/late")).rejects.toMatchObject({ code: "ECONNREFUSED" });
    expect((await stream).body).toBe("first last");
    await closed;
    agent.destroy();
  });

  it("answers, with Connection: close, a request sent on an idle kept-alive socket just after the stop began", async () => {
    const serving = await serve(busyHandler, { port: 0, host: "127.0.0.1", idleGraceMs: 1_000 });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(agent, serving.port, "/first")).close).toBe(false);
    const closed = serving.close();
    await sleep(50);
    // Closing idle sockets at once would reset this request: it may already be on the wire.
    const second = await get(agent, serving.port, "/second");
    expect(second).toMatchObject({ status: 200, close: true });
    await closed;
    agent.destroy();
  });

  it("closes a kept-alive socket that stays idle once the grace is over", async () => {
    const serving = await serve(busyHandler, { port: 0, host: "127.0.0.1", idleGraceMs: 300, drainMs: 8_000 });
    const agent = new Agent({ keepAlive: true });
    await get(agent, serving.port, "/first");
    const started = Date.now();
    await serving.close();
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(Date.now() - started).toBeLessThan(2_000);
    agent.destroy();
  });
});

/** Starts an entry point's build; resolves with its port once it logs `listening`. */
async function startProcess(entry: "api/main.ts" | "server/main.ts", env: Record<string, string>, listening: RegExp) {
  const child = spawn(process.execPath, [builtEntry(entry)], { env: { PATH: process.env.PATH, NODE_ENV: "test", LOG_LEVEL: "info", ...env }, stdio: ["ignore", "pipe", "inherit"] });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  let log = "";
  child.stdout.on("data", (c: Buffer) => (log += c.toString("utf8")));
  const port = await vi.waitFor(
    () => {
      const match = listening.exec(log);
      if (!match) throw new Error(`not listening yet: ${log}`);
      return Number(match[1]);
    },
    { timeout: 20_000, interval: 100 },
  );
  return { child, port, exited, log: () => log };
}

/** Load on `port`, SIGTERM once it is flowing; the report and the exit code. */
async function sigtermUnderLoad(started: Awaited<ReturnType<typeof startProcess>>, paths: string[]) {
  const load = keepAliveLoad(started.port, paths, 8);
  await vi.waitFor(() => expect(load.report.ok).toBeGreaterThan(40), { timeout: 10_000 });
  const stoppedAt = Date.now();
  started.child.kill("SIGTERM");
  const report = await load.finished(15_000);
  const code = await started.exited;
  return { report, code, stopMs: Date.now() - stoppedAt };
}

describe("SIGTERM under keep-alive load", () => {
  const databases: TestDatabase[] = [];
  afterAll(async () => {
    for (const d of databases) await d.drop();
  });

  it("the web tier answers every request it accepted, then exits 0", async () => {
    const database = await createTestDatabase("sqlite");
    databases.push(database);
    const apiConfig = loadApiConfig({ NODE_ENV: "test", API_PORT: "0", DATA_DIR: database.dataDir, DATABASE_URL: database.url, JWT_SECRET: TEST_JWT_SECRET, FEEDS: "off", LOG_LEVEL: "silent", PASSWORD_HASH_COST: "test" });
    const api = await startApiServer(apiConfig, { logger: pino({ level: "silent" }) });
    try {
      const web = await startProcess(
        "server/main.ts",
        { PORT: "0", HOST: "127.0.0.1", API_ORIGIN: api.origin, PUBLIC_ORIGIN: TEST_ORIGIN, DIST_DIR: await builtDist() },
        /"port":(\d+)[^\n]*AfriOdds on/,
      );
      const { report, code, stopMs } = await sigtermUnderLoad(web, ["/api/odds/summary?country=1", "/nigeria", "/healthz", "/no-such-page"]);
      expect(report.failures).toEqual([]);
      expect(report.toldToClose).toBe(8);
      expect(code).toBe(0);
      expect(stopMs).toBeLessThan(5_000);
    } finally {
      await api.stop();
    }
  }, 60_000);

  it("the odds API answers every request it accepted, then exits 0", async () => {
    const database = await createTestDatabase("sqlite");
    databases.push(database);
    const api = await startProcess(
      "api/main.ts",
      { API_PORT: "0", API_HOST: "127.0.0.1", DATA_DIR: database.dataDir, DATABASE_URL: database.url, JWT_SECRET: TEST_JWT_SECRET, FEEDS: "off" },
      /"origin":"http:\/\/127\.0\.0\.1:(\d+)"/,
    );
    const { report, code, stopMs } = await sigtermUnderLoad(api, ["/healthz", "/odds/summary?country=1", "/no-such-call"]);
    expect(report.failures).toEqual([]);
    expect(report.toldToClose).toBe(8);
    expect(code).toBe(0);
    expect(stopMs).toBeLessThan(5_000);
  }, 60_000);
});
