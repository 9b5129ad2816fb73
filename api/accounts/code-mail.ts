import type { Logger } from "pino";
import { deliverAfterAnswer, MAIL_DRAIN_MS } from "../mail/delivery.ts";
import { accountUnlockMail, passwordResetMail, verificationMail } from "../mail/templates.ts";
import type { Purpose } from "./codes.ts";
import type { AccountsDeps } from "./deps.ts";
import { sha256 } from "./sessions/secrets.ts";
import type { UserRow } from "./users.ts";

/** Codes: one a minute and five an hour per e-mail and purpose (registration's code included; docs/design.md, One-time codes). */
const CODE_COOLDOWN_MS = 60 * 1000;
/** The cooldown as a slot taken in one conditional write: parallel requests issue one code, not one each. */
const CODE_COOLDOWN_RULE = { max: 1, windowMs: CODE_COOLDOWN_MS, blockMs: CODE_COOLDOWN_MS };
const CODES_PER_HOUR = 5;
const HOUR_MS = 60 * 60 * 1000;
/**
 * A code not known delivered this long after issue is stranded (a crash or a failed mail;
 * docs/design.md, One-time codes): it lifts the cooldown, once per such code. Younger ones may
 * still be on their way.
 */
const STRANDED_AFTER_MS = MAIL_DRAIN_MS;
const STRANDED_RULE = { max: 1, windowMs: HOUR_MS, blockMs: HOUR_MS };
/** The user id that stands for "no such account" in the code limits. */
const NOBODY = "nobody";

type CodeDeps = Pick<AccountsDeps, "codes" | "limits" | "clock">;

const CODE_MAILS: Record<Purpose, typeof verificationMail> = { verify: verificationMail, reset: passwordResetMail, unlock: accountUnlockMail };

/**
 * The resend cooldown and hourly cap, read from the codes issued: `waitS` 0 when one may be
 * issued now, else the seconds to wait. `stranded`: the newest code was never known delivered
 * (a crash or a failed mail), which lifts the cooldown but never the cap.
 */
async function codeWait(deps: CodeDeps, userId: string, purpose: Purpose): Promise<{ waitS: number; stranded?: string }> {
  const now = deps.clock();
  const issued = await deps.codes.issuedSince(userId, purpose, now - HOUR_MS);
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
 * requests that lose that claim wait the cooldown, as the replacement is on its way.
 *
 * No account (`userId` undefined) does the same work against a slot of its own, keyed by
 * `anonymous` (the address asked for): a first request takes it, a second within the minute is
 * refused, as for an account. The slot is taken even while the codes say wait (it is then refused,
 * or held for a minute that changes nothing), so every path reads and writes alike and the
 * answer's timing does not tell whether an address is registered (ASVS 6.3.8).
 */
export async function reserveCode(deps: CodeDeps, userId: string | undefined, purpose: Purpose, anonymous = ""): Promise<number> {
  const key = `code:${purpose}:${userId ?? `${NOBODY}:${sha256(anonymous)}`}`;
  const { waitS, stranded } = await codeWait(deps, userId ?? NOBODY, purpose);
  if (waitS === 0 && stranded !== undefined) {
    const claim = await deps.limits.take(`${key}:stranded:${stranded}`, STRANDED_RULE);
    return claim.allowed ? 0 : CODE_COOLDOWN_MS / 1000;
  }
  const slot = await deps.limits.take(key, CODE_COOLDOWN_RULE);
  if (waitS > 0) return waitS;
  return slot.allowed ? 0 : slot.retryAfterS;
}

/**
 * Issues a code and mails it, marking it mailed once delivered. `wait`: the answer waits for the
 * mail (registration, where an SMTP failure should be told). Otherwise the code is issued and
 * delivered after the answer (api/mail/delivery.ts), so an answer that sends a code does no more
 * work before it goes out than one that sends none (ASVS 6.3.8); a failure is logged with the
 * request id.
 */
export async function issueCode(deps: AccountsDeps, user: UserRow, purpose: Purpose, log: Logger, options: { wait: boolean }): Promise<void> {
  const deliver = async () => {
    const { id, code } = await deps.codes.issue(user.id, purpose);
    if (deps.logCodes) log.info({ email: user.email, purpose, code }, "one-time code (logged outside production only)");
    await deps.mail.mailer.send(CODE_MAILS[purpose](user.email, user.username, code, deps.publicOrigin));
    await deps.codes.markMailed(id);
  };
  if (options.wait) return deliver();
  deliverAfterAnswer(deps.mail, deliver, (error) => log.error({ err: error, purpose }, "code mail failed"));
}
