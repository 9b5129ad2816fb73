import { join } from "node:path";
import express, { type Express, type RequestHandler } from "express";
import helmet from "helmet";
import { pino, type Logger } from "pino";
import { accountsDeps, type AccountsDeps } from "./accounts/deps.ts";
import { accountsRouter } from "./accounts/routes.ts";
import { loadOrCreateSecret } from "./accounts/sessions/secrets.ts";
import { sessionCheckRouter } from "./accounts/sessions/session-check.ts";
import { verifyAccessToken } from "./accounts/sessions/sessions.ts";
import { readBonusPlan } from "./betslip/bonus-plan.ts";
import { bookingMintRouter, bookingReadRouter, bookingService, type BookingService } from "./booking/index.ts";
import type { BookingAction, BookingRate } from "./booking/rate.ts";
import { betslipRepository } from "./betslip/repository.ts";
import { betslipRouter, type BetslipRouteDeps } from "./betslip/routes.ts";
import { betslipWriteRates } from "./betslip/write-rate.ts";
import type { ApiConfig } from "./config.ts";
import { catalogueMarkets } from "./catalogue/market-descriptors.ts";
import { catalogueReader, listsCompetition, startCatalogue, type CatalogueHolder } from "./catalogue/start.ts";
import { openDatabase, type Db } from "./db/database.ts";
import { feedbackRepository } from "./feedback/repository.ts";
import { feedbackRouter } from "./feedback/routes.ts";
import { requireAuth } from "./http/auth.ts";
import { errorHandler, notFound, optionsNotFound } from "./http/errors.ts";
import { guardJsonBody } from "./http/input-guards.ts";
import { PERMISSIONS_POLICY } from "#lib/node/permissions-policy.ts";
import { securityHeaders } from "#lib/node/security-headers.ts";
import { privateNoStore } from "#lib/node/private-no-store.ts";
import { requestLogging } from "#lib/node/request-logging.ts";
import { mailSettled } from "./mail/delivery.ts";
import { createMailer, type Mailer } from "./mail/mailer.ts";
import { feedMetrics } from "./feeds/collector/metrics.ts";
import { oddsEventRouter } from "./odds/http/event-routes.ts";
import { findRouter } from "./odds/http/find-routes.ts";
import { catalogueRouter } from "./odds/http/catalogue-routes.ts";
import { nextRouter } from "./odds/http/next-routes.ts";
import { oddsRouter } from "./odds/http/routes.ts";
import { oddsStreamRouter, type StreamOptions } from "./odds/http/stream-routes.ts";
import { oddsService, type OddsService } from "./odds/read/service.ts";
import { toolRouter } from "./odds/http/tool-routes.ts";
import { toolMarketNames } from "./odds/tools/tool-markets.ts";
import { createAlerts, type Alerts } from "./alerts/index.ts";
import { ALERT_PARTS } from "./alerts/parts.ts";

export interface ApiOptions {
  /** Tests shorten the live stream's heartbeat and stall limits. */
  stream?: StreamOptions;
  /** Injected in tests to move time (code expiry, token lifetimes, throttling windows). */
  clock?: () => number;
  logger?: Logger;
  mailer?: Mailer;
  /** Tests that read many booking codes as one user raise its limits; no entry point passes them, so production keeps the defaults. */
  bookingRates?: Record<BookingAction, BookingRate>;
}

export interface ApiInstance {
  app: Express;
  db: Db;
  /** Competitions and markets as data (docs/design.md, Catalogue), written from its files at start-up. */
  catalogue: CatalogueHolder;
  /** What the account functions (api/accounts/*.ts) take as their first argument. */
  accounts: AccountsDeps;
  odds: OddsService;
  /** Booking codes (docs/design.md, Booking codes); the feed runtime points it at the simulator. */
  booking: BookingService;
  /** Alerts (docs/design.md, Alerts): their routes are mounted; the sender runs once `alerts.start()` is called (startApiServer does). */
  alerts: Alerts;
  clock: () => number;
  logger: Logger;
  /**
   * Resolves once mail sent after its answer (reset and resend codes) is delivered or has failed,
   * waiting up to a minute (tests read the mail; a loaded machine can take longer than the 10 s
   * that shutting down allows).
   */
  mailSettled(): Promise<void>;
  /** Lets mail still being delivered finish (10 s at most), then closes the mailer and the database; the HTTP server is main.ts's. */
  close(): Promise<void>;
}

/** The app with what every answer goes through (headers, logging, the JSON body guard) and its operations endpoints. */
function baseApp(logger: Logger): Express {
  const app = express();
  app.disable("x-powered-by");
  // No ETag made from whatever body is sent: the odds answers tag each coding (lib/node/content-coding.ts).
  app.set("etag", false);
  app.set("trust proxy", "loopback, linklocal, uniquelocal");
  app.use(securityHeaders(helmet(), { "Permissions-Policy": PERMISSIONS_POLICY }));
  app.use(requestLogging(logger));
  app.use(optionsNotFound, express.json({ limit: "16kb" }), guardJsonBody);

  app.get("/healthz", (_req, res) => {
    res.json({ data: { status: "ok" } });
  });
  // Feed health per bookmaker for Prometheus. The API's port is internal (the web tier is the public one).
  app.get("/metrics", async (_req, res) => {
    res.type(feedMetrics.registry.contentType).send(await feedMetrics.registry.metrics());
  });
  return app;
}

