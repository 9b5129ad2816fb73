import type { RequestHandler } from "express";
import type { Logger } from "pino";
import { requestLogging as nodeRequestLogging } from "#lib/node/request-logging.ts";
import { API_PREFIX, CONTRACT_ROUTES } from "#shared/contract.ts";
import { PROTECTED_PATHS, PUBLIC_PATHS } from "#client/route-paths.ts";

/** Request ids and log lines as both tiers write them; the web tier also feeds its metrics a bounded route label. */
export function requestLogging(logger: Logger, observe?: (method: string, route: string, status: number, seconds: number) => void): RequestHandler {
  return nodeRequestLogging(logger, observe && ((method, path, status, seconds) => observe(method, routeLabel(path), status, seconds)));
}

/** Every route label there can be: the pages, the BFF's contract paths and the operational endpoints. */
const ROUTES = new Set<string>([...PUBLIC_PATHS, ...PROTECTED_PATHS, ...CONTRACT_ROUTES.map((r) => `${API_PREFIX}${r.path}`), "/healthz", "/readyz", "/metrics"]);

/** Bounded label values for metrics: a known route, else "other", so random paths never make a new series. */
export function routeLabel(path: string): string {
  if (path.startsWith("/assets/")) return "/assets";
  return ROUTES.has(path) ? path : "other";
}
