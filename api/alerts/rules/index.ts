/**
 * The rules part of alerts (docs/design.md, Alerts): the rules API and detection. Registered in
 * api/alerts/parts.ts; detection starts with the other parts once the API listens.
 */
import { readBonusPlan } from "../../betslip/bonus-plan.ts";
import { verifyAccessToken } from "../../accounts/sessions/sessions.ts";
import { catalogueReader } from "../../catalogue/start.ts";
import { requireAuth } from "../../http/auth.ts";
import type { AlertsPart, AlertsPartDeps } from "../index.ts";
import { startDetection, type Detection } from "../detect/index.ts";
import { pushPublicKey } from "../push/vapid.ts";
import { rulesRouter } from "./routes.ts";

/** SportyBet (provider 3) is the one book with a live bonus plan (decision 028). */
const SPORTYBET = 3;

export function rulesPart(deps: AlertsPartDeps): AlertsPart {
  const catalogue = catalogueReader(deps.catalogue, { clock: deps.clock, logger: deps.logger });
  const auth = requireAuth((token) => verifyAccessToken(deps.accounts, token));
  let detection: Detection | undefined;
  const rules = {
    db: deps.db.kysely,
    catalogue,
    clock: deps.clock,
    listedEvent: (id: string) => deps.odds.cache.listed().events.find((e) => e.id === id),
    channels: {
      telegramAvailable: deps.config.alerts.telegram !== undefined,
      // Keys from the environment, or generated into DATA_DIR outside production (docs/design.md, Channels).
      pushAvailable: pushPublicKey(deps.config) !== null,
      pushPublicKey: () => pushPublicKey(deps.config),
    },
  };
  return {
    router: rulesRouter(rules, auth, () => detection?.rulesWritten()),
    async start() {
      detection = startDetection({
        db: deps.db,
        databaseUrl: deps.config.databaseUrl,
        odds: deps.odds,
        booking: deps.booking,
        catalogue,
        intervalS: deps.config.feedIntervalS,
        bonusPlan: () => readBonusPlan(deps.db.kysely, SPORTYBET, deps.clock()),
        clock: deps.clock,
        logger: deps.logger.child({ component: "alert-detection" }),
        kickSender: deps.kickSender,
      });
    },
    async stop() {
      await detection?.stop();
    },
  };
}
