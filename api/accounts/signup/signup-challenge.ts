import { createChallenge, extractParams, verifySolution } from "altcha-lib";
import type { Payload } from "altcha-lib/types";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { RegisterChallenge } from "#shared/contract.ts";
import type { Database } from "../../db/schema.ts";
import { hmac } from "../sessions/secrets.ts";
import { usedChallenges, type UsedChallenges } from "./used-challenges.ts";

/**
 * How long a challenge may be solved and spent. A phone solves in a second or two; the rest is
 * room for a registration refused for a taken name and sent again.
 */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

/** ALTCHA's payload is a few hundred characters; anything much longer is not one. */
const MAX_PAYLOAD_LENGTH = 1024;

const HEX_256 = /^[0-9a-f]{64}$/;
const PAYLOAD = z.object({
  algorithm: z.literal("SHA-256"),
  challenge: z.string().regex(HEX_256),
  number: z.number().int().min(0).max(100_000_000),
  salt: z.string().max(200),
  signature: z.string().regex(HEX_256),
});

/** The proof of work sign-up asks for under a flood (docs/decisions/023-proof-of-work-under-flood.md). */
export interface SignupChallenges {
  /** HMAC key of the challenges' signatures. */
  hmacKey: string;
  /** The largest number a challenge hides: the work is half of it on average. */
  maxNumber: number;
  used: UsedChallenges;
}

export function signupChallenges(db: Kysely<Database>, secret: string, maxNumber: number): SignupChallenges {
  // A key of its own, derived from the API's secret, so a challenge's signature is never usable as anything else's.
  return { hmacKey: hmac(secret, "signup-challenge"), maxNumber, used: usedChallenges(db) };
}

interface ChallengeDeps {
  challenges: SignupChallenges;
  clock: () => number;
}

/** A new challenge, signed, expiring in CHALLENGE_TTL_MS (the expiry is in its salt, so under the signature). */
export async function newChallenge({ challenges, clock }: ChallengeDeps): Promise<RegisterChallenge> {
  const { challenge, salt, signature } = await createChallenge({
    algorithm: "SHA-256",
    hmacKey: challenges.hmacKey,
    maxnumber: challenges.maxNumber,
    expires: new Date(clock() + CHALLENGE_TTL_MS),
  });
  return { algorithm: "SHA-256", challenge, maxnumber: challenges.maxNumber, salt, signature };
}

/** ALTCHA's payload, base64 of its JSON, in the shape we issue; undefined for anything else. */
function decode(altcha: string): Payload | undefined {
  if (altcha.length > MAX_PAYLOAD_LENGTH) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(altcha, "base64").toString("utf8"));
  } catch {
    return undefined; // Not JSON: no solution, answered as one missing.
  }
  const parsed = PAYLOAD.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Spends a solution: true when `altcha` solves a challenge this API signed, unexpired, and never
 * spent before on any replica; it cannot be spent again. Expiry is judged by our clock (altcha-lib's
 * own check reads Date.now()).
 */
export async function spendSolution(deps: ChallengeDeps, altcha: string | undefined): Promise<boolean> {
  const payload = altcha ? decode(altcha) : undefined;
  if (!payload) return false;
  const expiresAt = Number(extractParams(payload).expires) * 1000;
  const now = deps.clock();
  if (!(expiresAt > now)) return false;
  if (!(await verifySolution(payload, deps.challenges.hmacKey, false))) return false;
  return deps.challenges.used.spend(payload.signature, expiresAt, now);
}
