import { RATE_LIMITED_MESSAGE } from "#shared/messages.ts";
import type { RateLimits } from "../accounts/rate-limits.ts";
import type { UsersRepository } from "../accounts/users.ts";
import { AppError } from "../http/errors.ts";
import type { FeedbackRepository } from "./repository.ts";

/** Ten messages an hour per user keeps the box useful without letting one account flood it. */
const FEEDBACK_RULE = { max: 10, windowMs: 60 * 60 * 1000, blockMs: 60 * 60 * 1000 };

export interface FeedbackDeps {
  feedback: FeedbackRepository;
  users: UsersRepository;
  limits: RateLimits;
  clock: () => number;
}

/**
 * Stores a user's (already validated) message without the user's id, with their country and the
 * time (docs/design.md, Feedback), within the per-user limit.
 */
export async function submitFeedback(deps: FeedbackDeps, userId: string, message: string): Promise<void> {
  // Counted before it is stored, so parallel posts can't pass the limit together.
  const admission = await deps.limits.take(`feedback:${userId}`, FEEDBACK_RULE);
  if (!admission.allowed) throw new AppError("RATE_LIMIT_EXCEEDED", RATE_LIMITED_MESSAGE, { retryAfterS: admission.retryAfterS });
  const country = (await deps.users.byId(userId))?.country;
  if (country === undefined) throw new AppError("AUTH_REQUIRED", "Please log in again.");
  await deps.feedback.insert({ message: message.trim(), country, createdAt: deps.clock() });
}
