import { RATE_LIMITED_MESSAGE } from "#shared/messages.ts";
import { AppError } from "../../http/errors.ts";
import type { AccountsDeps } from "../deps.ts";
import { LaneFullError } from "./hashing-lane.ts";

/** What a refusal for a full lane asks the client to wait: a few hashes' time. */
const BUSY_RETRY_S = 2;

/** Runs work that hashes a new password in the bounded lane; a full lane answers 429 with a short Retry-After. */
export async function inHashingLane<T>(deps: Pick<AccountsDeps, "lane">, job: () => Promise<T>): Promise<T> {
  try {
    return await deps.lane.run(job);
  } catch (error) {
    if (error instanceof LaneFullError) throw new AppError("RATE_LIMIT_EXCEEDED", RATE_LIMITED_MESSAGE, { retryAfterS: BUSY_RETRY_S });
    throw error;
  }
}
