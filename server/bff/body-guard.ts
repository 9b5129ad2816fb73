import type { ErrorRequestHandler, RequestHandler } from "express";
import { errorEnvelope, type ErrorEnvelope } from "#shared/errors.ts";

/** No contract body nests deeper than a few levels; 32 leaves room and keeps JSON.stringify far from the stack's end. */
export const MAX_BODY_DEPTH = 32;

/**
 * Whether `value` nests deeper than `limit` arrays or objects. Walked with an explicit stack, not
 * recursion: the point is to survive a body that would overflow the call stack (issue 11, item 1).
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: { node: unknown; depth: number }[] = [{ node: value, depth: 0 }];
  while (pending.length > 0) {
    const { node, depth } = pending.pop()!;
    if (typeof node !== "object" || node === null) continue;
    if (depth + 1 > limit) return true;
    for (const child of Object.values(node)) pending.push({ node: child, depth: depth + 1 });
  }
  return false;
}

/** Refuses a parsed body nested deeper than MAX_BODY_DEPTH before anything forwards or serialises it. */
export function depthGuard(): RequestHandler {
  return (req, res, next) => {
    if (!nestsDeeperThan(req.body, MAX_BODY_DEPTH)) return next();
    res.status(400).json(errorEnvelope("VALIDATION_ERROR", `Request body is nested too deeply (${MAX_BODY_DEPTH} levels at most).`));
  };
}

/** body-parser's failures (http-errors with a `type`), as the contract's envelope with fixed words: never the parser's text. */
function bodyParserAnswer(error: { status?: unknown; type?: unknown }): { status: number; body: ErrorEnvelope } | undefined {
  const status = typeof error.status === "number" ? error.status : 0;
  if (status < 400 || status > 499) return undefined;
  switch (error.type) {
    case "entity.too.large":
      return { status: 413, body: errorEnvelope("PAYLOAD_TOO_LARGE", "Request body is too large (16 KB at most).") };
    case "entity.parse.failed":
      return { status: 400, body: errorEnvelope("VALIDATION_ERROR", "Request body is not valid JSON.") };
    case "charset.unsupported":
      return { status: 415, body: errorEnvelope("VALIDATION_ERROR", "Request body must be UTF-8 JSON.") };
    case "encoding.unsupported":
      return { status: 415, body: errorEnvelope("VALIDATION_ERROR", "Unsupported Content-Encoding (gzip, deflate or br, or none).") };
  }
  // A body that could not be read: corrupt compression, a wrong Content-Length, an aborted upload.
  return { status, body: errorEnvelope("VALIDATION_ERROR", "Request body could not be read.") };
}

/**
 * The BFF's last word on an error: body-parser's 4xx in the envelope, anything unexpected as
 * INTERNAL_ERROR without internals (DESIGN section 3). Never Express's HTML page.
 */
export function envelopeErrors(): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    const known = error && typeof error === "object" ? bodyParserAnswer(error as { status?: unknown; type?: unknown }) : undefined;
    if (known) return void res.status(known.status).json(known.body);
    req.log?.error?.({ err: error }, "unexpected error in /api");
    res.status(500).json(errorEnvelope("INTERNAL_ERROR", "Something went wrong. Please try again."));
  };
}
