import type { RequestHandler } from "express";
import type { Logger } from "pino";
import { requestLogging as nodeRequestLogging } from "#lib/node/request-logging.ts";
import { API_PREFIX, CONTRACT_ROUTES, matchContractRoute } from "#shared/contract.ts";
import { PROTECTED_PATHS, PUBLIC_PATHS } from "#client/route-paths.ts";

/** Request ids and log lines as both tiers write them; the web tier also feeds its metrics a bounded route label. */
export function webRequestLogging(logger: Logger, observe?: (method: string, route: string, status: number, seconds: number) => void): RequestHandler {
  return nodeRequestLogging(logger, observe && ((method, path, status, seconds) => observe(method, routeLabel(path), status, seconds)));
}

/** Every fixed route label there can be: the pages, the operational endpoints and the contract's calls without a parameter (`/api/odds`, read at once). */
const FIXED_CALLS = CONTRACT_ROUTES.filter((r) => !r.path.includes(":")).map((r) => `${API_PREFIX}${r.path}`);
const ROUTES = new Set<string>([...PUBLIC_PATHS, ...PROTECTED_PATHS, "/healthz", "/readyz", "/metrics", ...FIXED_CALLS]);
const METHODS = [...new Set(CONTRACT_ROUTES.map((r) => r.method))];
const MATCH_PAGE = /^\/match\/[^/]+$/;
const CODE_PAGE = /^\/code\/[^/]+\/[^/]+$/;
const COMPETITION_PAGE = /^\/competitions\/[^/]+$/;

/** A BFF call's contract route, named by its pattern (`/api/odds/events/:id`): one label whatever the id. */
function apiLabel(path: string): string | undefined {
  const below = path.slice(API_PREFIX.length);
  for (const method of METHODS) {
    const found = matchContractRoute(method, below);
    if (found) return `${API_PREFIX}${found.route.path}`;
  }
  return undefined;
}

/** Bounded label values for metrics: a known route, else "other", so random paths never make a new series. */
export function routeLabel(path: string): string {
  if (path.startsWith("/assets/")) return "/assets";
  if (ROUTES.has(path)) return path;
  if (MATCH_PAGE.test(path)) return "/match/:id";
  if (CODE_PAGE.test(path)) return "/code/:bookmaker/:code";
  if (COMPETITION_PAGE.test(path)) return "/competitions/:id";
  return (path.startsWith(`${API_PREFIX}/`) && apiLabel(path)) || "other";
}
