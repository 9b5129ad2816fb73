import type { RequestHandler } from "express";
import type { AccessClaims } from "../accounts/sessions/tokens.ts";
import { AppError } from "./errors.ts";

declare module "express-serve-static-core" {
  interface Request {
    auth?: AccessClaims;
  }
}

/** Bearer access token required: 401 AUTH_REQUIRED without one or with a bad or expired one. */
export function requireAuth(verify: (token: string) => Promise<AccessClaims | null>): RequestHandler {
  return async (req, _res, next) => {
    const header = req.header("authorization") ?? "";
    const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(header);
    const claims = match?.[1] ? await verify(match[1]) : null;
    if (!claims) return next(new AppError("AUTH_REQUIRED", "Please log in to continue."));
    req.auth = claims;
    next();
  };
}
