import type { Router } from "express";
import type { Logger } from "pino";
import type { AccountsDeps } from "../accounts/deps.ts";
import type { BookingService } from "../booking/index.ts";
import type { CatalogueHolder } from "../catalogue/start.ts";
import type { ApiConfig } from "../config.ts";
import type { Db } from "../db/database.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { OddsService } from "../odds/read/service.ts";
import { startAlertSender, type AlertSender, type ChannelSender } from "./sender.ts";

/**
 * Alerts (docs/design.md, Alerts): the channels, the sender that drains the outbox into them, and
 * their routes. Each channel is on only where it is configured; with ALERTS=off nothing runs.
 */
export interface AlertsDeps {
  config: ApiConfig;
  db: Db;
  accounts: AccountsDeps;
  booking: BookingService;
  odds: OddsService;
  catalogue: CatalogueHolder;
  mailer: Mailer;
  /** The API's signing secret (JWT_SECRET or DATA_DIR's): alert links and callback references are signed with keys derived from it. */
  secret: string;
  clock: () => number;
  logger: Logger;
}

/** What each part is made from: the API's parts, and a way to wake the sender after writing to the outbox. */
export interface AlertsPartDeps extends AlertsDeps {
  kickSender(): void;
}

/** What one channel or part brings: its sender, its routes below the API's root, and how it stops. */
export interface AlertsPart {
  channel?: ChannelSender | undefined;
  /** Mounted at the API's root, before the 404 (each router says its own paths). */
  router?: Router | undefined;
  start?(): Promise<void>;
  stop?(): Promise<void>;
}

export interface Alerts {
  sender: AlertSender | undefined;
  routers: Router[];
  /** Starts the sender and each part's own loop (Telegram's polling); after the API listens. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** The parts, in the order their routers mount. Each is a function of the deps, so a part can be left out by its configuration. */
export type PartFactory = (deps: AlertsPartDeps) => Promise<AlertsPart | undefined> | AlertsPart | undefined;

export async function createAlerts(deps: AlertsDeps, factories: readonly PartFactory[]): Promise<Alerts> {
  if (!deps.config.alerts.enabled) return { sender: undefined, routers: [], start: async () => undefined, stop: async () => undefined };
  let sender: AlertSender | undefined;
  const partDeps: AlertsPartDeps = { ...deps, kickSender: () => sender?.kick() };
  const parts = (await Promise.all(factories.map((make) => make(partDeps)))).filter((part): part is AlertsPart => part !== undefined);
  const channels = parts.flatMap((part) => (part.channel ? [part.channel] : []));
  return {
    get sender() {
      return sender;
    },
    routers: parts.flatMap((part) => (part.router ? [part.router] : [])),
    async start() {
      for (const part of parts) await part.start?.();
      sender = startAlertSender({ db: deps.db, databaseUrl: deps.config.databaseUrl, channels, logger: deps.logger, clock: deps.clock });
    },
    async stop() {
      await sender?.stop();
      for (const part of parts) await part.stop?.().catch((error: unknown) => deps.logger.warn({ err: error }, "an alerts part did not stop cleanly"));
    },
  };
}
