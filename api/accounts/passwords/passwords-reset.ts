import type { Logger } from "pino";
import type { AuthResult } from "#shared/contract.ts";
import { RESET_MESSAGES } from "#shared/messages.ts";
import { normaliseEmail } from "#shared/validation.ts";
import { AppError } from "../../http/errors.ts";
import { issueCode, reserveCode } from "../code-mail.ts";
import type { AccountsDeps } from "../deps.ts";
import { accountLockKey } from "../sessions/login-limits.ts";
import { inHashingLane } from "./new-hashes.ts";
import { startSession } from "../sessions/sessions.ts";

/**
 * Always succeeds, with the same work and the same answer whether or not the e-mail is
 * registered or throttled: the mail goes out after the answer (ASVS 6.3.8).
 */
export async function forgotPassword(deps: AccountsDeps, email: string, log: Logger = deps.logger): Promise<void> {
  const address = normaliseEmail(email);
  const user = await deps.users.byEmail(address);
  const wait = await reserveCode(deps, user?.id, "reset", address);
  if (!user || wait > 0) return;
  await issueCode(deps, user, "reset", log, { wait: false });
}

/** Sets a new password with a reset code, revokes every session, and signs the user in afresh. */
export async function resetPassword(deps: AccountsDeps, input: { email: string; otp: string; password: string }): Promise<AuthResult> {
  const user = await deps.users.byEmail(normaliseEmail(input.email));
  if (!user) throw new AppError("INVALID_OTP", RESET_MESSAGES.invalidOtp);
  // The code is judged inside the lane: a full lane refuses before the code is spent, and a wrong code costs no hash.
  const { check, passwordHash } = await inHashingLane(deps, async () => {
    const judged = await deps.codes.consume(user.id, "reset", input.otp);
    return { check: judged, passwordHash: judged === "ok" ? await deps.passwords.hash(input.password) : undefined };
  });
  if (check === "expired") throw new AppError("OTP_EXPIRED", RESET_MESSAGES.otpExpired);
  if (check === "used") throw new AppError("OTP_ALREADY_USED", RESET_MESSAGES.otpAlreadyUsed);
  if (check !== "ok" || passwordHash === undefined) throw new AppError("INVALID_OTP", RESET_MESSAGES.invalidOtp);
  await deps.users.setPassword(user.id, passwordHash);
  await deps.refreshTokens.revokeUser(user.id);
  // A sign-in that proved the mailbox ends a lock from failed logins, as an e-mailed unlock code does.
  await deps.limits.reset(accountLockKey(user.id));
  // The code reached the inbox, so the address is proven: a reset also verifies it.
  if (!user.verified) await deps.users.markVerified(user.id);
  return startSession(deps, { ...user, verified: 1 });
}
