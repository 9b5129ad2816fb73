import type { Logger } from "pino";
import type { AuthResult } from "#shared/contract.ts";
import { LOGIN_MESSAGES } from "#shared/messages.ts";
import { normaliseEmail } from "#shared/validation.ts";
import { AppError } from "../../http/errors.ts";
import { issueCode, reserveCode } from "../code-mail.ts";
import type { AccountsDeps } from "../deps.ts";
import { admitLogin, loginFailed, loginKeys, loginSucceeded, type LoginKeys } from "./login-limits.ts";
import { verifyPassword } from "../passwords/passwords.ts";
import { startSession } from "./sessions.ts";
import type { UserRow } from "../users.ts";

/** The user id a code is looked up for when the password was wrong: no code belongs to it. */
const NO_ACCOUNT = "nobody";

export interface LoginAttempt {
  username: string;
  password: string;
  /** The code mailed to a locked account (docs/decisions/025-login-throttling.md). */
  code?: string | undefined;
  ip: string;
}

/** A username never holds "@" (validateUsername), so text with one is the account's e-mail (decision 017). */
function findAccount(deps: AccountsDeps, login: string): Promise<UserRow | undefined> {
  return login.includes("@") ? deps.users.byEmail(normaliseEmail(login)) : deps.users.byUsername(login);
}

/**
 * Signs in with a username (or e-mail) and password, under the limits of login-limits.ts. A wrong
 * password and an unknown name answer alike, after the same hash work.
 */
export async function login(deps: AccountsDeps, input: LoginAttempt, log: Logger = deps.logger): Promise<AuthResult> {
  const user = await findAccount(deps, input.username);
  const keys = loginKeys(user?.id ?? `name:${input.username.trim().toLowerCase()}`, input.ip);
  const { locked } = await admitLogin(deps, keys);
  const valid = await verifyPassword(input.password, user?.password_hash ?? (await deps.passwords.dummyHash()));
  if (locked) return lockedLogin(deps, { owner: valid ? user : undefined, code: input.code, keys }, log);
  if (!user || !valid) {
    await loginFailed(deps, keys);
    throw new AppError("INVALID_USERNAME_OR_PASSWORD", LOGIN_MESSAGES.invalidCredentials);
  }
  await loginSucceeded(deps, keys);
  if (!user.verified) await sendToVerification(deps, user, log);
  return startSession(deps, user);
}

/**
 * The right password of an unverified account: a code is mailed unless one went out within the
 * cooldown or the cap is reached; then Retry-After says so (and when another may be asked for), and
 * the client says no new code was sent (decision 017).
 */
async function sendToVerification(deps: AccountsDeps, user: UserRow, log: Logger): Promise<never> {
  const waitS = await reserveCode(deps, user.id, "verify");
  if (waitS === 0) await issueCode(deps, user, "verify", log, { wait: false });
  // The client opens verification for the e-mail carried as the description (docs/design.md, Error codes).
  throw new AppError("ACCOUNT_NOT_VERIFIED", user.email, waitS === 0 ? {} : { retryAfterS: waitS });
}

/**
 * A login to a locked account (docs/decisions/025-login-throttling.md). Only the right password
 * with the newest mailed code signs in, and the code is then spent. Everything else answers
 * ACCOUNT_LOCKED alike, so the answer never tells a right password from a wrong one. Only the right
 * password mails a code (one a minute, five an hour): whoever lacks it can neither fill the owner's
 * mailbox, nor replace the code on its way, nor spend the code's tries. A wrong password does the
 * same lookups against no account, and the code is issued after the answer, so the timing tells
 * no more than the answer.
 */
async function lockedLogin(deps: AccountsDeps, attempt: { owner: UserRow | undefined; code: string | undefined; keys: LoginKeys }, log: Logger): Promise<AuthResult> {
  const { owner, code, keys } = attempt;
  const check = code === undefined ? undefined : await deps.codes.consume(owner?.id ?? NO_ACCOUNT, "unlock", code);
  if (owner && check === "ok") {
    await loginSucceeded(deps, keys);
    // The code reached the inbox, so the address is proven, as a password reset proves it.
    if (!owner.verified) await deps.users.markVerified(owner.id);
    return startSession(deps, { ...owner, verified: 1 });
  }
  await loginFailed(deps, keys);
  const waitS = await reserveCode(deps, owner?.id, "unlock", keys.account);
  if (owner && waitS === 0) await issueCode(deps, owner, "unlock", log, { wait: false });
  throw new AppError("ACCOUNT_LOCKED", LOGIN_MESSAGES.accountLocked);
}
