import type { Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { POOL_IDLE_MS, serve, SERVER_IDLE_MS, type Serving } from "#lib/node/serve.ts";
import { createUpstream } from "#server/bff/upstream.ts";

/**
 * Keep-alive between the tiers (lib/node/serve.ts): the web tier's pool, not the API, closes an idle
 * socket, so no request is ever sent on a socket the API is closing (the ECONNRESET a login met on
 * a loaded host, when Node's 5 s and undici's 4 s were a timer's lateness apart).
 */
let serving: Serving | undefined;
afterEach(async () => {
  await serving?.close();
  serving = undefined;
});

describe("keep-alive between the web tier and the API", () => {
  it("the API keeps an idle socket SERVER_IDLE_MS, and the web tier's pool closes its own after POOL_IDLE_MS though the API's Keep-Alive header allows more", async () => {
    expect(SERVER_IDLE_MS).toBeGreaterThanOrEqual(5 * POOL_IDLE_MS);
    serving = await serve((_req, res) => res.writeHead(200, { "content-type": "application/json" }).end('{"data":{}}'), { port: 0, host: "127.0.0.1", keepAliveTimeoutMs: SERVER_IDLE_MS });
    expect(serving.server.keepAliveTimeout).toBe(SERVER_IDLE_MS);
    const closedByClient: Socket[] = [];
    serving.server.on("connection", (socket: Socket) => socket.once("end", () => closedByClient.push(socket)));

    const upstream = createUpstream(`http://127.0.0.1:${serving.port}`);
    try {
      expect((await upstream.call("GET", "/healthz")).status).toBe(200);
      // The API's answer says `Keep-Alive: timeout=30`; the pool keeps to its own 4 s, so the socket
      // is closed by the client within seconds, long before the API would close it.
      await expect.poll(() => closedByClient.length, { timeout: POOL_IDLE_MS + 4_000, interval: 100 }).toBe(1);
    } finally {
      await upstream.close();
    }
  });
});
