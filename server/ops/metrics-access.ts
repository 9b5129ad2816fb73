import { createHash, timingSafeEqual } from "node:crypto";
import type { RequestHandler } from "express";
import type { RequestListener } from "node:http";
import { errorEnvelope } from "#shared/error-codes.ts";
import type { Metrics } from "./metrics.ts";

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * /metrics on the public port: only for a scraper with the configured bearer token, compared in
 * constant time; with no token configured it does not exist there (never public:
 * docs/design.md, Operations endpoints).
 */
export function metricsOnPublicPort(metrics: Metrics, token: string | undefined): RequestHandler {
  const expected = token === undefined ? undefined : digest(token);
  return async (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    if (!expected) return void res.status(404).json(errorEnvelope("NOT_FOUND", "Not found."));
    const given = /^Bearer (\S+)$/.exec(req.get("authorization") ?? "")?.[1];
    if (!given || !timingSafeEqual(digest(given), expected)) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
      return void res.status(401).json(errorEnvelope("AUTH_REQUIRED", "Authorization required."));
    }
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  };
}

/** The METRICS_PORT listener (bound to loopback by main.ts): GET /metrics and nothing else, no token. */
export function metricsListener(metrics: Metrics): RequestListener {
  return (req, res) => {
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers }).end(JSON.stringify(body));
    if (req.url?.split("?")[0] !== "/metrics") return void json(404, errorEnvelope("NOT_FOUND", "Not found."));
    if (req.method !== "GET" && req.method !== "HEAD") return void json(405, errorEnvelope("VALIDATION_ERROR", "Only GET is allowed here."), { allow: "GET, HEAD" });
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { "content-type": metrics.registry.contentType, "cache-control": "no-store" }).end(req.method === "HEAD" ? undefined : text),
      () => json(500, errorEnvelope("INTERNAL_ERROR", "Something went wrong. Please try again.")),
    );
  };
}
