import type { RegisterResult } from "#shared/contract.ts";
import { ApiError } from "#shared/error-decoding.ts";
import { REGISTER_MESSAGES } from "#shared/messages.ts";
// client/backend is the browser's API client, not the api/ tier the lint rule guards against.
import { api, type RegisterBody } from "../backend/endpoints.ts";

/** The check could not be done here (no Web Crypto outside HTTPS, nothing solved it): said like a refused solution. */
const checkFailed = (cause?: unknown) => new ApiError(REGISTER_MESSAGES.challengeFailed, { code: "CHALLENGE_REQUIRED", status: 429, cause });

async function solve(): Promise<string> {
  // The solver (altcha-lib, Web Crypto) loads only when sign-up asks for it, never with the page.
  const [challenge, { solveSignupChallenge }] = await Promise.all([api.registerChallenge(), import("#shared/signup-proof.ts")]);
  let altcha: string | null;
  try {
    altcha = await solveSignupChallenge(challenge);
  } catch (error) {
    throw checkFailed(error);
  }
  if (altcha === null) throw checkFailed();
  return altcha;
}

/**
 * Registers. While sign-up is under a flood the API answers 429 CHALLENGE_REQUIRED instead: then
 * this solves a proof-of-work challenge (`onChecking` is told while it does, about a second on a
 * phone) and sends the registration again with the solution, once
 * (docs/decisions/023-proof-of-work-under-flood.md).
 */
export async function registerWithProof(body: RegisterBody, onChecking: (checking: boolean) => void): Promise<RegisterResult> {
  try {
    return await api.register(body);
  } catch (error) {
    if (!(error instanceof ApiError && error.code === "CHALLENGE_REQUIRED")) throw error;
  }
  onChecking(true);
  try {
    const altcha = await solve();
    return await api.register({ ...body, altcha });
  } finally {
    onChecking(false);
  }
}
