import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Agent } from "undici";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SseFrame } from "#lib/node/sse/frame.ts";
import { upstreamStream, type AttemptEnd, type UpstreamStream } from "./upstream-stream.ts";

/** A stand-in odds API on loopback: each request to /odds/stream is answered by `answer`. */
async function apiAnswering(answer: (res: ServerResponse, attempt: number) => void): Promise<{ origin: string; server: Server }> {
  let attempt = 0;
  const server = createServer((_req, res) => answer(res, attempt++));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const opened: Array<{ stream: UpstreamStream; server?: Server; dispatcher: Agent }> = [];

afterEach(async () => {
  for (const { stream, server, dispatcher } of opened.splice(0)) {
    stream.close();
    server?.closeAllConnections();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    await dispatcher.close();
  }
});

/** Opens an upstream stream to `origin` with a quick backoff; records every attempt's end and every frame. */
function follow(origin: string, server?: Server) {
  const ended: Array<{ reason: AttemptEnd; status?: number | undefined; error?: unknown }> = [];
  const frames: SseFrame[] = [];
  const offered: string[][] = [];
  const dispatcher = new Agent();
  const stream = upstreamStream({
    origin,
    country: 1,
    dispatcher,
    credential: (rejected) => {
      offered.push([...rejected]);
      return { token: "token-a", ak: "a".repeat(22) };
    },
    lastEventId: () => undefined,
    onFrame: (frame) => frames.push(frame),
    onAttemptEnded: (reason, detail) => ended.push({ reason, ...detail }),
    minBackoffMs: 10,
    maxBackoffMs: 20,
  });
  opened.push({ stream, server, dispatcher });
  stream.connect();
  return { ended, offered, stream, frames };
}

describe("the web tier's upstream odds stream says why each attempt ended", () => {
  it("an answer other than 200 (the API starting or failing) is reported with its status, and tried again", async () => {
    const { origin, server } = await apiAnswering((res) => res.writeHead(503).end());
    const { ended } = follow(origin, server);
    await vi.waitFor(() => expect(ended.length).toBeGreaterThanOrEqual(2), { timeout: 5_000 });
    expect(ended.slice(0, 2)).toEqual([
      { reason: "answer", status: 503 },
      { reason: "answer", status: 503 },
    ]);
  });

  it("a refusal (401) is reported as such, and the refused token is not offered again", async () => {
    const { origin, server } = await apiAnswering((res) => res.writeHead(401).end());
    const { ended, offered } = follow(origin, server);
    await vi.waitFor(() => expect(offered.length).toBeGreaterThanOrEqual(2), { timeout: 5_000 });
    expect(ended[0]).toEqual({ reason: "refused", status: 401 });
    expect(offered[1]).toEqual(["token-a"]);
  });

  it("a stream the API closes is reported as ended, and no answer at all as an error with its cause", async () => {
    const { origin, server } = await apiAnswering((res, attempt) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(": hello\n\n");
      // The first stream ends; the API then goes away.
      if (attempt === 0) res.end();
      else res.destroy();
    });
    const { ended } = follow(origin, server);
    await vi.waitFor(() => expect(ended.length).toBeGreaterThanOrEqual(2), { timeout: 5_000 });
    expect(ended[0]).toEqual({ reason: "ended", status: 200 });
    expect(ended[1]?.reason).toBe("error");
    expect(ended[1]?.error).toBeInstanceOf(Error);
  });

  it("closing the stream on purpose is not reported as a failure", async () => {
    const { origin, server } = await apiAnswering((res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(": open\n\n");
    });
    const { ended, stream } = follow(origin, server);
    await vi.waitFor(() => expect(stream.connected()).toBe(true), { timeout: 5_000 });
    stream.close();
    await new Promise((resolve) => setImmediate(resolve));
    await vi.waitFor(() => expect(stream.connected()).toBe(false), { timeout: 5_000 });
    expect(ended).toEqual([]);
  });

  it("reads a frame whose bytes arrive split inside a character, and its route", async () => {
    const text = Buffer.from('id: 5\nevent: market\nroute: 2:1:c2:x\ndata: {"home":"Atlético Madrid"}\n\n');
    const inside = text.indexOf(Buffer.from("é")) + 1;
    const { origin, server } = await apiAnswering((res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(text.subarray(0, inside));
      setTimeout(() => res.write(text.subarray(inside)), 20);
    });
    const { frames } = follow(origin, server);
    await vi.waitFor(() => expect(frames).toHaveLength(1), { timeout: 5_000 });
    expect(frames[0]).toEqual({ id: "5", event: "market", route: "2:1:c2:x", data: '{"home":"Atlético Madrid"}' });
  });
});
