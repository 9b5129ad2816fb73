import { verifyAccessToken } from "../../accounts/sessions/sessions.ts";
import { requireAuth } from "../../http/auth.ts";
import type { AlertsPart, AlertsPartDeps } from "../index.ts";
import { publicOnlyAgent } from "./public-only.ts";
import { pushChannelSender } from "./push-sender.ts";
import { pushRouter } from "./routes.ts";
import { resolveVapidKeys } from "./vapid.ts";

/**
 * Web Push as a part of alerts (docs/design.md, Channels: Web Push): its routes and its channel,
 * or nothing where there are no VAPID keys (production without VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY), which is said once at start-up.
 */
export function pushPart(deps: AlertsPartDeps): AlertsPart | undefined {
  const { config, db, accounts, clock, logger } = deps;
  const keys = resolveVapidKeys(config);
  if (!keys) {
    logger.info("Web Push is off: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY to turn it on");
    return undefined;
  }
  const auth = requireAuth((token) => verifyAccessToken(accounts, token));
  return {
    channel: pushChannelSender({ db, keys, subject: config.alerts.vapidSubject, publicOrigin: config.publicOrigin, logger, dispatcher: config.env === "production" ? publicOnlyAgent() : undefined }),
    router: pushRouter({ db, clock, production: config.env === "production" }, auth),
  };
}
