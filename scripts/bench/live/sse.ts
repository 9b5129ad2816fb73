import { constants, createGunzip } from "node:zlib";
import { request } from "node:http";
import { sseReader } from "#lib/node/sse/frame.ts";

/** One Server-Sent Events frame as received, with the bench's clock (epoch ms) at its arrival. */
export interface ReceivedFrame {
  id: string;
  event: string;
  data: string;
  receivedAt: number;
}

export interface SseConnection {
  status: number;
  /** The refusal's body when the status is not 200 (the error envelope). */
  body: Promise<string>;
  /** Settles when the stream ends, by the server or by `close()`. */
  ended: Promise<void>;
  close(): void;
}

/** An event stream's frames (lib/node/sse/frame.ts), each stamped with the bench's clock at the chunk that completed it. */
export function frameReader(onFrame: (frame: ReceivedFrame) => void) {
  let receivedAt = 0;
  const read = sseReader((frame) => onFrame({ id: frame.id ?? "", event: frame.event ?? "message", data: frame.data, receivedAt }));
  return (chunk: string) => {
    receivedAt = Date.now();
    read(chunk);
  };
}

/**
 * Opens one event stream on its own socket (`agent: false`: no pool limit, so thousands can be
 * open at once). Resolves once the answer's head arrived; frames go to `onFrame` as they come.
 */
export function openSse(url: string, headers: Record<string, string>, onFrame: (frame: ReceivedFrame) => void): Promise<SseConnection> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: false, headers: { accept: "text/event-stream", ...headers } }, (res) => {
      res.on("error", () => undefined);
      const ended = new Promise<void>((done) => res.once("close", done));
      const status = res.statusCode ?? 0;
      // A browser accepts compression: a gzip stream is read as Chromium reads it, block by flushed block.
      const text = res.headers["content-encoding"] === "gzip" ? res.pipe(createGunzip({ finishFlush: constants.Z_SYNC_FLUSH })) : res;
      text.on("error", () => undefined);
      text.setEncoding("utf8");
      let body = Promise.resolve("");
      if (status === 200) text.on("data", frameReader(onFrame));
      else body = text.toArray().then((parts) => parts.join(""));
      resolve({ status, body, ended, close: () => req.destroy() });
    });
    // After the head arrived a reset is the stream's end (seen through `ended`), not a failure.
    req.once("error", reject);
    req.end();
  });
}
