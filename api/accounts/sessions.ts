import type { Logger } from "pino";
import type { AuthResult } from "#shared/contract.ts";
import { AUTH_EXPIRED_MESSAGE, LOGIN_MESSAGES, RATE_LIMITED_MESSAGE } from "#shared/messages.ts";
import { normaliseEmail } from "#shared/validation.ts";
import { addressKey } from "#lib/node/address-key.ts";
import { AppError } from "../http/errors.ts";
import { issueCode, reserveCode } from "./code-mail.ts";
import type { AccountsDeps } from "./deps.ts";
import { dummyPasswordHash, verifyPassword } from "./passwords.ts";
import { sessionUser } from "./profile.ts";
import type { AccessClaims } from "./tokens.ts";
import type { UserRow } from "./users.ts";

/** DESIGN section 4: 10 failures in a row block a username for 15 minutes; an IP gets 100 an hour. */
const LOGIN_USER_RULE = { max: 10, windowMs: 24 * 60 * 60 * 1000, blockMs: 15 * 60 * 1000 };
const LOGIN_IP_RULE = { max: 100, windowMs: 60 * 60 * 1000, blockMs: 60 * 60 * 1000 };

/** A new refresh-token family and its first access token for a user whose identity is proven. */
export async function startSession(deps: AccountsDeps, user: UserRow): Promise<AuthResult> {
  const { familyId, sessionKey, refreshToken } = await deps.refreshTokens.start(user.id);
  await deps.users.recordLogin(user.id, deps.clock());
  const token = await deps.accessTokens.sign({ sub: user.id, ak: sessionKey, sid: familyId });
  return { user: sessionUser(user), token, refreshToken };
}

/** The claims of a valid access token, or null (bad, expired or of another type). */
export function verifyAccessToken(deps: Pick<AccountsDeps, "accessTokens">, token: string): Promise<AccessClaims | null> {
  return deps.accessTokens.verify(token);
}

/**
 * Counts the attempt against the username and the address before the password is checked, so a
 * parallel burst gets no more tries than a sequence.
 */
async function admitLogin(deps: AccountsDeps, userKey: string, ipKey: string): Promise<void> {
  const byUser = await deps.limits.take(userKey, LOGIN_USER_RULE);
  if (!byUser.allowed) throw new AppError("RATE_LIMIT_EXCEEDED", RATE_LIMITED_MESSAGE, { retryAfterS: byUser.retryAfterS });
  const byIp = await deps.limits.take(ipKey, LOGIN_IP_RULE);
  if (!byIp.allowed) {
    await deps.limits.release(userKey);
    throw new AppError("RATE_LIMIT_EXCEEDED", RATE_LIMITED_MESSAGE, { retryAfterS: byIp.retryAfterS });
  }
}

export async function login(
  deps: AccountsDeps,
  input: { username: string; password: string; ip: string },
  log: Logger = deps.logger,
): Promise<AuthResult> {
  const userKey = `login:user:${input.username.trim().toLowerCase()}`;
  // An IPv6 client counts by its /64 (lib/node/address-key.ts), as registration does.
  const ipKey = `login:ip:${addressKey(input.ip)}`;
  await admitLogin(deps, userKey, ipKey);
  // A username never holds "@" (validateUsername), so text with one is the account's e-mail (issue 15, item 10).
  const user = input.username.includes("@") ? await deps.users.byEmail(normaliseEmail(input.username)) : await deps.users.byUsername(input.username);
  const valid = await verifyPassword(input.password, user?.password_hash ?? (await dummyPasswordHash()));
  if (!user || !valid) {
    await deps.limits.fail(userKey, LOGIN_USER_RULE);
    await deps.limits.fail(ipKey, LOGIN_IP_RULE);
    throw new AppError("INVALID_USERNAME_OR_PASSWORD", LOGIN_MESSAGES.invalidCredentials);
  }
  // The right password ends the username's run of failures and was no failure of the IP's.
  await deps.limits.reset(userKey);
  await deps.limits.release(ipKey);
  if (!user.verified) {
    // Send a code, unless one went out within the cooldown or the cap is reached: then Retry-After
    // says so (and when another may be asked for), and the client says no new code was sent (issue 15, item 8).
    const waitS = await reserveCode(deps, user.id, "verify");
    if (waitS === 0) await issueCode(deps, user, "verify", log, { wait: false });
    // Spec section 4: the client opens verification for the e-mail carried as the description.
    throw new AppError("ACCOUNT_NOT_VERIFIED", user.email, waitS === 0 ? {} : { retryAfterS: waitS });
  }
  return startSession(deps, user);
}

/** Rotates a refresh token (decision 006: a token's successor is derived, so racing uses get the same one). */
export async function refreshSession(deps: AccountsDeps, token: string): Promise<{ token: string; refreshToken: string }> {
  const outcome = await deps.refreshTokens.rotate(token);
  if (!outcome.ok) throw new AppError("AUTH_EXPIRED", AUTH_EXPIRED_MESSAGE);
  const accessToken = await deps.accessTokens.sign({ sub: outcome.userId, ak: outcome.sessionKey, sid: outcome.familyId });
  return { token: accessToken, refreshToken: outcome.refreshToken };
}

/**
 * Revokes every refresh-token family of the user (DESIGN section 4). The user is named by a
 * refresh token that could still refresh (the access token may have expired) or by a valid bearer
 * token; a rotated, revoked or unknown refresh token proves nothing, so it logs nobody out.
 */
export async function logout(deps: AccountsDeps, proof: { refreshToken?: string; bearer?: string }): Promise<void> {
  const byRefresh = proof.refreshToken ? await deps.refreshTokens.liveOwner(proof.refreshToken) : undefined;
  const userId = byRefresh ?? (proof.bearer ? (await deps.accessTokens.verify(proof.bearer))?.sub : undefined);
  if (!userId) throw new AppError("AUTH_REQUIRED", "Please log in to continue.");
  await deps.refreshTokens.revokeUser(userId);
}
