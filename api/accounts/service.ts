import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { AuthResult, SessionUser, UserProfile } from "#shared/contract.ts";
import { AUTH_EXPIRED_MESSAGE, LOGIN_MESSAGES, RESEND_MESSAGES } from "#shared/errors.ts";
import { isValidEmail, normaliseEmail } from "#shared/validation.ts";
import { isUniqueViolation } from "../db/database.ts";
import type { Database } from "../db/schema.ts";
import { AppError } from "../http/errors.ts";
import type { Mailer } from "../mail/mailer.ts";
import { passwordResetMail, verificationMail } from "../mail/templates.ts";
import { oneTimeCodes, type Purpose } from "./codes.ts";
import { dummyPasswordHash, hashPassword, verifyPassword } from "./passwords.ts";
import { rateLimits } from "./rate-limits.ts";
import { accessTokens, refreshTokens } from "./tokens.ts";
import { usersRepository, type UserRow } from "./users.ts";

/** DESIGN section 4: 10 failures in a row block a username for 15 minutes; an IP gets 100 an hour. */
const LOGIN_USER_RULE = { max: 10, windowMs: 24 * 60 * 60 * 1000, blockMs: 15 * 60 * 1000 };
const LOGIN_IP_RULE = { max: 100, windowMs: 60 * 60 * 1000, blockMs: 60 * 60 * 1000 };
/** Resend: one code a minute and five an hour per e-mail. */
const CODE_COOLDOWN_MS = 60 * 1000;
const CODES_PER_HOUR = 5;

export interface AccountsDeps {
  db: Kysely<Database>;
  secret: string;
  mailer: Mailer;
  clock: () => number;
  logger: Logger;
  publicOrigin: string;
  /** Outside production the code is logged too, so a developer can register without opening mail. */
  logCodes: boolean;
}

const iso = (ms: number) => new Date(ms).toISOString();

function sessionUser(user: UserRow): SessionUser {
  return { id: user.id, username: user.username, country: String(user.country), registrationDate: iso(user.created_at) };
}

