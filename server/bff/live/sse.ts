/** One Server-Sent Events frame as the odds API sends it (docs/decisions/013-odds-stream.md). */
export interface SseFrame {
  id?: string;
  event?: string;
  data?: string;
}

/** An SSE frame with `id`, `event` and one `data` line, as the browser is sent it. */
export function sseFrame(seq: number, event: string, data: string): string {
  return `id: ${seq}\nevent: ${event}\ndata: ${data}\n\n`;
}

/** The comment line that keeps proxies from closing an idle stream (docs/design.md, The API's stream: every 15 s). */
export const HEARTBEAT = ": hb\n\n";

/**
 * Splits an SSE byte stream into frames (WHATWG HTML, "event stream interpretation"): fields
 * per line, a blank line ends a frame, comment lines are skipped. Chunks may split anywhere.
 */
export function sseParser(onFrame: (frame: SseFrame) => void) {
  let buffer = "";
  let frame: SseFrame = {};
  const line = (text: string) => {
    if (text === "") {
      if (frame.data !== undefined || frame.event !== undefined) onFrame(frame);
      frame = {};
      return;
    }
    if (text.startsWith(":")) return;
    const colon = text.indexOf(":");
    const field = colon < 0 ? text : text.slice(0, colon);
    const value = colon < 0 ? "" : text.slice(colon + (text[colon + 1] === " " ? 2 : 1));
    if (field === "id" || field === "event") frame[field] = value;
    else if (field === "data") frame.data = frame.data === undefined ? value : `${frame.data}\n${value}`;
  };
  return (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf("\n")) >= 0) {
      line(buffer.slice(0, end).replace(/\r$/, ""));
      buffer = buffer.slice(end + 1);
    }
  };
}
