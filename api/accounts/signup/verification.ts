import type { Logger } from "pino";
import type { AuthResult } from "#shared/contract.ts";
import { VERIFY_MESSAGES } from "#shared/messages.ts";
import { normaliseEmail } from "#shared/validation.ts";
import { AppError } from "../../http/errors.ts";
import { issueCode, reserveCode } from "../code-mail.ts";
import type { AccountsDeps } from "../deps.ts";
import { startSession } from "../sessions/sessions.ts";

const invalidVerificationCode = () => new AppError("INVALID_VERIFICATION_CODE", VERIFY_MESSAGES.invalidCodeRegistration);

/** The registration code proves the address: the account is verified and signed in. */
export async function verifyEmail(deps: AccountsDeps, input: { email: string; otp: string }): Promise<AuthResult> {
  const user = await deps.users.byEmail(normaliseEmail(input.email));
  if (!user) throw invalidVerificationCode();
  const check = await deps.codes.consume(user.id, "verify", input.otp);
  if (check === "expired") throw new AppError("VERIFICATION_CODE_EXPIRED", VERIFY_MESSAGES.expired);
  if (check !== "ok") throw invalidVerificationCode();
  await deps.users.markVerified(user.id);
  return startSession(deps, { ...user, verified: 1 });
}

/**
 * Always answers the same success: a well-formed address with no account, a verified one, and an
 * unverified one inside its cooldown or hourly cap mail nothing; the others get a code, issued and
 * mailed after the answer. Status, body, headers and the work done before answering are the same
 * either way, so a resend never tells whether an address is registered (ASVS 6.3.8;
 * docs/decisions/025-login-throttling.md).
 */
export async function resendCode(deps: AccountsDeps, email: string, log: Logger = deps.logger): Promise<void> {
  const address = normaliseEmail(email);
  const found = await deps.users.byEmail(address);
  const user = found && !found.verified ? found : undefined;
  const wait = await reserveCode(deps, user?.id, "verify", address);
  if (user && wait === 0) await issueCode(deps, user, "verify", log, { wait: false });
}
