import type { Request, Response } from "express";
import { ENDPOINTS } from "#shared/contract.ts";
import { FEEDBACK_FAILED_MESSAGE, FEEDBACK_SUCCESS_MESSAGE } from "#shared/messages.ts";
import { validateFeedback } from "#shared/validation.ts";
import { FORM_POSTS } from "#client/route-paths.ts";
import { field, sessionCall, type FormDeps } from "./form-calls.ts";
import { flashTo, type Said } from "./flash.ts";

/** POST /feedback (docs/design.md, Pages without JavaScript): the feedback page's check and call, then back with the page's words. */
export function feedbackPost(deps: FormDeps) {
  return async (req: Request, res: Response) => {
    const message = field(req, "message");
    const back = (said: Said) => flashTo(res, deps.secure, FORM_POSTS.feedback, { ...said, fields: {} });
    const invalid = validateFeedback(message);
    if (invalid) return back({ message: invalid.message });
    const answer = await sessionCall(deps, req, res, { endpoint: ENDPOINTS.feedback, url: ENDPOINTS.feedback.path, body: { message: message.trim() }, next: FORM_POSTS.feedback });
    if (!answer) return;
    // The API answers a stored message 201.
    back(answer.status === 201 || answer.status === 200 ? { status: FEEDBACK_SUCCESS_MESSAGE } : { message: FEEDBACK_FAILED_MESSAGE });
  };
}