/** What the routes are built from: createApi's collaborators, one set per instance. */
interface ApiParts {
  config: ApiConfig;
  options: ApiOptions;
  db: Db;
  accounts: AccountsDeps;
  odds: OddsService;
  betslips: Pick<BetslipRouteDeps, "betslips" | "writes">;
  booking: BookingService;
  catalogue: CatalogueHolder;
  auth: RequestHandler;
  clock: () => number;
  logger: Logger;
}

/** The users' and the odds' routes, in the order Express tries them. */
function mountRoutes(app: Express, { config, options, db, catalogue, accounts, odds, betslips, booking, auth, clock, logger }: ApiParts): void {
  // Every /users answer is one user's: no cache keeps it, errors included.
  app.use("/users", privateNoStore);
  app.use("/users", sessionCheckRouter(accounts, auth));
  app.use("/users", accountsRouter(accounts));
  app.use("/users", feedbackRouter({ feedback: feedbackRepository(db.kysely), users: accounts.users, limits: accounts.limits, clock }, auth));
  // SportyBet (provider 3) is the one book with a live bonus plan (decision 028).
  const bonusPlan = () => readBonusPlan(db.kysely, 3, clock());
  app.use("/users", bookingMintRouter(booking.deps, auth));
  const current = catalogueReader(catalogue, { clock, logger });
  // The betslip takes a leg in any catalogue market, named by the catalogue (docs/design.md, Betslip).
  app.use("/users", betslipRouter({ db: db.kysely, ...betslips, users: accounts.users, clock, intervalS: config.feedIntervalS, bonusPlan, catalogue: current }, auth));
  app.use("/odds/stream", oddsStreamRouter(odds.live, auth, options.stream, accounts.refreshTokens.sound));
  app.use("/odds/booking", bookingReadRouter(booking.deps, auth));
  app.use("/odds/events", oddsEventRouter({ db: db.kysely, clock, intervalS: config.feedIntervalS, odds, catalogue: current }, auth));
  const names = () => toolMarketNames(current());
  app.use("/odds", findRouter({ cache: odds.cache, db: db.kysely, clock, intervalS: config.feedIntervalS, lists: (id) => listsCompetition(current(), id), names }, auth));
  // The tools read every catalogue market their maths take, and name those beyond the eight (docs/design.md, Bettor tools).
  app.use("/odds", toolRouter({ cache: odds.cache, db: db.kysely, clock, markets: () => catalogueMarkets(current()), names }, auth));
  app.use("/odds", catalogueRouter({ catalogue: current, cache: odds.cache, clock }));
  app.use("/odds", nextRouter({ cache: odds.cache, catalogue: current, clock, intervalS: config.feedIntervalS }, auth));
  app.use("/odds", oddsRouter(odds.cache, current, auth));
}

/** Alert mail's own mailer, pooled, so a burst neither opens a connection per mail nor queues the account codes behind it. */
function alertsMailer(config: ApiConfig, logger: Logger): Mailer {
  return createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: join(config.dataDir, "outbox"), logger, pool: true });
}

/** Builds the odds API: opens and migrates the database, wires accounts, feedback and odds. Listens nowhere, collects nothing. */
export async function createApi(config: ApiConfig, options: ApiOptions = {}): Promise<ApiInstance> {
  const clock = options.clock ?? Date.now;
  const logger = options.logger ?? pino({ level: config.logLevel, base: { tier: "api" } });
  const db = await openDatabase(config.databaseUrl, (err) => logger.warn({ err }, "a pooled database connection was lost; the pool opens another"));
  const catalogue = await startCatalogue(db.kysely, { clock, logger }).catch(async (error: unknown) => {
    await db.close();
    throw error;
  });
  const secret = config.jwtSecret ?? loadOrCreateSecret(config.dataDir);
  const mailer =
    options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: join(config.dataDir, "outbox"), logger });
  const accounts = accountsDeps({
    db: db.kysely,
    secret,
    mailer,
    clock,
    logger,
    publicOrigin: config.publicOrigin,
    logCodes: config.env !== "production",
    registrationLimits: config.registrationLimits,
    loginLimits: config.loginLimits,
    challengeMaxNumber: config.challengeMaxNumber,
    scryptParams: config.scryptParams,
  });
  const odds = oddsService({ db: db.kysely, clock, intervalS: config.feedIntervalS, markets: () => catalogueMarkets(catalogue.current()) });
  await odds.refresh();
  const auth = requireAuth((token) => verifyAccessToken(accounts, token));
  const betslips = { betslips: betslipRepository(db.kysely), writes: betslipWriteRates(db.kysely, config.betslipWriteRate, clock) };
  const booking = bookingService(config, { db: db.kysely, betslips: betslips.betslips, clock, logger, ...(options.bookingRates ? { rates: options.bookingRates } : {}) });

  const alertMailer = options.mailer ?? alertsMailer(config, logger);
  const alerts = await createAlerts({ config, db, accounts, booking, odds, catalogue, mailer: alertMailer, secret, clock, logger }, ALERT_PARTS);

  const app = baseApp(logger);
  mountRoutes(app, { config, options, db, catalogue, accounts, odds, betslips, booking, auth, clock, logger });
  for (const router of alerts.routers) app.use(router);
  app.use(notFound);
  app.use(errorHandler(logger));

  return {
    app,
    db,
    catalogue,
    accounts,
    odds,
    booking,
    alerts,
    clock,
    logger,
    mailSettled: () => mailSettled(accounts.mail, 60_000),
    async close() {
      await alerts.stop();
      await mailSettled(accounts.mail);
      mailer.close();
      if (alertMailer !== mailer) alertMailer.close();
      await booking.close().catch(() => undefined);
      await db.close();
    },
  };
}
