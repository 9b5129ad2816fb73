import { spawn } from "node:child_process";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import request from "supertest";
import { describe, expect, it, vi } from "vitest";
import { serve } from "#server/serve.ts";
import { builtDist, rawGet, TEST_ORIGIN, webTier } from "../helpers/web.ts";
import { builtEntry } from "../helpers/build-once.ts";
import { signInThroughWeb, useWebSuite } from "../helpers/web-suite.ts";

const suite = useWebSuite();

/** A signed-in session's Cookie header. */
const signedIn = async (): Promise<string> => (await signInThroughWeb(suite)).cookie;

/** One GET to a listening port; resolves with the whole answer. */
function get(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; text: string }>((resolve, reject) => {
    httpRequest(`http://127.0.0.1:${port}${path}`, { headers, agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    })
      .on("error", reject)
      .end();
  });
}

const decode = { br: brotliDecompressSync, gzip: gunzipSync } as const;

describe("compression of dynamic answers", () => {
  for (const coding of ["br", "gzip"] as const) {
    it(`answers the odds and a rendered page in ${coding}`, async () => {
      const cookie = await signedIn();
      const odds = await rawGet(suite.stack.web.app, "/api/odds?country=1&competition=1&market=1", { cookie, "accept-encoding": coding });
      expect(odds.status).toBe(200);
      expect(odds.headers["content-encoding"]).toBe(coding);
      expect(JSON.parse(decode[coding](odds.body).toString("utf8")).data.events.length).toBeGreaterThan(0);

      const page = await rawGet(suite.stack.web.app, "/dashboard", { cookie, "accept-encoding": coding });
      expect(page.status).toBe(200);
      expect(page.headers["content-encoding"]).toBe(coding);
      expect(decode[coding](page.body).toString("utf8")).toMatch(/^<!doctype html>[\s\S]*<table[\s\S]*<\/html>$/);
    });
  }
});

describe("prerendered pages", () => {
  it("give each coding its own strong ETag, and answer 304 only for the representation asked for", async () => {
    const tags = new Map<string, string>();
    for (const coding of ["br", "gzip", "identity"]) {
      const res = await rawGet(suite.stack.web.app, "/nigeria", { "accept-encoding": coding });
      expect(res.status).toBe(200);
      expect(res.headers["content-encoding"]).toBe(coding === "identity" ? undefined : coding);
      expect(res.headers.etag).toMatch(/^"[^"]+"$/);
      tags.set(coding, res.headers.etag!);
    }
    expect(new Set(tags.values()).size).toBe(3);
    expect((await rawGet(suite.stack.web.app, "/nigeria", { "accept-encoding": "gzip", "if-none-match": tags.get("gzip")! })).status).toBe(304);
    expect((await rawGet(suite.stack.web.app, "/nigeria", { "accept-encoding": "br", "if-none-match": tags.get("gzip")! })).status).toBe(200);
    expect((await rawGet(suite.stack.web.app, "/nigeria", { "accept-encoding": "br", "if-none-match": `W/${tags.get("br")!}` })).status).toBe(304);
  });
});

describe("content security policy", () => {
  it("forbids everything to answers that are not pages", async () => {
    for (const path of ["/api/odds/summary?country=1", "/api/no-such-call", "/healthz", "/metrics"]) {
      const res = await suite.stack.http.get(path);
      expect(res.headers["content-security-policy"], path).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });

  it("keeps each page's own policy", async () => {
    const prerendered = await suite.stack.http.get("/about");
    expect(prerendered.headers["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
    const rendered = await suite.stack.http.get("/no-such-page");
    const csp = rendered.headers["content-security-policy"]!;
    expect(csp).toMatch(/script-src 'self' 'nonce-/);
    for (const directive of ["base-uri 'none'", "object-src 'none'", "frame-ancestors 'none'"]) expect(csp).toContain(directive);
  });
});

describe("graceful shutdown", () => {
  it("finishes the request in flight, refuses new connections, and reports not ready", async () => {
    const web = await webTier(suite.stack.proxy.origin);
    const serving = await serve(web.app, { port: 0, host: "127.0.0.1" });
    expect((await request(web.app).get("/readyz")).status).toBe(200);
    suite.stack.proxy.failNext("GET", "/odds/summary", { delayMs: 800 });
    const slow = get(serving.port, "/api/odds/summary?country=1", { "x-request-id": "in-flight-at-shutdown" });
    await vi.waitFor(() => expect(suite.stack.proxy.withRequestId("in-flight-at-shutdown")).toHaveLength(1), { timeout: 10_000 });

    web.beginShutdown();
    const closed = serving.close();
    expect((await request(web.app).get("/readyz")).status).toBe(503);
    await expect(get(serving.port, "/healthz")).rejects.toMatchObject({ code: "ECONNREFUSED" });
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text).data).toBeTruthy();
    await closed;
    await web.close();
  });

  it("does the same when server/main.ts gets SIGTERM, then exits 0", async () => {
    const dist = await builtDist();
    const child = spawn(process.execPath, [builtEntry("server/main.ts")], {
      env: { PATH: process.env.PATH, NODE_ENV: "test", PORT: "0", HOST: "127.0.0.1", API_ORIGIN: suite.stack.proxy.origin, PUBLIC_ORIGIN: TEST_ORIGIN, DIST_DIR: dist, LOG_LEVEL: "info" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    let log = "";
    child.stdout.on("data", (c: Buffer) => (log += c.toString("utf8")));
    const port = await vi.waitFor(
      () => {
        const started = /"port":(\d+)[^\n]*AfriOdds on/.exec(log);
        if (!started) throw new Error("not listening yet");
        return Number(started[1]);
      },
      { timeout: 15_000, interval: 100 },
    );

    suite.stack.proxy.failNext("GET", "/odds/summary", { delayMs: 800 });
    const slow = get(port, "/api/odds/summary?country=1", { "x-request-id": "in-flight-at-sigterm" });
    await vi.waitFor(() => expect(suite.stack.proxy.withRequestId("in-flight-at-sigterm")).toHaveLength(1), { timeout: 10_000 });
    child.kill("SIGTERM");
    await vi.waitFor(() => expect(log).toMatch(/shutting down/), { timeout: 10_000 });
    await expect(get(port, "/healthz")).rejects.toMatchObject({ code: "ECONNREFUSED" });
    expect((await slow).status).toBe(200);
    expect(await exited).toBe(0);
  }, 30_000);
});
