import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { AuthResult, SessionUser, UserProfile } from "#shared/contract.ts";
import {
  AUTH_EXPIRED_MESSAGE,
  LOGIN_MESSAGES,
  RATE_LIMITED_MESSAGE,
  REGISTER_MESSAGES,
  RESEND_MESSAGES,
  RESET_MESSAGES,
  VERIFY_MESSAGES,
} from "#shared/errors.ts";
import { normaliseEmail } from "#shared/validation.ts";
import { isUniqueViolation } from "../db/database.ts";
import type { Database } from "../db/schema.ts";
import { AppError } from "../http/errors.ts";
import type { Mailer } from "../mail/mailer.ts";
import { passwordResetMail, verificationMail } from "../mail/templates.ts";
import { oneTimeCodes, type Purpose } from "./codes.ts";
import { hashingLane, LaneFullError } from "./hashing-lane.ts";
import { dummyPasswordHash, hashPassword, verifyPassword } from "./passwords.ts";
import { rateLimits } from "./rate-limits.ts";
import { accessTokens, refreshTokens } from "./tokens.ts";
import { usersRepository, type UserRow } from "./users.ts";

/** DESIGN section 4: 10 failures in a row block a username for 15 minutes; an IP gets 100 an hour. */
const LOGIN_USER_RULE = { max: 10, windowMs: 24 * 60 * 60 * 1000, blockMs: 15 * 60 * 1000 };
const LOGIN_IP_RULE = { max: 100, windowMs: 60 * 60 * 1000, blockMs: 60 * 60 * 1000 };
/** Codes: one a minute and five an hour per e-mail and purpose (registration's code included). */
const CODE_COOLDOWN_MS = 60 * 1000;
/** The cooldown as a slot taken in one conditional write: parallel requests issue one code, not one each. */
const CODE_COOLDOWN_RULE = { max: 1, windowMs: CODE_COOLDOWN_MS, blockMs: CODE_COOLDOWN_MS };
const CODES_PER_HOUR = 5;
const HOUR_MS = 60 * 60 * 1000;
/** How long shutting down waits for mail still being delivered. */
const MAIL_DRAIN_MS = 10 * 1000;
/**
 * A code not known delivered this long after issue is stranded (a crash or a failed mail; issue
 * 11): it lifts the cooldown, once per such code. Younger ones may still be on their way.
 */
const STRANDED_AFTER_MS = MAIL_DRAIN_MS;
const STRANDED_RULE = { max: 1, windowMs: HOUR_MS, blockMs: HOUR_MS };
/**
 * Registrations: a number an hour per client address (carrier NAT puts many real users behind
 * one) and a number per 10 minutes overall, so a distributed flood is bounded and locks sign-up
 * out for at most 10 minutes (config REGISTRATIONS_*; docs/decisions/009-registration-limits.md).
 */
export function registrationRules(limits: { perAddressPerHour: number; overallPer10Min: number }) {
  return {
    perAddress: { max: limits.perAddressPerHour, windowMs: HOUR_MS, blockMs: HOUR_MS },
    overall: { max: limits.overallPer10Min, windowMs: 10 * 60 * 1000, blockMs: 10 * 60 * 1000 },
  };
}
export const REGISTER_ALL_KEY = "register:all";
/** New hashes one at a time, up to 16 waiting (~5 s); the rest of the thread pool is the logins'. */
const NEW_HASH_LANE = { concurrency: 1, queue: 16 };
/** What a refusal for a full lane asks the client to wait: a few hashes' time. */
const BUSY_RETRY_S = 2;

