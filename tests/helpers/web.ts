import { createServer, request as httpRequest, Agent, type IncomingHttpHeaders, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { pino } from "pino";
import request from "supertest";
import { loadApiConfig } from "#api/config.ts";
import { startApiServer, type RunningApi } from "#api/server.ts";
import { createWebApp as createWebApp, type WebOptions } from "#server/app.ts";
import { loadServerConfig } from "#server/config.ts";
import { buildOnce, DIST } from "./build-once.ts";
import type { TestDatabase } from "./databases.ts";

export const TEST_ORIGIN = "http://afriodds.test";
export const TEST_JWT_SECRET = "test-secret-that-is-long-enough-for-hs256-0123456789";

/**
 * The build the web tier serves: dist/, built once per test run by the global setup
 * (tests/helpers/build-once.ts), or here when a file runs without it.
 */
export function builtDist(): Promise<string> {
  buildOnce("tests");
  return Promise.resolve(DIST);
}

export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
}

/**
 * What the proxy does instead of passing one request through: a gateway error (an HTML page, or
 * `json` when given: an answer outside the contract, as a misconfigured proxy or a wrong service
 * behind the API's address would give), a delay, or a dropped connection.
 */
export type Fault = { status: number; json?: string } | { delayMs: number } | { reset: true };

/**
 * A pass-through HTTP proxy between the web tier and the real odds API. It records every request
 * the API is sent, and can stand in for the network's failures (a load balancer's 5xx or a
 * stranger's body, a slow link, a reset), never for the API's own answers.
 */
export async function startRecordingProxy(target: string) {
  const seen: SeenRequest[] = [];
  const faults: { method: string; path: string; fault: Fault }[] = [];
  const agent = new Agent({ keepAlive: true });
  const targetHost = new URL(target).host;

  const server = createServer((req, res) => {
    const record: SeenRequest = { method: req.method ?? "GET", path: req.url ?? "/", headers: req.headers };
    seen.push(record);
    const at = faults.findIndex((f) => f.method === record.method && record.path.startsWith(f.path));
    const fault = at >= 0 ? faults.splice(at, 1)[0]!.fault : undefined;
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (fault && "status" in fault && fault.json !== undefined) return void res.writeHead(fault.status, { "content-type": "application/json" }).end(fault.json);
      if (fault && "status" in fault) return void res.writeHead(fault.status, { "content-type": "text/html" }).end("<h1>Bad Gateway</h1>");
      if (fault && "reset" in fault) return void req.socket.destroy();
      const forward = () => {
        if (res.destroyed) return;
        const out = httpRequest(`${target}${record.path}`, { method: record.method, headers: { ...req.headers, host: targetHost }, agent }, (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        });
        out.on("error", () => res.destroy());
        out.end(Buffer.concat(chunks));
      };
      if (fault && "delayMs" in fault) setTimeout(forward, fault.delayMs);
      else forward();
    });
  });
  const { port } = await listen(server);
  return {
    origin: `http://127.0.0.1:${port}`,
    seen,
    /** The requests the API was sent for one incoming request id. */
    withRequestId: (id: string) => seen.filter((r) => r.headers["x-request-id"] === id),
    /** The next request matching method and path prefix meets `fault` instead of the API. */
    failNext(method: string, path: string, fault: Fault) {
      faults.push({ method, path, fault });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}

export type RecordingProxy = Awaited<ReturnType<typeof startRecordingProxy>>;

export function listen(server: Server, port = 0): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server.address() as AddressInfo));
  });
}

/** A web tier on the built dist in front of `apiOrigin`, logging nowhere. */
export async function webTier(apiOrigin: string, env: Record<string, string> = {}, options: Partial<WebOptions> = {}) {
  const dist = await builtDist();
  const config = loadServerConfig({ NODE_ENV: "test", DIST_DIR: dist, PUBLIC_ORIGIN: TEST_ORIGIN, LOG_LEVEL: "silent", ...env });
  // The Nigeria page's preview is refreshed on demand in tests (refreshPreview), not on a timer that would call the API by itself.
  return createWebApp(config, { logger: pino({ level: "silent" }), previewRefreshMs: 0, ...options, apiOrigin });
}

/**
 * One GET over a real socket, the body exactly as sent: no decompression (supertest unzips).
 * Listens `handler` on a free port for the one request.
 */
export async function rawGet(handler: RequestListener, path: string, headers: Record<string, string> = {}) {
  const server = createServer(handler);
  const { port } = await listen(server);
  try {
    return await new Promise<{ status: number; headers: IncomingHttpHeaders; headerBytes: number; body: Buffer }>((resolve, reject) => {
      httpRequest(`http://127.0.0.1:${port}${path}`, { headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        // The status line and header block as sent: "name: value\r\n" each, then a blank line.
        const headerBytes =
          Buffer.byteLength(`HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n\r\n`) +
          // Each name is followed by ": " and each value by "\r\n": two bytes a part.
          res.rawHeaders.reduce((sum, part) => sum + Buffer.byteLength(part) + 2, 0);
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, headerBytes, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      })
        .on("error", reject)
        .end();
    });
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** Registration limits raised for suites that register many accounts from one loopback address. */
export const MANY_REGISTRATIONS = { REGISTRATIONS_PER_ADDRESS_HOUR: "100000", REGISTRATIONS_PER_10_MIN: "100000" };

/** The odds API's config for a test that listens on a free loopback port: FEEDS=off, silent, the test secret. */
export function listeningApiConfig(database: TestDatabase, env: Record<string, string> = {}) {
  return loadApiConfig({
    NODE_ENV: "test",
    API_PORT: "0",
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.url,
    JWT_SECRET: TEST_JWT_SECRET,
    FEEDS: "off",
    // A suite that turns the simulator on plays the four leagues unless it asks for the board.
    SIM_WORLD: "leagues",
    LOG_LEVEL: "silent",
    PASSWORD_HASH_COST: env.NODE_ENV === "production" ? "production" : "test",
    ...env,
  });
}

/**
 * The real odds API listening on loopback (never a mock), a recording proxy in front of it, and
 * the web tier in front of that. `env` is the web tier's settings, `apiEnv` the API's.
 */
export async function startWebStack(database: TestDatabase, options: { smtpUrl?: string; upstreamTimeoutMs?: number; oddsCacheMs?: number; env?: Record<string, string>; apiEnv?: Record<string, string> } = {}) {
  // Web suites register many accounts from loopback; accounts-abuse tests the real limits.
  const apiConfig = listeningApiConfig(database, { ...MANY_REGISTRATIONS, ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}), ...options.apiEnv });
  const api: RunningApi = await startApiServer(apiConfig, { logger: pino({ level: "silent" }) });
  const proxy = await startRecordingProxy(api.origin);
  const web = await webTier(proxy.origin, options.env, { upstreamTimeoutMs: options.upstreamTimeoutMs, oddsCacheMs: options.oddsCacheMs });
  return {
    api,
    proxy,
    web,
    http: request(web.app),
    async close() {
      await web.close();
      await proxy.close();
      await api.stop();
    },
  };
}
