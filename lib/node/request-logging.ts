import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import type { Logger } from "pino";

declare module "express-serve-static-core" {
  interface Request {
    id: string;
    log: Logger;
  }
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;

/**
 * Gives every request an id (kept from the caller's X-Request-Id when sane: a CDN's, or the web
 * tier's on its way to the API), a child logger carrying it, and one log line once answered.
 * `observe` receives the outcome too (the web tier's metrics).
 */
export function requestLogging(logger: Logger, observe?: (method: string, path: string, status: number, seconds: number) => void): RequestHandler {
  return (req, res, next) => {
    const incoming = req.header("x-request-id");
    req.id = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    req.log = logger.child({ reqId: req.id });
    res.setHeader("X-Request-Id", req.id);
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const path = req.originalUrl.split("?")[0] ?? "";
      observe?.(req.method, path, res.statusCode, seconds);
      req.log.info({ method: req.method, path, status: res.statusCode, ms: Math.round(seconds * 10_000) / 10 }, "request");
    });
    next();
  };
}
