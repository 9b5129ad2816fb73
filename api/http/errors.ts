import type { ErrorRequestHandler, RequestHandler } from "express";
import type { Logger } from "pino";
import { ERROR_STATUS, errorEnvelope, type ErrorCode } from "#shared/errors.ts";

/** The one error type of the API: a contract code, its HTTP status and the user-facing description. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Seconds, sent as Retry-After with 429 and 503. */
  readonly retryAfterS: number | undefined;

  constructor(code: ErrorCode, message: string, options: { status?: number; retryAfterS?: number } = {}) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.status = options.status ?? ERROR_STATUS[code];
    this.retryAfterS = options.retryAfterS;
  }
}

export const notFound: RequestHandler = (_req, _res, next) => {
  next(new AppError("NOT_FOUND", "Not found."));
};

/** body-parser's own errors carry a `type`; map them to the contract (DESIGN section 3). */
function fromBodyParser(error: unknown): AppError | undefined {
  const type = (error as { type?: unknown } | null)?.type;
  if (type === "entity.too.large") return new AppError("PAYLOAD_TOO_LARGE", "Request body is too large (16 KB at most).");
  if (type === "entity.parse.failed") return new AppError("VALIDATION_ERROR", "Request body is not valid JSON.");
  if (type === "encoding.unsupported" || type === "charset.unsupported") {
    return new AppError("VALIDATION_ERROR", "Unsupported request encoding.");
  }
  return undefined;
}

/** Writes the contract's envelope. Unexpected errors are logged with the request id and answered without internals. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const known = error instanceof AppError ? error : fromBodyParser(error);
    const appError = known ?? new AppError("INTERNAL_ERROR", "Something went wrong. Please try again.");
    if (!known) logger.error({ err: error, reqId: req.id }, "unhandled error");
    if (appError.retryAfterS !== undefined) res.setHeader("Retry-After", String(Math.max(1, Math.ceil(appError.retryAfterS))));
    if (res.headersSent) return;
    res.status(appError.status).json(errorEnvelope(appError.code, appError.message));
  };
}
