import type { ErrorRequestHandler, RequestHandler } from "express";
import type { Logger } from "pino";
import { ERROR_STATUS, errorEnvelope, type ErrorCode, type FieldError } from "#shared/error-codes.ts";

/** The one error type of the API: a contract code, its HTTP status and the user-facing description. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Seconds, sent as Retry-After (429 and 503; and ACCOUNT_NOT_VERIFIED when no new code was sent). */
  readonly retryAfterS: number | undefined;
  /** Every field's issue, when the request had several (the envelope's `fields`, decision 038). */
  readonly fields: readonly FieldError[] | undefined;

  constructor(code: ErrorCode, message: string, options: { status?: number; retryAfterS?: number; fields?: readonly FieldError[] } = {}) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.status = options.status ?? ERROR_STATUS[code];
    this.retryAfterS = options.retryAfterS;
    this.fields = options.fields;
  }
}

export const notFound: RequestHandler = (_req, _res, next) => {
  next(new AppError("NOT_FOUND", "Not found."));
};

/**
 * OPTIONS answers like any other method no route takes. Without this, each Router answers it
 * itself with a text/plain list of methods, outside the envelope; only the web tier calls the
 * API, so there is no CORS preflight to serve.
 */
export const optionsNotFound: RequestHandler = (req, _res, next) => {
  next(req.method === "OPTIONS" ? new AppError("NOT_FOUND", "Not found.") : undefined);
};

/**
 * body-parser's own errors (http-errors: a 4xx `status`, often a `type`) are the client's
 * fault, never a 500: a body too large, not JSON, in an unsupported charset or content encoding,
 * undecodable, or cut short (docs/design.md, Envelopes and statuses).
 */
function fromBodyParser(error: unknown): AppError | undefined {
  if (!error || typeof error !== "object") return undefined;
  const { type, status, expose } = error as { type?: unknown; status?: unknown; expose?: unknown };
  if (type === "entity.too.large") return new AppError("PAYLOAD_TOO_LARGE", "Request body is too large (16 KB at most).");
  if (type === "entity.parse.failed") return new AppError("VALIDATION_ERROR", "Request body is not valid JSON.");
  if (type === "encoding.unsupported" || type === "charset.unsupported" || status === 415) {
    return new AppError("VALIDATION_ERROR", "Unsupported request encoding.", { status: 415 });
  }
  if (typeof status === "number" && status >= 400 && status < 500 && (expose === true || typeof type === "string")) {
    return new AppError("VALIDATION_ERROR", "The request body could not be read.");
  }
  return undefined;
}

/**
 * Express refuses a path parameter it cannot decode (`%zz`, an encoded lone surrogate) with a bare
 * URIError, on any route with parameters: the client's bad input, never a 500.
 */
function fromUndecodablePath(error: unknown): AppError | undefined {
  return error instanceof URIError ? new AppError("VALIDATION_ERROR", "The path holds text that cannot be decoded.") : undefined;
}

/** Writes the contract's envelope. Unexpected errors are logged with the request id and answered without internals. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, next) => {
    const known = error instanceof AppError ? error : (fromUndecodablePath(error) ?? fromBodyParser(error));
    const appError = known ?? new AppError("INTERNAL_ERROR", "Something went wrong. Please try again.");
    if (!known) logger.error({ err: error, reqId: req.id }, "unhandled error");
    // Too late for an envelope: Express's own handler ends the connection.
    if (res.headersSent) return next(error);
    if (appError.retryAfterS !== undefined) res.setHeader("Retry-After", String(Math.max(1, Math.ceil(appError.retryAfterS))));
    res.status(appError.status).json(errorEnvelope(appError.code, appError.message, undefined, appError.fields));
  };
}
