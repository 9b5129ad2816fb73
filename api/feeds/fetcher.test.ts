import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { FeedAbortedError, FeedBlockedError, circuitBreaker, createFetcher, retryAfterMs } from "./fetcher.ts";

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise<void>((r) => s.close(() => r()));
  }
});
let server: Server | undefined;

/** A tiny bookmaker stand-in that answers the given statuses in turn (with extra headers per answer). */
async function serve(statuses: number[], headers: Record<string, string>[] = []) {
  let calls = 0;
  server = createServer((_req, res) => {
    const index = Math.min(calls, statuses.length - 1);
    const status = statuses[index]!;
    calls += 1;
    res.writeHead(status, { "content-type": "application/json", ...headers[index] }).end(status === 200 ? '{"ok":true}' : "<html>no</html>");
  });
  servers.push(server);
  await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed`, calls: () => calls };
}

/**
 * A minimal HTTP CONNECT proxy, as a Nigerian egress would be: it records what it was asked to
 * tunnel and with which Proxy-Authorization, then pipes the bytes both ways.
 */
async function startConnectProxy() {
  const tunnels: { target: string; headers: IncomingHttpHeaders }[] = [];
  const proxy = createServer((_req, res) => res.writeHead(405).end());
  proxy.on("connect", (req, client: Socket, head: Buffer) => {
    tunnels.push({ target: req.url ?? "", headers: req.headers });
    const [host = "", port = "80"] = (req.url ?? "").split(":");
    const upstream = connect(Number(port), host, () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on("error", () => client.destroy());
    client.on("error", () => upstream.destroy());
  });
  servers.push(proxy);
  await new Promise<void>((r) => proxy.listen(0, "127.0.0.1", r));
  return { port: (proxy.address() as AddressInfo).port, tunnels };
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
    const down = await serve([503]);
    await expect(fetcher.fetch({ url: down.url, headers: {} })).rejects.toThrow(/HTTP 503/);
    expect(down.calls()).toBe(3);
    await fetcher.close();
  });
});

describe("the feed fetcher's manners", () => {
  it("waits as long as a 429's Retry-After asks before retrying, capped", async () => {
    const site = await serve([429, 429, 200], [{ "retry-after": "7" }, { "retry-after": "3600" }]);
    const waits: number[] = [];
    const fetcher = createFetcher({ retries: 2, backoffMs: 100, maxRetryAfterMs: 30_000, sleep: async (ms) => void waits.push(ms) });
    await expect(fetcher.fetch({ url: site.url, headers: {} })).resolves.toBe('{"ok":true}');
    expect(waits).toEqual([7_000, 30_000]);
    await fetcher.close();
  });

  it("reads Retry-After as seconds or as an HTTP date", () => {
    const now = Date.parse("2026-11-22T08:00:00Z");
    expect(retryAfterMs("12", now)).toBe(12_000);
    expect(retryAfterMs("Sun, 22 Nov 2026 08:00:30 GMT", now)).toBe(30_000);
    expect(retryAfterMs("soon", now)).toBeUndefined();
    expect(retryAfterMs(undefined, now)).toBeUndefined();
  });

  it("gives a request up when its signal aborts, and does not retry it", async () => {
    let calls = 0;
    let reached!: () => void;
    const arrived = new Promise<void>((r) => (reached = r));
    server = createServer(() => {
      calls += 1; // never answers
      reached();
    });
    servers.push(server);
    await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
    const fetcher = createFetcher({ retries: 2, bodyTimeoutMs: 60_000, sleep: async () => undefined });
    const controller = new AbortController();
    const pending = fetcher.fetch({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, headers: {} }, controller.signal);
    // Aborted once the site has the request, not after a fixed wait a loaded machine may outlast.
    await arrived;
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(FeedAbortedError);
    expect(calls).toBe(1);
    await fetcher.close();
  });

  it("goes through FEEDS_PROXY_URL: an HTTP CONNECT tunnel, with the URL's credentials", async () => {
    const site = await serve([200]);
    const proxy = await startConnectProxy();
    const fetcher = createFetcher({ proxyUrl: `http://egress:s3cret@127.0.0.1:${proxy.port}`, retries: 0 });
    await expect(fetcher.fetch({ url: site.url, headers: { "user-agent": "test" } })).resolves.toBe('{"ok":true}');
    expect(site.calls()).toBe(1);
    expect(proxy.tunnels).toHaveLength(1);
    expect(proxy.tunnels[0]!.target).toBe(new URL(site.url).host);
    expect(proxy.tunnels[0]!.headers["proxy-authorization"]).toBe(`Basic ${Buffer.from("egress:s3cret").toString("base64")}`);
    await fetcher.close();
    // Without the proxy the same fetch reaches the site directly: the tunnel count stays put.
    const direct = createFetcher({ retries: 0 });
    await direct.fetch({ url: site.url, headers: {} });
    expect(proxy.tunnels).toHaveLength(1);
    await direct.close();
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

describe("a site that turns the client away (decision 012)", () => {
  const CHALLENGE = "<!DOCTYPE html><html><head><title>Just a moment...</title></head><body>Verifying you are human</body></html>";

  async function challenging(status: number, body = CHALLENGE) {
    let calls = 0;
    const s = createServer((_req, res) => {
      calls += 1;
      res.writeHead(status, { "content-type": "text/html" }).end(body);
    });
    servers.push(s);
    await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
    return { url: `http://127.0.0.1:${(s.address() as AddressInfo).port}/feed`, calls: () => calls };
  }

  it.each([403, 429])("answers a %i with a challenge page as blocked, and does not retry it", async (status) => {
    const site = await challenging(status);
    const fetcher = createFetcher({ retries: 3, backoffMs: 1, sleep: async () => undefined });

    const error = await fetcher.fetch({ url: site.url, headers: {} }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(FeedBlockedError);
    expect((error as FeedBlockedError).message).toMatch(new RegExp(`^blocked: HTTP ${status} with a bot challenge page`));
    expect(site.calls()).toBe(1);
    await fetcher.close();
  });

  it("keeps a 429 without a challenge page an ordinary, retried failure", async () => {
    const site = await challenging(429, "Too Many Requests");
    const fetcher = createFetcher({ retries: 2, backoffMs: 1, sleep: async () => undefined });

    const error = await fetcher.fetch({ url: site.url, headers: {} }).catch((e: unknown) => e);

    expect(error).not.toBeInstanceOf(FeedBlockedError);
    expect((error as Error).message).toBe("HTTP 429");
    expect(site.calls()).toBe(3);
    await fetcher.close();
  });
});

describe("a POST request", () => {
  it("sends its method, headers and body as given", async () => {
    const seen: { method?: string; type?: string; body: string }[] = [];
    const s = createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        seen.push({ method: req.method, type: req.headers["content-type"], body });
        res.writeHead(200, { "content-type": "application/json" }).end('{"bizCode":10000}');
      });
    });
    servers.push(s);
    await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
    const fetcher = createFetcher();

    const text = await fetcher.fetch({ url: `http://127.0.0.1:${(s.address() as AddressInfo).port}/x`, method: "POST", body: '[{"a":1}]', headers: { "Content-Type": "application/json" } });

    expect(text).toBe('{"bizCode":10000}');
    expect(seen).toEqual([{ method: "POST", type: "application/json", body: '[{"a":1}]' }]);
    await fetcher.close();
  });
});
