import { Router, type RequestHandler } from "express";
import { ENDPOINTS } from "#shared/contract.ts";
import { contractData, pathBelow } from "../../http/endpoints.ts";
import { AppError } from "../../http/errors.ts";
import type { AccountsDeps } from "../deps.ts";

/**
 * GET /users/session-check: whether a bearer token is one the API signed, unexpired, typed
 * "access", and of a session (refresh family) that still stands. The web tier holds no signing
 * key, so it asks here before it acts on a token's claims (opening a live stream, choosing the
 * credential of its upstream stream, ending an account's streams at logout) and keeps the answer
 * for at most 30 s (docs/decisions/026-web-tier-verifies-tokens-by-asking.md).
 */
export function sessionCheckRouter(accounts: Pick<AccountsDeps, "refreshTokens">, auth: RequestHandler): Router {
  const router = Router();
  router.get(pathBelow("/users", ENDPOINTS.sessionCheck), auth, async (req, res) => {
    const claims = req.auth!;
    if (!(await accounts.refreshTokens.sound(claims.sid))) throw new AppError("AUTH_REQUIRED", "Please log in to continue.");
    res.setHeader("Cache-Control", "private, no-store");
    res.json(contractData<"sessionCheck">({ sub: claims.sub, ak: claims.ak, exp: claims.exp }));
  });
  return router;
}
