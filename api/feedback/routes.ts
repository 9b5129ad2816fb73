import { Router, type RequestHandler } from "express";
import { ENDPOINTS } from "#shared/contract.ts";
import { validateFeedback } from "#shared/validation.ts";
import { contractData, pathBelow } from "../http/endpoints.ts";
import { assertValid, bodyOf, text } from "../http/validate.ts";
import { submitFeedback, type FeedbackDeps } from "./submit.ts";

/** POST /users/feedback: validate, store anonymously (api/feedback/submit.ts), answer. */
export function feedbackRouter(deps: FeedbackDeps, auth: RequestHandler): Router {
  const router = Router();
  router.post(pathBelow("/users", ENDPOINTS.feedback), auth, async (req, res) => {
    const message = bodyOf(req.body).message;
    assertValid(validateFeedback(message));
    await submitFeedback(deps, req.auth!.sub, text(message));
    res.status(201).json(contractData<"feedback">({ ok: true }));
  });
  return router;
}
