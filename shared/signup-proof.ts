import { solveChallenge } from "altcha-lib";
import type { RegisterChallenge } from "./contract.ts";

/**
 * Solves a sign-up challenge by brute force (SHA-256 through Web Crypto, about half of `maxnumber`
 * hashes on average) and answers ALTCHA's payload to send as `altcha`, or null when no number up
 * to `maxnumber` solves it (docs/decisions/023-proof-of-work-under-flood.md). The browser loads
 * this only when sign-up asks for it; tests and the bench solve with it too.
 */
export async function solveSignupChallenge(challenge: RegisterChallenge): Promise<string | null> {
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) return null;
  const { algorithm, salt, signature } = challenge;
  return btoa(JSON.stringify({ algorithm, challenge: challenge.challenge, number: solution.number, salt, signature }));
}
