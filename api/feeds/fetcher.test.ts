import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { circuitBreaker, createFetcher } from "./fetcher.ts";

let server: Server | undefined;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

/** A tiny bookmaker stand-in that answers the given statuses in turn. */
async function serve(statuses: number[]) {
  let calls = 0;
  server = createServer((_req, res) => {
    const status = statuses[Math.min(calls, statuses.length - 1)]!;
    calls += 1;
    res.writeHead(status, { "content-type": "application/json" }).end(status === 200 ? '{"ok":true}' : "<html>no</html>");
  });
  await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed`, calls: () => calls };
}

describe("the feed fetcher", () => {
  it("retries 429 and 5xx with backoff, then answers the body", async () => {
    const site = await serve([503, 429, 200]);
    const waits: number[] = [];
    const fetcher = createFetcher({ retries: 2, backoffMs: 100, sleep: async (ms) => void waits.push(ms) });
    await expect(fetcher.fetch({ url: site.url, headers: {} })).resolves.toBe('{"ok":true}');
    expect(site.calls()).toBe(3);
    expect(waits).toHaveLength(2);
    expect(waits[1]!).toBeGreaterThan(waits[0]!);
    await fetcher.close();
  });

  it("does not retry a 403 challenge, and gives up after the last retry", async () => {
    const forbidden = await serve([403]);
    const fetcher = createFetcher({ retries: 2, sleep: async () => undefined });
    await expect(fetcher.fetch({ url: forbidden.url, headers: {} })).rejects.toThrow(/HTTP 403/);
    expect(forbidden.calls()).toBe(1);
    await new Promise<void>((r) => server!.close(() => r()));
    const down = await serve([503]);
    await expect(fetcher.fetch({ url: down.url, headers: {} })).rejects.toThrow(/HTTP 503/);
    expect(down.calls()).toBe(3);
    await fetcher.close();
  });
});

describe("the per-bookmaker circuit breaker", () => {
  it("opens after three failed runs, stays open while cooling off, then lets one try through", () => {
    let now = 0;
    const breaker = circuitBreaker(() => now, 3, 60_000);
    breaker.failure("bet9ja");
    breaker.failure("bet9ja");
    expect(breaker.allows("bet9ja")).toBe(true);
    breaker.failure("bet9ja");
    expect(breaker.allows("bet9ja")).toBe(false);
    expect(breaker.allows("sportybet")).toBe(true);
    now = 60_000;
    expect(breaker.allows("bet9ja")).toBe(true);
    breaker.success("bet9ja");
    breaker.failure("bet9ja");
    expect(breaker.allows("bet9ja")).toBe(true);
  });
});
