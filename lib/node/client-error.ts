import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import { errorEnvelope } from "#shared/error-codes.ts";

/** Node's parser codes for a header block over --max-http-header-size. */
const TOO_LARGE = new Set(["HPE_HEADER_OVERFLOW"]);

function describe(code: string | undefined): { status: number; description: string } {
  if (code && TOO_LARGE.has(code)) return { status: 431, description: "Request headers are too large." };
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") return { status: 408, description: "The request took too long to arrive." };
  return { status: 400, description: "The request could not be parsed as HTTP." };
}

/**
 * The server's `clientError` answer: what Node writes by itself (a bare 400 or 431 with no body),
 * in the contract's envelope instead. A request whose body breaks the framing (a bad chunk size)
 * is still answered while its own answer has not begun; nothing is written on a socket that is
 * gone or whose answer has started: bytes there would corrupt that answer.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket, answerStarted: boolean): void {
  if (error.code === "ECONNRESET" || !socket.writable || answerStarted) {
    socket.destroy();
    return;
  }
  const { status, description } = describe(error.code);
  const body = JSON.stringify(errorEnvelope("VALIDATION_ERROR", description));
  socket.end(
    [
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
      "Content-Type: application/json; charset=utf-8",
      `Content-Length: ${Buffer.byteLength(body)}`,
      "Cache-Control: no-store",
      "X-Content-Type-Options: nosniff",
      "Connection: close",
      "",
      body,
    ].join("\r\n"),
  );
}
