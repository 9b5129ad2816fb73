import express, { Router, type RequestHandler, type Response } from "express";
import { FORM_PAGES, FORM_POSTS } from "#client/route-paths.ts";
import type { FormDeps } from "./form-calls.ts";
import type { FormTokens } from "./form-token.ts";
import { addPost, bookingPost, removePost, stakePost } from "./betslip-forms.ts";
import { feedbackPost } from "./feedback-form.ts";
import { forgotPost, resetPost } from "./password-forms.ts";
import { loginPost, logoutPost } from "./sign-in-forms.ts";
import { registerPost, resendPost, verifyPost } from "./sign-up-forms.ts";

/**
 * The site's HTML form posts (docs/design.md, Pages without JavaScript): the same API calls as the
 * BFF's JSON routes, each answered by a redirect (Post/Redirect/Get), so a reload never posts
 * again. A refused post goes back to its page with the message the dialog would show (flash.ts).
 * Every post carries the form token (form-token.ts), else it is refused and nothing is done.
 */
export function formRoutes(deps: FormDeps & { tokens: FormTokens }): Router {
  const router = Router();
  const form = express.urlencoded({ extended: false, limit: "16kb", parameterLimit: 20 });
  const ours: RequestHandler = (req, res, next) => (deps.tokens.accepts(req) ? next() : refuseForm(res));
  router.post(FORM_PAGES.login, form, ours, loginPost(deps));
  router.post(FORM_POSTS.logout, form, ours, logoutPost(deps));
  router.post(FORM_PAGES.register, form, ours, registerPost(deps));
  router.post(FORM_PAGES.verify, form, ours, verifyPost(deps));
  router.post(FORM_POSTS.resend, form, ours, resendPost(deps));
  router.post(FORM_PAGES.forgot, form, ours, forgotPost(deps));
  router.post(FORM_PAGES.reset, form, ours, resetPost(deps));
  router.post(FORM_POSTS.addToSlip, form, ours, addPost(deps));
  router.post(FORM_POSTS.removeFromSlip, form, ours, removePost(deps));
  router.post(FORM_POSTS.stake, form, ours, stakePost(deps));
  router.post(FORM_POSTS.booking, form, ours, bookingPost(deps));
  router.post(FORM_POSTS.feedback, form, ours, feedbackPost(deps));
  return router;
}

const REFUSED_PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Refused - AfriOdds</title><main><h1>Refused</h1><p>This request was refused to protect your account. Please reload the page and try again.</p><p><a href="/">Back to AfriOdds</a></p></main></html>`;

/** A form post without our token, or from another site: nothing is done. */
function refuseForm(res: Response): void {
  res.status(403).type("html").setHeader("Cache-Control", "no-store").send(REFUSED_PAGE);
}
