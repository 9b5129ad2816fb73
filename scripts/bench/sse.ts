import { constants, createGunzip } from "node:zlib";
import { request } from "node:http";

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

/**
 * Splits an event stream into frames (WHATWG HTML, "event stream interpretation"): a blank line
 * ends a frame, comment lines (`: hb`) are skipped, chunks may split anywhere. Only what the bench
 * needs: `id`, `event` and `data`.
 */
export function frameReader(onFrame: (frame: ReceivedFrame) => void) {
  let buffer = "";
  let frame = { id: "", event: "message", data: "" };
  return (chunk: string) => {
    const receivedAt = Date.now();
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, end).replace(/\r$/, "");
      buffer = buffer.slice(end + 1);
      if (line === "") {
        if (frame.data !== "" || frame.event !== "message") onFrame({ ...frame, receivedAt });
        frame = { id: "", event: "message", data: "" };
        continue;
      }
      if (line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? "" : line.slice(colon + (line[colon + 1] === " " ? 2 : 1));
      if (field === "id" || field === "event") frame[field] = value;
      else if (field === "data") frame.data = frame.data === "" ? value : `${frame.data}\n${value}`;
    }
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
