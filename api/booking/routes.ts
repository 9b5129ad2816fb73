import { Router, type RequestHandler } from "express";
import { privateNoStore } from "#lib/node/private-no-store.ts";
import { ENDPOINTS } from "#shared/contract.ts";
import { contractData, pathBelow } from "../http/endpoints.ts";
import { guardQuery } from "../http/input-guards.ts";
import { mintAdapter, mintBookingCode, type MintDeps } from "./mint.ts";
import type { BookingRates } from "./rate.ts";
import { readBookingCode } from "./read.ts";
import { parseMintRequest, parseReadQuery } from "./request.ts";

export interface BookingRouteDeps extends MintDeps {
  rates: BookingRates;
}

/**
 * GET /odds/booking?provider=N&code=CODE (docs/design.md, Reading a code), for signed-in users like
 * the betslip: each read asks a bookmaker's site on the user's behalf, so it is limited per user.
 * Input is checked before the limit is taken, the limit before the book is asked.
 */
export function bookingReadRouter(deps: BookingRouteDeps, auth: RequestHandler): Router {
  const router = Router();
  // One user's answer, refusals included: never stored by a cache.
  router.get(pathBelow("/odds/booking", ENDPOINTS.readBookingCode), privateNoStore, guardQuery, auth, async (req, res) => {
    const { provider, code } = parseReadQuery(req.query);
    await deps.rates.admit(req.auth!.sub, "read");
    res.json(contractData<"readBookingCode">(await readBookingCode(deps, provider, code)));
  });
  return router;
}

/** POST /users/betslip/booking `{provider}` (docs/design.md, Minting a code): a verified code for the saved slip. */
export function bookingMintRouter(deps: BookingRouteDeps, auth: RequestHandler): Router {
  const router = Router();
  router.post(pathBelow("/users", ENDPOINTS.mintBookingCode), auth, async (req, res) => {
    const { provider } = parseMintRequest(req.body);
    mintAdapter(provider);
    await deps.rates.admit(req.auth!.sub, "mint");
    res.json(contractData<"mintBookingCode">(await mintBookingCode(deps, req.auth!.sub, provider)));
  });
  return router;
}
