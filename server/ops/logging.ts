import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import type { Logger } from "pino";
import { API_PREFIX, CONTRACT_ROUTES } from "#shared/contract.ts";
import { PROTECTED_PATHS, PUBLIC_PATHS } from "#client/route-paths.ts";

declare module "express-serve-static-core" {
  interface Request {
    id: string;
    log: Logger;
  }
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;

/** Request id (kept from a CDN's X-Request-Id when sane), forwarded to the API and logged with the outcome. */
export function requestLogging(logger: Logger, observe?: (method: string, route: string, status: number, seconds: number) => void): RequestHandler {
  return (req, res, next) => {
    const incoming = req.header("x-request-id");
    req.id = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    req.log = logger.child({ reqId: req.id });
    res.setHeader("X-Request-Id", req.id);
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const path = req.originalUrl.split("?")[0] ?? "";
      observe?.(req.method, routeLabel(path), res.statusCode, seconds);
      req.log.info({ method: req.method, path, status: res.statusCode, ms: Math.round(seconds * 10_000) / 10 }, "request");
    });
    next();
  };
}

/** Every route label there can be: the pages, the BFF's contract paths and the operational endpoints. */
const ROUTES = new Set<string>([...PUBLIC_PATHS, ...PROTECTED_PATHS, ...CONTRACT_ROUTES.map((r) => `${API_PREFIX}${r.path}`), "/healthz", "/readyz", "/metrics"]);

/** Bounded label values for metrics: a known route, else "other", so random paths never make a new series. */
export function routeLabel(path: string): string {
  if (path.startsWith("/assets/")) return "/assets";
  return ROUTES.has(path) ? path : "other";
}
