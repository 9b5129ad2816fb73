import { addressKey } from "#lib/node/address-key.ts";
import { RATE_LIMITED_MESSAGE } from "#shared/messages.ts";
import { AppError } from "../../http/errors.ts";
import type { AccountsDeps } from "../deps.ts";
import type { LimitRule } from "../rate-limits.ts";

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
/** Longer than any deployment: the account-wide count has no window, and only a sign-in ends its lock. */
const UNTIL_SIGN_IN_MS = 100 * 365 * 24 * HOUR_MS;

/**
 * Per account and client address: 10 failures in 15 minutes hold that address back from that
 * account for 15 minutes, and nobody else (ASVS 2.2.1; docs/decisions/025-login-throttling.md).
 */
export const LOGIN_PAIR_RULE: LimitRule = { max: 10, windowMs: 15 * MINUTE_MS, blockMs: 15 * MINUTE_MS };
/** Per client address over every account: 100 failures an hour (carrier NAT puts many users behind one address). */
export const LOGIN_IP_RULE: LimitRule = { max: 100, windowMs: HOUR_MS, blockMs: HOUR_MS };

/**
 * Consecutive failures on one account from anywhere (NIST 800-63B 5.2.2: at most 100). At the limit
 * the password alone no longer signs in: the owner also needs a code mailed to the account.
 */
export function accountLockRule(lockAfterFailures: number): LimitRule {
  return { max: lockAfterFailures, windowMs: UNTIL_SIGN_IN_MS, blockMs: UNTIL_SIGN_IN_MS };
}

/** The account-wide counter of consecutive failures, and its lock. */
export const accountLockKey = (account: string) => `login:account:${account}`;

export interface LoginKeys {
  pair: string;
  address: string;
  account: string;
}

/**
 * The counters a login attempt touches. `account` is the user's id, or the typed name when no
 * account has it, so a name with no account is throttled and locked like one that has.
 */
export function loginKeys(account: string, ip: string): LoginKeys {
  // An IPv6 client counts by its /64, as registration does (lib/node/address-key.ts).
  const address = addressKey(ip);
  return { pair: `login:pair:${account}:${address}`, address: `login:ip:${address}`, account: accountLockKey(account) };
}

const rateLimited = (retryAfterS: number) => new AppError("RATE_LIMIT_EXCEEDED", RATE_LIMITED_MESSAGE, { retryAfterS });

/**
 * Counts the attempt before the password is checked, so a parallel burst gets no more tries than a
 * sequence: against the account from this address and against the address (either at its limit
 * answers 429), then against the account from anywhere. `locked`: that last count is at its limit,
 * so the attempt was not counted there and needs an e-mailed code to sign in.
 */
export async function admitLogin(deps: AccountsDeps, keys: LoginKeys): Promise<{ locked: boolean }> {
  const pair = await deps.limits.take(keys.pair, LOGIN_PAIR_RULE);
  if (!pair.allowed) throw rateLimited(pair.retryAfterS);
  const address = await deps.limits.take(keys.address, LOGIN_IP_RULE);
  if (!address.allowed) {
    await deps.limits.release(keys.pair);
    throw rateLimited(address.retryAfterS);
  }
  const account = await deps.limits.take(keys.account, accountLockRule(deps.loginLimits.lockAfterFailures));
  return { locked: !account.allowed };
}

/** A failed attempt keeps every slot it took; a key at its limit is blocked. */
export async function loginFailed(deps: AccountsDeps, keys: LoginKeys): Promise<void> {
  await deps.limits.fail(keys.pair, LOGIN_PAIR_RULE);
  await deps.limits.fail(keys.address, LOGIN_IP_RULE);
  await deps.limits.fail(keys.account, accountLockRule(deps.loginLimits.lockAfterFailures));
}

/**
 * A sign-in ends the account's run of failures (its lock included) and this address's run on it;
 * it was no failure of the address's. Other addresses' counts on the account stay.
 */
export async function loginSucceeded(deps: AccountsDeps, keys: LoginKeys): Promise<void> {
  await deps.limits.reset(keys.account);
  await deps.limits.reset(keys.pair);
  await deps.limits.release(keys.address);
}
