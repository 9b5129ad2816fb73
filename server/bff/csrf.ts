import type { RequestHandler } from "express";
import { errorEnvelope } from "#shared/error-codes.ts";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * State-changing calls need a same-origin Origin (or Sec-Fetch-Site: same-origin) and a JSON
 * content type, which a cross-site form cannot send (docs/design.md, CSRF; the OWASP CSRF cheat sheet).
 */
export function csrfGuard(publicOrigin: string, production = false): RequestHandler {
  return (req, res, next) => {
    if (SAFE.has(req.method)) return next();
    const origin = req.header("origin");
    const fetchSite = req.header("sec-fetch-site");
    // In production only PUBLIC_ORIGIN: the Host header is the client's to write, so "the host this
    // request came to" proves nothing behind a proxy that passes it on. Elsewhere also that host
    // (a developer on 127.0.0.1 or a LAN address).
    const ownHost = !production && origin === `${req.protocol}://${req.get("host")}`;
    const sameOrigin = origin ? origin === publicOrigin || ownHost : fetchSite === "same-origin";
    const json = (req.header("content-type") ?? "").toLowerCase().startsWith("application/json");
    if (sameOrigin && json) return next();
    res.status(403).json(errorEnvelope("CSRF_REJECTED", "This request was refused to protect your account. Please reload the page and try again."));
  };
}
