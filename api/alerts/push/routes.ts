import { Router, type RequestHandler } from "express";
import { ENDPOINTS } from "#shared/contract.ts";
import type { Db } from "../../db/database.ts";
import { contractData } from "../../http/endpoints.ts";
import { parsePushEndpoint, parsePushSubscription } from "./request.ts";
import { removePushSubscription, savePushSubscription } from "./subscriptions.ts";

export interface PushRouteDeps {
  db: Db;
  clock: () => number;
  /** Production takes https:// push services only; elsewhere a loopback http:// one too (docs/design.md, Channels: Web Push). */
  production: boolean;
}

/** POST /users/push/subscriptions and POST /users/push/subscriptions/remove, at the API's root (docs/design.md, Alerts API). */
export function pushRouter(deps: PushRouteDeps, auth: RequestHandler): Router {
  const router = Router();
  router.post(ENDPOINTS.pushSubscribe.path, auth, async (req, res) => {
    const subscription = parsePushSubscription(req.body, deps.production);
    await savePushSubscription(deps.db.kysely, req.auth!.sub, subscription, deps.clock());
    res.status(201).json(contractData<"pushSubscribe">({ ok: true }));
  });
  // Idempotent, and says nothing of an endpoint that is someone else's: only the caller's own row goes.
  router.post(ENDPOINTS.pushUnsubscribe.path, auth, async (req, res) => {
    await removePushSubscription(deps.db.kysely, req.auth!.sub, parsePushEndpoint(req.body));
    res.json(contractData<"pushUnsubscribe">({ ok: true }));
  });
  return router;
}
