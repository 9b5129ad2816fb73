import { connect } from "node:net";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";

export interface RawAnswer {
  status: number;
  /** Lower-cased names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: Buffer;
}

export type RawOutcome = { answer: RawAnswer } | { failure: string };

/**
 * The request head exactly as given: no validation of the method, target or header values, so a
 * test can send what node:http's client refuses to (control characters, invalid percent-encoding).
 * `Connection: close` ends each exchange, so the answer is everything until the socket closes.
 */
export function requestHead(method: string, target: string, host: string, headers: Record<string, string>, bodyLength: number): string {
  const lines = [`${method} ${target} HTTP/1.1`, `Host: ${host}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (bodyLength > 0 || !["GET", "HEAD"].includes(method)) lines.push(`Content-Length: ${bodyLength}`);
  lines.push("Connection: close");
  return `${lines.join("\r\n")}\r\n\r\n`;
}

function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < data.length) {
    const lineEnd = data.indexOf("\r\n", at);
    if (lineEnd < 0) break;
    const size = parseInt(data.subarray(at, lineEnd).toString("latin1"), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

function decoded(body: Buffer, coding: string | undefined): Buffer {
  if (!coding || body.length === 0) return body;
  if (coding === "gzip") return gunzipSync(body);
  if (coding === "br") return brotliDecompressSync(body);
  if (coding === "deflate") return inflateSync(body);
  return body;
}

/** Parses one HTTP/1.1 answer from everything the server sent before closing. */
export function parseAnswer(data: Buffer, method: string): RawAnswer | undefined {
  const headEnd = data.indexOf("\r\n\r\n");
  if (headEnd < 0) return undefined;
  const [statusLine, ...lines] = data.subarray(0, headEnd).toString("latin1").split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? "")?.[1]);
  if (!Number.isInteger(status)) return undefined;
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  let body = method === "HEAD" ? Buffer.alloc(0) : data.subarray(headEnd + 4);
  if (/chunked/i.test(headers["transfer-encoding"] ?? "")) body = dechunk(body);
  else if (headers["content-length"] !== undefined) body = body.subarray(0, Number(headers["content-length"]));
  return { status, headers, body: decoded(body, headers["content-encoding"]) };
}

/** Sends `raw` (head and body) to `origin` over a fresh loopback socket and reads the answer. */
export function sendRaw(origin: string, raw: Buffer, method: string, timeoutMs = 15_000): Promise<RawOutcome> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = connect({ host: hostname, port: Number(port) });
    let settled = false;
    const settle = (outcome: RawOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(outcome);
    };
    const timer = setTimeout(() => settle({ failure: `no complete answer within ${timeoutMs} ms` }), timeoutMs);
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    // A server that resets after answering has still answered: parse what arrived.
    const finish = () => {
      const data = Buffer.concat(chunks);
      try {
        const answer = parseAnswer(data, method);
        settle(answer ? { answer } : { failure: data.length ? `unparseable answer: ${JSON.stringify(data.subarray(0, 120).toString("latin1"))}` : "connection closed without an answer" });
      } catch (error) {
        settle({ failure: `answer body could not be decoded: ${String(error)}` });
      }
    };
    socket.on("end", finish);
    socket.on("close", finish);
    socket.on("error", () => undefined);
    socket.write(raw);
  });
}
