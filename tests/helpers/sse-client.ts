import { get, type IncomingHttpHeaders, type IncomingMessage } from "node:http";
import type { OddsEvent } from "#shared/contract.ts";
import { sseReader } from "#lib/node/sse/frame.ts";

export interface ClientFrame {
  id?: string | undefined;
  event?: string | undefined;
  route?: string | undefined;
  data?: string;
  comment?: string;
}

/** A real SSE consumer over HTTP (what EventSource does): collects frames and comment lines as they arrive. */
export function openSseClient(url: string, headers: Record<string, string> = {}) {
  const frames: ClientFrame[] = [];
  let response: IncomingMessage | undefined;
  let ended = false;
  let body = "";
  const opened = new Promise<{ status: number; headers: IncomingHttpHeaders }>((resolve, reject) => {
    const req = get(url, { headers, agent: false }, (res) => {
      response = res;
      // Read as the web tier reads the API's stream (lib/node/sse/frame.ts), comments kept as frames of their own.
      const read = sseReader((frame) => frames.push(frame), { onComment: (comment) => frames.push({ comment: comment.trim() }) });
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
        read(chunk);
      });
      res.on("close", () => (ended = true));
      resolve({ status: res.statusCode ?? 0, headers: res.headers });
    });
    req.on("error", (error) => (response ? (ended = true) : reject(error)));
  });
  return {
    frames,
    opened,
    /** The whole body (an error envelope, when the stream did not open). */
    body: () => body,
    ended: () => ended,
    events: (event: string) => frames.filter((f) => f.event === event),
    markets: () => frames.filter((f) => f.event === "market").map((f) => ({ seq: Number(f.id), event: JSON.parse(f.data!) as OddsEvent })),
    lastId: () => frames.filter((f) => f.id !== undefined).at(-1)?.id,
    close: () => response?.destroy(),
  };
}

export type SseClient = ReturnType<typeof openSseClient>;

export const pollUntil = async (predicate: () => boolean | Promise<boolean>, ms = 10_000) => {
  const until = Date.now() + ms;
  while (!(await predicate())) {
    if (Date.now() > until) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
};
