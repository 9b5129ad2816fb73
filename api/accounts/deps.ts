import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Database } from "../db/schema.ts";
import { mailDelivery, type MailDelivery } from "../mail/delivery.ts";
import type { Mailer } from "../mail/mailer.ts";
import { oneTimeCodes, type OneTimeCodes } from "./codes.ts";
import { hashingLane, type HashingLane } from "./passwords/hashing-lane.ts";
import { passwords, type Passwords, type ScryptParams } from "./passwords/passwords.ts";
import { rateLimits, type RateLimits } from "./rate-limits.ts";
import { signupChallenges, type SignupChallenges } from "./signup/signup-challenge.ts";
import { accessTokens, refreshTokens, type AccessTokens, type RefreshTokens } from "./sessions/tokens.ts";
import { usersRepository, type UsersRepository } from "./users.ts";

/** New hashes one at a time, up to 16 waiting (~5 s); the rest of the thread pool is the logins'. */
const NEW_HASH_LANE = { concurrency: 1, queue: 16 };

/** Consecutive failed logins after which an account needs an e-mailed code too (LOGIN_LOCK_AFTER_FAILURES). */
export interface LoginLimits {
  lockAfterFailures: number;
}

export interface RegistrationLimits {
  perAddressPerHour: number;
  overallPer10Min: number;
}

/** Everything the account functions share, built once per app (api/app.ts): no hidden state elsewhere. */
export interface AccountsDeps {
  users: UsersRepository;
  codes: OneTimeCodes;
  refreshTokens: RefreshTokens;
  accessTokens: AccessTokens;
  limits: RateLimits;
  /** New password hashes (registration, reset) take turns here, so a flood cannot starve logins. */
  lane: HashingLane;
  /** scrypt at the configured cost (PASSWORD_HASH_COST). */
  passwords: Passwords;
  /** Code mail, and the mail still being delivered after its answer. */
  mail: MailDelivery;
  clock: () => number;
  logger: Logger;
  publicOrigin: string;
  /** Outside production the code is logged too, so a developer can register without opening mail. */
  logCodes: boolean;
  registrationLimits: RegistrationLimits;
  loginLimits: LoginLimits;
  /** The proof of work that lets a registration past a spent site-wide budget (decision 023). */
  challenges: SignupChallenges;
}

export interface AccountsSettings {
  db: Kysely<Database>;
  secret: string;
  mailer: Mailer;
  clock: () => number;
  logger: Logger;
  publicOrigin: string;
  logCodes: boolean;
  registrationLimits: RegistrationLimits;
  loginLimits: LoginLimits;
  challengeMaxNumber: number;
  scryptParams: ScryptParams;
}

export function accountsDeps(settings: AccountsSettings): AccountsDeps {
  const { db, secret, clock } = settings;
  return {
    users: usersRepository(db),
    codes: oneTimeCodes(db, secret, clock),
    refreshTokens: refreshTokens(db, secret, clock),
    accessTokens: accessTokens(secret, clock),
    limits: rateLimits(db, clock),
    lane: hashingLane(NEW_HASH_LANE),
    passwords: passwords(settings.scryptParams),
    mail: mailDelivery(settings.mailer),
    clock,
    logger: settings.logger,
    publicOrigin: settings.publicOrigin,
    logCodes: settings.logCodes,
    registrationLimits: settings.registrationLimits,
    loginLimits: settings.loginLimits,
    challenges: signupChallenges(db, secret, settings.challengeMaxNumber),
  };
}
