import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import { CHALLENGE_REQUIRED_MESSAGE, RATE_LIMITED_MESSAGE, REGISTER_MESSAGES } from "#shared/messages.ts";
import { normaliseEmail } from "#shared/validation.ts";
import { addressKey, UNKNOWN_ADDRESS } from "#lib/node/address-key.ts";
import { isUniqueViolation } from "../../db/database.ts";
import { AppError } from "../../http/errors.ts";
import { issueCode, reserveCode } from "../code-mail.ts";
import type { AccountsDeps, RegistrationLimits } from "../deps.ts";
import { inHashingLane } from "../passwords/new-hashes.ts";
import { spendSolution } from "./signup-challenge.ts";
import type { UserRow } from "../users.ts";

const HOUR_MS = 60 * 60 * 1000;
const TEN_MINUTES_MS = 10 * 60 * 1000;
export const REGISTER_ALL_KEY = "register:all";

/**
 * Registrations: a number an hour per client address (carrier NAT puts many real users behind
 * one) and a number per 10 minutes overall, so a distributed flood is bounded and locks sign-up
 * out for at most 10 minutes (config REGISTRATIONS_*; docs/decisions/009-registration-limits.md).
 */
export function registrationRules(limits: RegistrationLimits) {
  return {
    perAddress: { max: limits.perAddressPerHour, windowMs: HOUR_MS, blockMs: HOUR_MS },
    overall: { max: limits.overallPer10Min, windowMs: TEN_MINUTES_MS, blockMs: TEN_MINUTES_MS },
  };
}

export interface Registration {
  username: string;
  email: string;
  password: string;
  country: number;
  /** The client's address (`req.ip`), for the per-address limit. */
  ip: string | undefined;
  /** A solved sign-up challenge (ALTCHA payload), spent only when the overall budget is (decision 023). */
  altcha?: string | undefined;
}

const challengeRequired = (retryAfterS: number) => new AppError("CHALLENGE_REQUIRED", CHALLENGE_REQUIRED_MESSAGE, { retryAfterS });

/**
 * Counts a registration against its client address and the overall budget, before any work:
 * the keys taken, to give back if nothing gets created. An address at its limit never spends
 * the overall budget. Once that budget is spent (a flood), a registration that carries a solved
 * challenge still passes, outside the budget; one that does not is asked to solve one
 * (docs/decisions/023-proof-of-work-under-flood.md). The per-address limit holds either way.
 */
async function admitRegistration(deps: AccountsDeps, input: Registration, log: Logger): Promise<string[]> {
  const rules = registrationRules(deps.registrationLimits);
  // Under a flood most requests carry no solution: refused on one read, before they count or write anything.
  const flood = input.altcha ? undefined : await deps.limits.peek(REGISTER_ALL_KEY, rules.overall);
  if (flood && !flood.allowed) throw challengeRequired(flood.retryAfterS);
  // An IPv6 client counts by its /64; loopback is an address like any other (an attacker on this host is one client too).
  const address = addressKey(input.ip);
  const taken: string[] = [];
  if (address !== UNKNOWN_ADDRESS) {
    const byIp = await deps.limits.take(`register:ip:${address}`, rules.perAddress);
    if (!byIp.allowed) throw new AppError("RATE_LIMIT_EXCEEDED", RATE_LIMITED_MESSAGE, { retryAfterS: byIp.retryAfterS });
    taken.push(`register:ip:${address}`);
  }
  const overall = await deps.limits.take(REGISTER_ALL_KEY, rules.overall);
  if (overall.allowed) return [...taken, REGISTER_ALL_KEY];
  if (await spendSolution(deps, input.altcha)) {
    log.info("registration admitted past the spent overall budget by a solved challenge");
    return taken;
  }
  await Promise.all(taken.map((key) => deps.limits.release(key)));
  throw challengeRequired(overall.retryAfterS);
}

/** Refuses a taken e-mail or username with the spec's messages. */
async function assertAvailable(deps: AccountsDeps, email: string, username: string): Promise<void> {
  if (await deps.users.byEmail(email)) throw new AppError("EMAIL_IN_USE", REGISTER_MESSAGES.emailInUse);
  if (await deps.users.byUsername(username)) throw new AppError("USERNAME_IN_USE", REGISTER_MESSAGES.usernameInUse);
}

/** Inserts the account; two registrations that raced past `assertAvailable` are decided by the unique index. */
async function insertAccount(deps: AccountsDeps, user: UserRow): Promise<void> {
  try {
    await deps.users.insert(user);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await assertAvailable(deps, user.email, user.username);
    throw new AppError("USERNAME_IN_USE", REGISTER_MESSAGES.usernameInUse);
  }
}

function newUser(input: { username: string; email: string; country: number }, passwordHash: string, now: number): UserRow {
  const { username, email, country } = input;
  return { id: randomUUID(), username, username_key: username.toLowerCase(), email, password_hash: passwordHash, country, verified: 0, created_at: now, last_login_at: null };
}

/** Creates the account (hashing in the bounded lane) under the limits; nothing remains of a refused one. */
async function createAccount(deps: AccountsDeps, input: Registration, slots: string[]): Promise<UserRow> {
  const username = input.username.trim();
  const email = normaliseEmail(input.email);
  try {
    await assertAvailable(deps, email, username);
    const passwordHash = await inHashingLane(deps, () => deps.passwords.hash(input.password));
    const user = newUser({ username, email, country: input.country }, passwordHash, deps.clock());
    await insertAccount(deps, user);
    return user;
  } catch (error) {
    await Promise.all(slots.map((key) => deps.limits.release(key)));
    throw error;
  }
}

/**
 * Registers an unverified account and mails its code, the answer waiting for the mail. Nothing is
 * created when the limits or a full hashing lane refuse, or a name is taken; then the slots taken
 * are given back.
 */
export async function register(deps: AccountsDeps, input: Registration, log: Logger = deps.logger): Promise<{ email: string }> {
  const slots = await admitRegistration(deps, input, log);
  const user = await createAccount(deps, input, slots);
  // A new account: the reservation always succeeds, and starts the cooldown for parallel resends.
  await reserveCode(deps, user.id, "verify");
  await issueCode(deps, user, "verify", log, { wait: true });
  return { email: user.email };
}
