import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { connect } from "node:net";
import { networkInterfaces } from "node:os";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { serve } from "../../lib/node/serve.ts";
import { createTestDatabase, POSTGRES_SERVER_URL, temporaryDataDir, type TestDatabase } from "../helpers/databases.ts";
import { builtEntry } from "../helpers/build-once.ts";
import { builtDist, listen, startWebStack, TEST_JWT_SECRET, TEST_ORIGIN, webTier } from "../helpers/web.ts";

/** Writes `raw` bytes on a fresh socket and resolves with everything the server sent back before closing. */
function rawExchange(port: number, raw: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(raw));
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (c: string) => (answer += c));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

function parseRaw(answer: string) {
  const [head = "", body = ""] = answer.split("\r\n\r\n");
  const [statusLine = "", ...lines] = head.split("\r\n");
  const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]));
  return { status: Number(statusLine.split(" ")[1]), headers, body };
}

/** Runs an entry point's build to its exit; its exit code, stdout and stderr. */
function run(entry: "api/main.ts" | "server/main.ts", env: Record<string, string>) {
  const child = spawn(process.execPath, [builtEntry(entry)], { env: { PATH: process.env.PATH, NODE_ENV: "test", LOG_LEVEL: "silent", FEEDS: "off", ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (c: Buffer) => (stdout += c.toString("utf8")));
  child.stderr.on("data", (c: Buffer) => (stderr += c.toString("utf8")));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => child.on("exit", (code) => resolve({ code, stdout, stderr })));
}

const ENTRIES = {
  "the odds API (node dist/api/main.js)": { entry: "api/main.ts", env: { API_PORT: "0" } },
  "the web tier's embedded start": { entry: "server/main.ts", env: { PORT: "0", HOST: "127.0.0.1", API_PORT: "0" } },
} as const;

describe("a DATABASE_URL the process cannot start with", () => {
  const CASES = [
    { name: "an unsupported scheme", url: "mysql://afriodds:hunter2@db.internal/afriodds", line: "Invalid configuration: DATABASE_URL: unsupported scheme mysql: (use sqlite: or postgres://)" },
    { name: "a server that refuses", url: "postgres://afriodds:hunter2@127.0.0.1:1/afriodds", line: "DATABASE_URL: cannot connect to postgres://afriodds@127.0.0.1:1/afriodds (ECONNREFUSED)" },
    { name: "a database that does not exist", url: `${POSTGRES_SERVER_URL.replace("//postgres@", "//postgres:hunter2@")}/afriodds_no_such_database`, line: 'DATABASE_URL: cannot connect to postgres://postgres@127.0.0.1:5432/afriodds_no_such_database (database "afriodds_no_such_database" does not exist)' },
  ];
  for (const [name, { entry, env }] of Object.entries(ENTRIES)) {
    for (const { name: reason, url, line } of CASES) {
      it(`${name}: ${reason} is one line naming the variable, without the password, then exit 1`, async () => {
        const result = await run(entry, { ...env, DATA_DIR: temporaryDataDir(), DATABASE_URL: url });
        expect(result.code).toBe(1);
        expect(result.stderr).toBe(`${line}\n`);
        expect(result.stdout + result.stderr).not.toContain("hunter2");
      }, 20_000);
    }
  }

  it("a port in use is one line naming the variables", async () => {
    const taken = createServer();
    const { port } = await listen(taken);
    try {
      const result = await run("api/main.ts", { API_PORT: String(port), DATA_DIR: temporaryDataDir() });
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(`API_HOST, API_PORT: cannot listen on 127.0.0.1:${port} (EADDRINUSE)\n`);
    } finally {
      taken.close();
    }
  }, 20_000);
});

describe("Node's own answers to a request it cannot parse, in both tiers", () => {
  let database: TestDatabase;
  let stack: Awaited<ReturnType<typeof startWebStack>>;
  const ports: Record<string, number> = {};
  const closers: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    stack = await startWebStack(database);
    const web = await serve(stack.web.app, { port: 0, host: "127.0.0.1" });
    closers.push(() => web.close());
    ports.web = web.port;
    ports.api = Number(new URL(stack.api.origin).port);
  }, 120_000);
  afterAll(async () => {
    for (const close of closers) await close();
    await stack?.close();
    await database?.drop();
  });

  for (const tier of ["web", "api"]) {
    it(`${tier}: headers over Node's limit answer 431 in the envelope and close`, async () => {
      const answer = parseRaw(await rawExchange(ports[tier]!, `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`));
      expect(answer.status).toBe(431);
      expect(answer.headers).toMatchObject({ "content-type": "application/json; charset=utf-8", connection: "close" });
      expect(JSON.parse(answer.body)).toEqual({ error: { code: "VALIDATION_ERROR", description: "Request headers are too large.", type: "validation" } });
    });

    it(`${tier}: bytes that are not HTTP answer 400 in the envelope and close`, async () => {
      const answer = parseRaw(await rawExchange(ports[tier]!, "HELLO THERE\r\n\r\n"));
      expect(answer.status).toBe(400);
      expect(answer.headers.connection).toBe("close");
      expect(JSON.parse(answer.body)).toMatchObject({ error: { code: "VALIDATION_ERROR", type: "validation" } });
    });
  }
});