export function accountsService(deps: AccountsDeps) {
  const { db, clock } = deps;
  const users = usersRepository(db);
  const codes = oneTimeCodes(db, deps.secret, clock);
  const refresh = refreshTokens(db, clock);
  const access = accessTokens(deps.secret, clock);
  const limits = rateLimits(db, clock);

  async function startSession(user: UserRow): Promise<AuthResult> {
    const { familyId, sessionKey, refreshToken } = await refresh.start(user.id);
    await users.recordLogin(user.id, clock());
    const token = await access.sign({ sub: user.id, ak: sessionKey, sid: familyId });
    return { user: sessionUser(user), token, refreshToken };
  }

  /** Enforces the cooldown and hourly cap, then mails a new code. */
  async function sendCode(user: UserRow, purpose: Purpose) {
    const now = clock();
    const recent = await codes.recent(user.id, purpose, now - 60 * 60 * 1000);
    if (recent.newest !== undefined && now - recent.newest < CODE_COOLDOWN_MS) {
      throw new AppError("RATE_LIMIT_EXCEEDED", RESEND_MESSAGES.rateLimited, { retryAfterS: (recent.newest + CODE_COOLDOWN_MS - now) / 1000 });
    }
    if (recent.count >= CODES_PER_HOUR) {
      throw new AppError("RATE_LIMIT_EXCEEDED", RESEND_MESSAGES.rateLimited, { retryAfterS: 60 * 60 });
    }
    const code = await codes.issue(user.id, purpose);
    const mail = purpose === "verify" ? verificationMail : passwordResetMail;
    await deps.mailer.send(mail(user.email, user.username, code, deps.publicOrigin));
    if (deps.logCodes) deps.logger.info({ email: user.email, purpose, code }, "one-time code (logged outside production only)");
  }

  return {
    async register(input: { username: string; email: string; password: string; country: number }) {
      const username = input.username.trim();
      const email = normaliseEmail(input.email);
      if (await users.byEmail(email)) throw new AppError("EMAIL_IN_USE", "An account with this email already exists.");
      if (await users.byUsername(username)) throw new AppError("USERNAME_IN_USE", "This username is already taken.");
      const user: UserRow = {
        id: randomUUID(),
        username,
        username_key: username.toLowerCase(),
        email,
        password_hash: await hashPassword(input.password),
        country: input.country,
        verified: 0,
        created_at: clock(),
        last_login_at: null,
      };
      try {
        await users.insert(user);
      } catch (error) {
        // Two registrations raced past the checks above: the unique index decides.
        if (!isUniqueViolation(error)) throw error;
        if (await users.byEmail(email)) throw new AppError("EMAIL_IN_USE", "An account with this email already exists.");
        throw new AppError("USERNAME_IN_USE", "This username is already taken.");
      }
      await sendCode(user, "verify");
      return { email };
    },

    async verifyEmail(emailInput: string, otp: string): Promise<AuthResult> {
      const user = await users.byEmail(normaliseEmail(emailInput));
      if (!user) throw new AppError("INVALID_VERIFICATION_CODE", "Invalid or expired verification code.");
      const check = await codes.consume(user.id, "verify", otp);
      if (check === "expired") throw new AppError("VERIFICATION_CODE_EXPIRED", "Verification code has expired. Please request a new one.");
      if (check !== "ok") throw new AppError("INVALID_VERIFICATION_CODE", "Invalid or expired verification code.");
      await users.markVerified(user.id);
      return startSession({ ...user, verified: 1 });
    },

    async resendCode(emailInput: string) {
      const email = normaliseEmail(emailInput);
      if (!isValidEmail(email)) throw new AppError("INVALID_EMAIL", "Invalid email address.");
      const user = await users.byEmail(email);
      if (!user) throw new AppError("INVALID_EMAIL", "Invalid email address.");
      // A verified account has nothing to verify: answer the same success without mailing.
      if (user.verified) return;
      await sendCode(user, "verify");
    },

    async login(usernameInput: string, password: string, ip: string): Promise<AuthResult> {
      const userKey = `login:user:${usernameInput.trim().toLowerCase()}`;
      const ipKey = `login:ip:${ip}`;
      const blocked = Math.max(await limits.blockedFor(userKey), await limits.blockedFor(ipKey));
      if (blocked > 0) throw new AppError("RATE_LIMIT_EXCEEDED", "Too many failed attempts. Please wait a few minutes before trying again.", { retryAfterS: blocked });
      const user = await users.byUsername(usernameInput);
      const valid = await verifyPassword(password, user?.password_hash ?? (await dummyPasswordHash()));
      if (!user || !valid) {
        await limits.hit(userKey, LOGIN_USER_RULE);
        await limits.hit(ipKey, LOGIN_IP_RULE);
        throw new AppError("INVALID_USERNAME_OR_PASSWORD", LOGIN_MESSAGES.invalidCredentials);
      }
      await limits.reset(userKey);
      // Spec section 4: the client opens verification for the e-mail carried as the description.
      if (!user.verified) throw new AppError("ACCOUNT_NOT_VERIFIED", user.email);
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

    async ownerOfRefreshToken(token: string) {
      return (await refresh.owner(token))?.userId;
    },

    /** Always succeeds: whether the e-mail is registered is never told (ASVS 6.3.8). */
    async forgotPassword(emailInput: string) {
      const user = await users.byEmail(normaliseEmail(emailInput));
      if (!user) return;
      try {
        await sendCode(user, "reset");
      } catch (error) {
        // A throttled known address must look like an unknown one; the cap still holds.
        if (error instanceof AppError && error.code === "RATE_LIMIT_EXCEEDED") return;
        throw error;
      }
    },

    async resetPassword(emailInput: string, otp: string, password: string): Promise<AuthResult> {
      const user = await users.byEmail(normaliseEmail(emailInput));
      if (!user) throw new AppError("INVALID_OTP", "Invalid or expired verification code. Please try again.");
      const check = await codes.consume(user.id, "reset", otp);
      if (check === "expired") throw new AppError("OTP_EXPIRED", "Verification code has expired. Please request a new one.");
      if (check === "used") throw new AppError("OTP_ALREADY_USED", "This verification code has already been used. Please request a new one.");
      if (check !== "ok") throw new AppError("INVALID_OTP", "Invalid or expired verification code. Please try again.");
      await users.setPassword(user.id, await hashPassword(password));
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

    verifyAccessToken: access.verify,
  };
}

export type AccountsService = ReturnType<typeof accountsService>;
