import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import type { Logger } from "pino";
import { pinoHttp } from "pino-http";

declare module "express-serve-static-core" {
  interface Request {
    id: string;
    log: Logger;
  }
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;

/** The caller's X-Request-Id when sane (a CDN's, or the web tier's on its way to the API), else a new one. */
function requestId(req: IncomingMessage): string {
  const incoming = req.headers["x-request-id"];
  return typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Bound to a logger, leaves the field out of every line. */
const omitted = () => undefined;

const pathOf = (req: IncomingMessage & { originalUrl?: string }) => (req.originalUrl ?? req.url ?? "").split("?")[0] ?? "";

/** The `request` line's fields, whatever the status. */
const line = (req: IncomingMessage, res: ServerResponse, logged: { ms: number }) => ({ method: req.method, path: pathOf(req), status: res.statusCode, ms: logged.ms });

/**
 * Gives every request an id, a child logger carrying it (`req.log`) and one log line once answered
 * (`request`: method, path, status, ms), with pino-http (docs/decisions/035-kept-libraries-for-plumbing.md).
 * The line has the same fields and level at every status; an error is logged, with its cause, where
 * it is handled (api/http/errors.ts).
 * `observe` receives the outcome too (the web tier's metrics).
 */
export function requestLogging(logger: Logger, observe?: (method: string, path: string, status: number, seconds: number) => void): RequestHandler {
  const logging = pinoHttp({
    logger,
    genReqId: (req, res) => {
      const id = requestId(req);
      res.setHeader("X-Request-Id", id);
      return id;
    },
    quietReqLogger: true,
    quietResLogger: true,
    // Our line carries its own fields (`line`), never the request or answer object; pino-http still
    // binds the request to a child logger for each request, and its standard serializer copied the
    // headers and JSON-encoded them every time: measured under `npm run bench`, the largest part of
    // the web tier's cost per odds answer (docs/benchmarks.md). Errors keep pino's own serializer.
    wrapSerializers: false,
    serializers: { req: omitted, res: omitted },
    customAttributeKeys: { reqId: "reqId", responseTime: "ms" },
    customLogLevel: () => "info",
    customSuccessMessage: () => "request",
    customErrorMessage: () => "request",
    customSuccessObject: line,
    customErrorObject: (req, res, _error, logged: { ms: number }) => line(req, res, logged),
  });
  return (req, res, next) => {
    if (observe) {
      const started = process.hrtime.bigint();
      res.once("finish", () => observe(req.method, pathOf(req), res.statusCode, Number(process.hrtime.bigint() - started) / 1e9));
    }
    logging(req, res, next);
  };
}