export interface AccountsDeps {
  db: Kysely<Database>;
  secret: string;
  mailer: Mailer;
  clock: () => number;
  logger: Logger;
  publicOrigin: string;
  /** Outside production the code is logged too, so a developer can register without opening mail. */
  logCodes: boolean;
  registrationLimits: { perAddressPerHour: number; overallPer10Min: number };
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The address a per-client limit is keyed on, or undefined when none is known (the overall limit
 * still holds). Loopback is an address like any other: an attacker on this host is still one client.
 */
export function clientAddress(ip: string | undefined): string | undefined {
  return !ip || ip === "unknown" ? undefined : ip;
}

/** The key that stands for "no such account" in the code limits. */
const NOBODY = "nobody";

function sessionUser(user: UserRow): SessionUser {
  return { id: user.id, username: user.username, country: String(user.country), registrationDate: iso(user.created_at) };
}

function newUser(input: { username: string; email: string; country: number }, passwordHash: string, now: number): UserRow {
  const { username, email, country } = input;
  return { id: randomUUID(), username, username_key: username.toLowerCase(), email, password_hash: passwordHash, country, verified: 0, created_at: now, last_login_at: null };
}

const invalidVerificationCode = () => new AppError("INVALID_VERIFICATION_CODE", VERIFY_MESSAGES.invalidCodeRegistration);

export function accountsService(deps: AccountsDeps) {
  const { db, clock } = deps;
  const users = usersRepository(db);
  const codes = oneTimeCodes(db, deps.secret, clock);
  const refresh = refreshTokens(db, deps.secret, clock);
  const access = accessTokens(deps.secret, clock);
  const limits = rateLimits(db, clock);
  const rules = registrationRules(deps.registrationLimits);
  const newHashes = hashingLane(NEW_HASH_LANE);
  /** Mail being delivered after its answer went out. */
  const outgoing = new Set<Promise<void>>();

  async function startSession(user: UserRow): Promise<AuthResult> {
    const { familyId, sessionKey, refreshToken } = await refresh.start(user.id);
    await users.recordLogin(user.id, clock());
    const token = await access.sign({ sub: user.id, ak: sessionKey, sid: familyId });
    return { user: sessionUser(user), token, refreshToken };
  }

  /**
   * The resend cooldown and hourly cap, read from the codes issued: `waitS` 0 when one may be
   * issued now, else the seconds to wait. `stranded`: the newest code was never known delivered
   * (a crash or a failed mail), which lifts the cooldown but never the cap.
   */
  async function codeWait(userId: string, purpose: Purpose): Promise<{ waitS: number; stranded?: string }> {
    const now = clock();
    const issued = await codes.issuedSince(userId, purpose, now - HOUR_MS);
    const newest = issued[0];
    const stranded = newest?.mailedAt === null && now - newest.createdAt >= STRANDED_AFTER_MS ? newest.id : undefined;
    const waits: number[] = [];
    if (newest !== undefined && !stranded && now - newest.createdAt < CODE_COOLDOWN_MS) waits.push(newest.createdAt + CODE_COOLDOWN_MS - now);
    // The cap lifts when the fifth-newest code leaves the hour.
    const fifth = issued[CODES_PER_HOUR - 1];
    if (fifth !== undefined) waits.push(fifth.createdAt + HOUR_MS - now);
    return { waitS: waits.length ? Math.ceil(Math.max(...waits) / 1000) : 0, stranded };
  }

  /**
   * Reserves the right to issue a code of `purpose` now: 0 when reserved, else the seconds to wait.
   * The issued codes decide in sequence; the cooldown slot decides between parallel requests, which
   * would all read the same codes. A stranded code is replaced once, whatever the cooldown; parallel
   * requests that lose that claim wait the cooldown, as the replacement is on its way. No account
   * (`undefined`) does the same work against one shared key, so the answer's timing does not tell
   * whether an address is registered (ASVS 6.3.8).
   */
  async function reserveCode(userId: string | undefined, purpose: Purpose): Promise<number> {
    const key = `code:${purpose}:${userId ?? NOBODY}`;
    const { waitS, stranded } = await codeWait(userId ?? NOBODY, purpose);
    if (waitS > 0) return waitS;
    if (stranded !== undefined) {
      const claim = await limits.take(`${key}:stranded:${stranded}`, STRANDED_RULE);
      return claim.allowed ? 0 : CODE_COOLDOWN_MS / 1000;
    }
    const slot = await limits.take(key, CODE_COOLDOWN_RULE);
    return slot.allowed ? 0 : slot.retryAfterS;
  }

  /**
   * Issues a code and mails it, marking it mailed once delivered. `wait`: the answer waits for the
   * mail (registration, where an SMTP failure should be told). Otherwise it is delivered after the
   * answer, so whether an address got mail never shows in the answer's timing or status; a failure
   * is logged with the request id.
   */
  async function issueCode(user: UserRow, purpose: Purpose, log: Logger, options: { wait: boolean }) {
    const { id, code } = await codes.issue(user.id, purpose);
    const mail = (purpose === "verify" ? verificationMail : passwordResetMail)(user.email, user.username, code, deps.publicOrigin);
    if (deps.logCodes) log.info({ email: user.email, purpose, code }, "one-time code (logged outside production only)");
    const deliver = async () => {
      await deps.mailer.send(mail);
      await codes.markMailed(id);
    };
    if (options.wait) return deliver();
    const delivery: Promise<void> = deliver()
      .catch((error: unknown) => log.error({ err: error, purpose }, "code mail failed"))
      .finally(() => outgoing.delete(delivery));
    outgoing.add(delivery);
  }

  /**
   * Counts a registration against its client address and the overall budget, before any work:
   * the keys taken, to give back if nothing gets created. An address at its limit never spends
   * the overall budget.
   */
  async function admitRegistration(ip: string | undefined): Promise<string[]> {
    const address = clientAddress(ip);
    const taken: string[] = [];
    if (address !== undefined) {
      const byIp = await limits.take(`register:ip:${address}`, rules.perAddress);
      if (!byIp.allowed) throw new AppError("RATE_LIMIT_EXCEEDED", RATE_LIMITED_MESSAGE, { retryAfterS: byIp.retryAfterS });
      taken.push(`register:ip:${address}`);
    }
    const overall = await limits.take(REGISTER_ALL_KEY, rules.overall);
    if (!overall.allowed) {
      await Promise.all(taken.map((key) => limits.release(key)));
      throw new AppError("RATE_LIMIT_EXCEEDED", RATE_LIMITED_MESSAGE, { retryAfterS: overall.retryAfterS });
    }
    return [...taken, REGISTER_ALL_KEY];
  }

  /** Runs work that hashes a new password in the bounded lane; a full lane answers 429 with a short Retry-After. */
  async function inHashingLane<T>(job: () => Promise<T>): Promise<T> {
    try {
      return await newHashes.run(job);
    } catch (error) {
      if (error instanceof LaneFullError) throw new AppError("RATE_LIMIT_EXCEEDED", RATE_LIMITED_MESSAGE, { retryAfterS: BUSY_RETRY_S });
      throw error;
    }
  }

  /** Refuses a taken e-mail or username with the spec's messages. */
  async function assertAvailable(email: string, username: string) {
    if (await users.byEmail(email)) throw new AppError("EMAIL_IN_USE", REGISTER_MESSAGES.emailInUse);
    if (await users.byUsername(username)) throw new AppError("USERNAME_IN_USE", REGISTER_MESSAGES.usernameInUse);
  }

  /** Inserts the account; two registrations that raced past `assertAvailable` are decided by the unique index. */
  async function insertAccount(user: UserRow) {
    try {
      await users.insert(user);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await assertAvailable(user.email, user.username);
      throw new AppError("USERNAME_IN_USE", REGISTER_MESSAGES.usernameInUse);
    }
  }

  return {
    /**
     * `ip`: the client's address (`req.ip`), for the per-address limit. Nothing is created when the
     * limits or a full hashing lane refuse, or a name is taken; then the slots taken are given back.
     */
    async register(
      input: { username: string; email: string; password: string; country: number; ip: string | undefined },
      log: Logger = deps.logger,
    ) {
      const username = input.username.trim();
      const email = normaliseEmail(input.email);
      const slots = await admitRegistration(input.ip);
      let user: UserRow;
      try {
        await assertAvailable(email, username);
        user = newUser({ username, email, country: input.country }, await inHashingLane(() => hashPassword(input.password)), clock());
        await insertAccount(user);
      } catch (error) {
        await Promise.all(slots.map((key) => limits.release(key)));
        throw error;
      }
      // A new account: the reservation always succeeds, and starts the cooldown for parallel resends.
      await reserveCode(user.id, "verify");
      await issueCode(user, "verify", log, { wait: true });
      return { email };
    },

    async verifyEmail(emailInput: string, otp: string): Promise<AuthResult> {
      const user = await users.byEmail(normaliseEmail(emailInput));
      if (!user) throw invalidVerificationCode();
      const check = await codes.consume(user.id, "verify", otp);
      if (check === "expired") throw new AppError("VERIFICATION_CODE_EXPIRED", VERIFY_MESSAGES.expired);
      if (check !== "ok") throw invalidVerificationCode();
      await users.markVerified(user.id);
      return startSession({ ...user, verified: 1 });
    },

    /**
     * A well-formed address with no account, or a verified one, answers the same success as a
     * sent code and mails nothing (ASVS 6.3.8; docs/decisions/004-accounts-choices.md).
     */
    async resendCode(emailInput: string, log: Logger = deps.logger) {
      const found = await users.byEmail(normaliseEmail(emailInput));
      const user = found && !found.verified ? found : undefined;
      const wait = await reserveCode(user?.id, "verify");
      if (!user) return;
      if (wait > 0) throw new AppError("RATE_LIMIT_EXCEEDED", RESEND_MESSAGES.rateLimited, { retryAfterS: wait });
      await issueCode(user, "verify", log, { wait: false });
    },

    async login(usernameInput: string, password: string, ip: string, log: Logger = deps.logger): Promise<AuthResult> {
      const userKey = `login:user:${usernameInput.trim().toLowerCase()}`;
      const ipKey = `login:ip:${ip}`;
      // The attempt is counted before the password is checked, so a parallel burst gets no more tries than a sequence.
      const byUser = await limits.take(userKey, LOGIN_USER_RULE);
      if (!byUser.allowed) throw new AppError("RATE_LIMIT_EXCEEDED", RATE_LIMITED_MESSAGE, { retryAfterS: byUser.retryAfterS });
      const byIp = await limits.take(ipKey, LOGIN_IP_RULE);
      if (!byIp.allowed) {
        await limits.release(userKey);
        throw new AppError("RATE_LIMIT_EXCEEDED", RATE_LIMITED_MESSAGE, { retryAfterS: byIp.retryAfterS });
      }
      const user = await users.byUsername(usernameInput);
      const valid = await verifyPassword(password, user?.password_hash ?? (await dummyPasswordHash()));
      if (!user || !valid) {
        await limits.fail(userKey, LOGIN_USER_RULE);
        await limits.fail(ipKey, LOGIN_IP_RULE);
        throw new AppError("INVALID_USERNAME_OR_PASSWORD", LOGIN_MESSAGES.invalidCredentials);
      }
      // The right password ends the username's run of failures and was no failure of the IP's.
      await limits.reset(userKey);
      await limits.release(ipKey);
      if (!user.verified) {
        // The client now asks for "the 6-digit code we sent": send one, unless one went out within the cooldown or the cap is reached.
        if ((await reserveCode(user.id, "verify")) === 0) await issueCode(user, "verify", log, { wait: false });
        // Spec section 4: the client opens verification for the e-mail carried as the description.
        throw new AppError("ACCOUNT_NOT_VERIFIED", user.email);
      }
      return startSession(user);
    },

    async refresh(token: string) {
      const outcome = await refresh.rotate(token);
      if (!outcome.ok) throw new AppError("AUTH_EXPIRED", AUTH_EXPIRED_MESSAGE);
      const accessToken = await access.sign({ sub: outcome.userId, ak: outcome.sessionKey, sid: outcome.familyId });
      return { token: accessToken, refreshToken: outcome.refreshToken };
    },

    /** Logout revokes every refresh-token family of the user (DESIGN section 4). */
    async logout(userId: string) {
      await refresh.revokeUser(userId);
    },

    /** The user of a refresh token that could still refresh; a rotated or revoked one names nobody. */
    liveOwnerOfRefreshToken: refresh.liveOwner,

    /**
     * Always succeeds, with the same work and the same answer whether or not the e-mail is
     * registered or throttled: the mail goes out after the answer (ASVS 6.3.8).
     */
    async forgotPassword(emailInput: string, log: Logger = deps.logger) {
      const user = await users.byEmail(normaliseEmail(emailInput));
      const wait = await reserveCode(user?.id, "reset");
      if (!user || wait > 0) return;
      await issueCode(user, "reset", log, { wait: false });
    },

    async resetPassword(emailInput: string, otp: string, password: string): Promise<AuthResult> {
      const user = await users.byEmail(normaliseEmail(emailInput));
      if (!user) throw new AppError("INVALID_OTP", RESET_MESSAGES.invalidOtp);
      // The code is judged inside the lane: a full lane refuses before the code is spent, and a wrong code costs no hash.
      const { check, passwordHash } = await inHashingLane(async () => {
        const judged = await codes.consume(user.id, "reset", otp);
        return { check: judged, passwordHash: judged === "ok" ? await hashPassword(password) : undefined };
      });
      if (check === "expired") throw new AppError("OTP_EXPIRED", RESET_MESSAGES.otpExpired);
      if (check === "used") throw new AppError("OTP_ALREADY_USED", RESET_MESSAGES.otpAlreadyUsed);
      if (check !== "ok" || passwordHash === undefined) throw new AppError("INVALID_OTP", RESET_MESSAGES.invalidOtp);
      await users.setPassword(user.id, passwordHash);
      await refresh.revokeUser(user.id);
      // The code reached the inbox, so the address is proven: a reset also verifies it.
      if (!user.verified) await users.markVerified(user.id);
      return startSession({ ...user, verified: 1 });
    },

    async profile(userId: string): Promise<UserProfile> {
      const user = await users.byId(userId);
      if (!user) throw new AppError("AUTH_REQUIRED", "Please log in again.");
      const profile: UserProfile = { username: user.username, email: user.email, country: user.country, registrationDate: iso(user.created_at) };
      if (user.last_login_at !== null) profile.lastLogin = iso(user.last_login_at);
      return profile;
    },

    /** Resolves once the mail sent after its answer is delivered or has failed (or after `timeoutMs`). */
    async mailSettled(timeoutMs = MAIL_DRAIN_MS): Promise<void> {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
        timer.unref();
      });
      // Delivering one mail can't start another, so one snapshot is all there is.
      await Promise.race([Promise.all([...outgoing]), timeout]);
      clearTimeout(timer);
    },

    verifyAccessToken: access.verify,
  };
}

export type AccountsService = ReturnType<typeof accountsService>;