describe("the web tier's last answers", () => {
  let database: TestDatabase;
  let stack: Awaited<ReturnType<typeof startWebStack>>;
  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    stack = await startWebStack(database);
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
    await database?.drop();
  });

  it("answers a request no route takes (a body on a page) with the envelope, never Express's HTML", async () => {
    for (const method of ["post", "put", "delete", "patch"] as const) {
      const res = await stack.http[method]("/dashboard").set("content-type", "application/json").send('{"a":1}');
      expect(res.status, method).toBe(404);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.body).toEqual({ error: { code: "NOT_FOUND", description: "Not found.", type: "not_found" } });
    }
  });

  it("answers a URL that does not decode, and a method an asset does not take, with the envelope", async () => {
    const cases = [
      { method: "get", path: "/assets/%E0%A4%A", status: 400, code: "VALIDATION_ERROR" },
      { method: "post", path: "/%E0%A4%A", status: 404, code: "NOT_FOUND" },
      { method: "get", path: "/assets/no-such-file.js", status: 404, code: "NOT_FOUND" },
      { method: "post", path: "/assets/no-such-file.js", status: 405, code: "VALIDATION_ERROR" },
    ] as const;
    for (const { method, path, status, code } of cases) {
      const res = await stack.http[method](path);
      expect(res.status, `${method} ${path}`).toBe(status);
      expect(res.headers["content-type"], `${method} ${path}`).toMatch(/^application\/json/);
      expect(res.body.error.code, `${method} ${path}`).toBe(code);
    }
  });

  it("gives /readyz a 2 s budget when the odds API hangs", async () => {
    stack.proxy.failNext("GET", "/healthz", { delayMs: 6_000 });
    const started = Date.now();
    const res = await stack.http.get("/readyz");
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ data: { status: "odds API unreachable" } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});

describe("metrics", () => {
  const TOKEN = "metrics-token-that-is-long-enough-0123";
  let database: TestDatabase;
  let stack: Awaited<ReturnType<typeof startWebStack>>;
  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    stack = await startWebStack(database);
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
    await database?.drop();
  });

  it("are not on the public port unless a token is configured", async () => {
    const res = await stack.http.get("/metrics");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: "NOT_FOUND", description: "Not found.", type: "not_found" } });
    expect(res.text).not.toContain("afriodds_http_requests_total");
  });

  it("answer on the public port only to the configured bearer token", async () => {
    const web = await webTier(stack.proxy.origin, { METRICS_TOKEN: TOKEN });
    const http = request(web.app);
    for (const authorization of [undefined, "Bearer wrong", `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = authorization ? await http.get("/metrics").set("authorization", authorization) : await http.get("/metrics");
      expect(res.status, authorization).toBe(401);
      expect(res.headers["www-authenticate"]).toBe('Bearer realm="metrics"');
      expect(res.body.error.code).toBe("AUTH_REQUIRED");
    }
    const res = await http.get("/metrics").set("authorization", `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain("afriodds_http_requests_total");
    await web.close();
  });

  it("answer on METRICS_PORT, bound to loopback only and without a token, and still not on the public port", async () => {
    const external = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === "IPv4" && !a.internal)?.address;
    expect(external, "this test needs a non-loopback IPv4 address to show the port is not bound there").toBeTruthy();
    const child = spawn(process.execPath, [builtEntry("server/main.ts")], {
      env: { PATH: process.env.PATH, NODE_ENV: "test", PORT: "0", HOST: "0.0.0.0", METRICS_PORT: "0", API_ORIGIN: stack.proxy.origin, PUBLIC_ORIGIN: TEST_ORIGIN, DIST_DIR: await builtDist(), LOG_LEVEL: "info", JWT_SECRET: TEST_JWT_SECRET },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const exited = new Promise((resolve) => child.on("exit", resolve));
    let log = "";
    child.stdout.on("data", (c: Buffer) => (log += c.toString("utf8")));
    try {
      const [port, metricsPort] = await vi.waitFor(
        () => {
          const main = /"port":(\d+)/.exec(log)?.[1];
          const metrics = /"metricsPort":(\d+)/.exec(log)?.[1];
          if (!main || !metrics) throw new Error("not listening yet");
          return [Number(main), Number(metrics)];
        },
        { timeout: 20_000, interval: 100 },
      );
      const onLoopback = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(onLoopback.status).toBe(200);
      expect(await onLoopback.text()).toContain("afriodds_http_requests_total");
      expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
      expect((await fetch(`http://${external}:${port}/healthz`)).status).toBe(200);
      await expect(fetch(`http://${external}:${metricsPort}/metrics`)).rejects.toMatchObject({ cause: { code: "ECONNREFUSED" } });
      expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404);
    } finally {
      child.kill("SIGTERM");
      await exited;
    }
  }, 60_000);
});
