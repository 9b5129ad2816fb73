import { createParser } from "eventsource-parser";

/**
 * Server-Sent Events for both tiers (docs/design.md, Live push): the frames the API and the web
 * tier write, and how the web tier and the bench read the API's.
 */

/**
 * One event of a stream: `id` and `event` when set, its data, and `route` on the API's market
 * frames: where the web tier files the frame (docs/decisions/013-odds-stream.md). A field SSE does
 * not define is ignored by every other reader, browsers included.
 */
export interface SseFrame {
  id?: string | undefined;
  event?: string | undefined;
  route?: string | undefined;
  data: string;
}

/** The comment line that keeps proxies from closing an idle stream (docs/design.md, The API's stream: every 15 s). */
export const HEARTBEAT = ": hb\n\n";

/** A frame's text: `id`, `event`, `route`, then one `data` line per line of the data (WHATWG HTML, "server-sent events"). */
export function sseFrame(frame: SseFrame): string {
  const head = (["id", "event", "route"] as const).map((field) => (frame[field] === undefined ? "" : `${field}: ${frame[field]}\n`)).join("");
  return `${head}data: ${frame.data.split("\n").join("\ndata: ")}\n\n`;
}

/** A `ready` or `reset` frame: the stream's position is `seq` (docs/decisions/013-odds-stream.md). */
export const positionFrame = (event: "ready" | "reset", seq: number): string => sseFrame({ id: String(seq), event, data: JSON.stringify({ seq }) });

/**
 * An event stream's frames as they complete, from chunks split anywhere (eventsource-parser).
 * Comments (heartbeats) go to `onComment` when given, else are skipped; `maxBufferSize` bounds what
 * one unfinished line may hold.
 */
export function sseReader(onFrame: (frame: SseFrame) => void, options: { maxBufferSize?: number; onComment?: (comment: string) => void } = {}): (chunk: string) => void {
  let route: string | undefined;
  const parser = createParser({
    ...options,
    onEvent: (event) => {
      onFrame(route === undefined ? event : { ...event, route });
      route = undefined;
    },
    // The parser reports a field it does not know, `route` among them, as it reads the line.
    onError: (error) => {
      if (error.type === "unknown-field" && error.field === "route") route = error.value;
    },
  });
  return (chunk) => parser.feed(chunk);
}
