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

/** Gives every request an id (the web tier's X-Request-Id when it sent a sane one) and logs it once finished. */
export function requestLogging(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.header("x-request-id");
    req.id = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    req.log = logger.child({ reqId: req.id });
    res.setHeader("X-Request-Id", req.id);
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      req.log.info({ method: req.method, path: req.originalUrl.split("?")[0], status: res.statusCode, ms: Math.round(ms * 10) / 10 }, "request");
    });
    next();
  };
}
