import type { ErrorRequestHandler, RequestHandler } from "express";
import type { Logger } from "pino";
import { errorEnvelope, type ErrorCode } from "#shared/error-codes.ts";
import { UPSTREAM_UNAVAILABLE_MESSAGE } from "#shared/messages.ts";
import { UpstreamUnavailable } from "../bff/upstream.ts";

/**
 * The web tier's last answers, after the BFF and the pages: whatever reaches them is answered in
 * the contract's envelope, never with Express's HTML page (no answer outside the envelope:
 * docs/design.md, Envelopes and statuses).
 */
export const notFoundFallback: RequestHandler = (_req, res) => {
  res.status(404).json(errorEnvelope("NOT_FOUND", "Not found."));
};

/** Where only reading makes sense (hashed assets): other methods answer 405 with `Allow`. */
export const onlyGetAndHead: RequestHandler = (req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD") return next();
  res.setHeader("Allow", "GET, HEAD");
  res.status(405).json(errorEnvelope("VALIDATION_ERROR", "Only GET and HEAD are allowed here."));
};

interface Answer {
  status: number;
  code: ErrorCode;
  description: string;
}

/** body-parser's failures (http-errors with a `type`), in fixed words: never the parser's text. */
function bodyParserFault(status: number, type: unknown): Answer | undefined {
  switch (type) {
    case "entity.too.large":
      return { status: 413, code: "PAYLOAD_TOO_LARGE", description: "Request body is too large (16 KB at most)." };
    case "entity.parse.failed":
      return { status: 400, code: "VALIDATION_ERROR", description: "Request body is not valid JSON." };
    case "charset.unsupported":
      return { status: 415, code: "VALIDATION_ERROR", description: "Request body must be UTF-8 JSON." };
    case "encoding.unsupported":
      return { status: 415, code: "VALIDATION_ERROR", description: "Unsupported Content-Encoding (gzip, deflate or br, or none)." };
  }
  if (status === 413) return { status: 413, code: "PAYLOAD_TOO_LARGE", description: "Request body is too large." };
  if (status === 415) return { status: 415, code: "VALIDATION_ERROR", description: "Unsupported request encoding." };
  return undefined;
}

/** A client's fault that Express or a body parser raised (http-errors: a 4xx `status`), or a URL that does not decode. */
function clientFault(error: unknown): Answer | undefined {
  if (error instanceof URIError) return { status: 400, code: "VALIDATION_ERROR", description: "The URL is not valid." };
  if (!error || typeof error !== "object") return undefined;
  const { status, type } = error as { status?: unknown; type?: unknown };
  if (typeof status !== "number" || status < 400 || status > 499) return undefined;
  const parser = bodyParserFault(status, type);
  if (parser) return parser;
  if (status === 404) return { status: 404, code: "NOT_FOUND", description: "Not found." };
  // A body that could not be read: corrupt compression, a wrong Content-Length, an aborted upload.
  return { status: 400, code: "VALIDATION_ERROR", description: "The request could not be read." };
}

/**
 * The web tier's one error middleware (one error type, one middleware: docs/conventions.md, Errors): the
 * odds API being unavailable (502/503 UPSTREAM_UNAVAILABLE, counted in the upstream client), the client's
 * faults in the envelope, and anything unexpected logged with the request id and answered INTERNAL_ERROR.
 */
export function errorFallback(logger: Logger): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (error instanceof UpstreamUnavailable) {
      logger.warn({ err: error.message, reqId: req.id }, "odds API unavailable");
      if (res.headersSent) return next(error);
      return void res.status(error.status).json(errorEnvelope("UPSTREAM_UNAVAILABLE", UPSTREAM_UNAVAILABLE_MESSAGE));
    }
    const known = clientFault(error);
    if (!known) logger.error({ err: error, reqId: req.id }, "unhandled error");
    // Too late for an envelope: Express's own handler ends the connection.
    if (res.headersSent) return next(error);
    const answer = known ?? { status: 500, code: "INTERNAL_ERROR", description: "Something went wrong. Please try again." };
    res.status(answer.status).json(errorEnvelope(answer.code, answer.description));
  };
}
