import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { RequestHandler } from "express";
import type { Logger } from "pino";

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

const pathOf = (req: IncomingMessage & { originalUrl?: string }) => (req.originalUrl ?? req.url ?? "").split("?")[0] ?? "";

/**
 * Gives every request an id (echoed as X-Request-Id), a logger carrying it (`req.log`, made on first
 * use) and one `request` line once answered or cut off: method, path, status and ms, at info
 * whatever the status; an error is logged, with its cause, where it is handled (api/http/errors.ts).
 * `observe` receives the outcome too (the web tier's metrics).
 *
 * Our own, not pino-http: pino-http made two child loggers for every request, used or not, which
 * measured under `npm run bench` was the largest part of the web tier's cost per odds answer
 * (docs/decisions/035-kept-libraries-for-plumbing.md).
 */
export function requestLogging(logger: Logger, observe?: (method: string, path: string, status: number, seconds: number) => void): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const id = requestId(req);
    req.id = id;
    res.setHeader("X-Request-Id", id);
    let child: Logger | undefined;
    Object.defineProperty(req, "log", { configurable: true, enumerable: false, get: () => (child ??= logger.child({ reqId: id })) });
    // "close" comes once for every answer: after it is sent, or when the client went first.
    res.once("close", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const path = pathOf(req);
      logger.info({ reqId: id, method: req.method, path, status: res.statusCode, ms: Math.round(seconds * 10_000) / 10 }, "request");
      observe?.(req.method, path, res.statusCode, seconds);
    });
    next();
  };
}
