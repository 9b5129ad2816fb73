import { randomUUID } from "node:crypto";
import { Router, type RequestHandler } from "express";
import type { Kysely } from "kysely";
import { validateFeedback } from "#shared/validation.ts";
import { RATE_LIMITED_MESSAGE } from "#shared/errors.ts";
import type { RateLimits } from "../accounts/rate-limits.ts";
import type { Database } from "../db/schema.ts";
import { AppError } from "../http/errors.ts";
import { assertValid, bodyOf, text } from "../http/validate.ts";

/** Ten messages an hour per user keeps the box useful without letting one account flood it. */
const FEEDBACK_RULE = { max: 10, windowMs: 60 * 60 * 1000, blockMs: 60 * 60 * 1000 };

/**
 * POST /users/feedback. Stored without any user id (the spec promises anonymous feedback), with
 * the sender's country and the time.
 */
export function feedbackRouter(deps: {
  db: Kysely<Database>;
  auth: RequestHandler;
  limits: RateLimits;
  clock: () => number;
  countryOf: (userId: string) => Promise<number | undefined>;
}): Router {
  const router = Router();
  router.post("/feedback", deps.auth, async (req, res) => {
    const message = bodyOf(req.body).message;
    assertValid(validateFeedback(message));
    const userId = req.auth!.sub;
    const key = `feedback:${userId}`;
    // Counted before it is stored, so parallel posts can't pass the limit together.
    const admission = await deps.limits.take(key, FEEDBACK_RULE);
    if (!admission.allowed) throw new AppError("RATE_LIMIT_EXCEEDED", RATE_LIMITED_MESSAGE, { retryAfterS: admission.retryAfterS });
    const country = await deps.countryOf(userId);
    if (country === undefined) throw new AppError("AUTH_REQUIRED", "Please log in again.");
    await deps.db.insertInto("feedback").values({ id: randomUUID(), message: text(message).trim(), country, created_at: deps.clock() }).execute();
    res.status(201).json({ data: { ok: true } });
  });
  return router;
}
