import { Router, type RequestHandler } from "express";
import { readBetslip, saveBetslip, type BetslipDeps } from "./betslip.ts";
import { parseBetslipRequest } from "./request.ts";

/** GET and PUT /users/betslip (DESIGN section 11), Bearer token as /users/me: validate, call the domain, answer. */
export function betslipRouter(deps: BetslipDeps, auth: RequestHandler): Router {
  const router = Router();
  router.get("/betslip", auth, async (req, res) => {
    res.json({ data: await readBetslip(deps, req.auth!.sub) });
  });
  router.put("/betslip", auth, async (req, res) => {
    const request = parseBetslipRequest(req.body);
    res.json({ data: await saveBetslip(deps, req.auth!.sub, request) });
  });
  return router;
}
