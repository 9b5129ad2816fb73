import { Router, type RequestHandler, type Response } from "express";
import { ENDPOINTS } from "#shared/contract.ts";
import { contractData, pathBelow } from "../http/endpoints.ts";
import { addSelection, changeStake, readBetslip, removeSelection, saveBetslip, type BetslipDeps, type VersionCheck, type VersionedBetslip } from "./betslip.ts";
import { legMarketsFor } from "./leg-reads.ts";
import { parseBetslipRequest, parseSelection, parseSelectionPath, parseStakeRequest } from "./request.ts";
import type { BetslipWriteRates } from "./write-rate.ts";

export interface BetslipRouteDeps extends BetslipDeps {
  writes: BetslipWriteRates;
}

/** Where api/app.ts mounts these routes. */
const USERS = "/users";

/** The slip's version as a strong entity tag. */
export const versionTag = (version: number) => `"${version}"`;

/**
 * If-Match (RFC 9110 section 13.1.1) as a check of the slip's version, compared strongly: a weak
 * or unknown tag matches nothing, `*` anything. No header, no check: the write applies as before.
 */
export function ifMatchOf(header: string | undefined): VersionCheck | undefined {
  if (header === undefined) return undefined;
  const tags = header.split(",").map((tag) => tag.trim());
  if (tags.includes("*")) return () => true;
  return (version) => tags.includes(versionTag(version));
}

/**
 * The slip with its version as ETag. Never stored by a cache (one user's, re-priced on every read),
 * and sent with end(): res.json() would answer a matching If-None-Match with 304, but the tag names
 * the slip's version, not its prices, which move between two reads of one version.
 */
function answer(res: Response, { slip, version }: VersionedBetslip): void {
  res.setHeader("ETag", versionTag(version));
  res.setHeader("Cache-Control", "private, no-store");
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.end(JSON.stringify(contractData<"betslip">(slip)));
}

/**
 * GET and PUT /users/betslip and the per-selection writes (docs/design.md, Betslip; decision 024 in
 * docs/decisions/024-betslip-per-selection-writes.md), Bearer token as /users/me: validate, take
 * the user's write allowance, call the domain, answer. Every write honours If-Match.
 */
export function betslipRouter(deps: BetslipRouteDeps, auth: RequestHandler): Router {
  const router = Router();
  router.get(pathBelow(USERS, ENDPOINTS.betslip), auth, async (req, res) => {
    answer(res, await readBetslip(deps, req.auth!.sub));
  });
  router.put(pathBelow(USERS, ENDPOINTS.replaceBetslip), auth, async (req, res) => {
    const request = parseBetslipRequest(req.body, legMarketsFor(deps));
    await deps.writes.admit(req.auth!.sub);
    answer(res, await saveBetslip(deps, req.auth!.sub, request, ifMatchOf(req.header("if-match"))));
  });
  router.patch(pathBelow(USERS, ENDPOINTS.changeBetslipStake), auth, async (req, res) => {
    const { stake } = parseStakeRequest(req.body);
    await deps.writes.admit(req.auth!.sub);
    answer(res, await changeStake(deps, req.auth!.sub, stake, ifMatchOf(req.header("if-match"))));
  });
  router.post(pathBelow(USERS, ENDPOINTS.addToBetslip), auth, async (req, res) => {
    const leg = parseSelection(req.body, legMarketsFor(deps));
    await deps.writes.admit(req.auth!.sub);
    answer(res, await addSelection(deps, req.auth!.sub, leg, ifMatchOf(req.header("if-match"))));
  });
  router.delete(pathBelow(USERS, ENDPOINTS.removeFromBetslip), auth, async (req, res) => {
    const leg = parseSelectionPath(req.params, legMarketsFor(deps));
    await deps.writes.admit(req.auth!.sub);
    answer(res, await removeSelection(deps, req.auth!.sub, leg, ifMatchOf(req.header("if-match"))));
  });
  return router;
}
