import express, { Router, type Request, type RequestHandler, type Response } from "express";
import { BETSLIP_MAX_LEGS } from "#shared/contract.ts";
import { UPSTREAM_UNAVAILABLE_MESSAGE } from "#shared/messages.ts";
import { UpstreamUnavailable } from "../bff/upstream.ts";
import { flashTo } from "./flash.ts";
import { ALERTS_PATH, FORM_PAGES, FORM_POSTS } from "#client/route-paths.ts";
import type { FormDeps } from "./form-calls.ts";
import type { FormTokens } from "./form-token.ts";
import { alertBack, alertSettingsPost, changeAlertPost, createAlertPost, deleteAlertPost } from "./alert-forms.ts";
import { addPost, backTo, bookingPost, importPost, removePost, stakePost } from "./betslip-forms.ts";
import { feedbackPost } from "./feedback-form.ts";
import { forgotPost, resetPost } from "./password-forms.ts";
import { loginPost, logoutPost } from "./sign-in-forms.ts";
import { registerPost, resendPost, verifyPost } from "./sign-up-forms.ts";
import { TELEGRAM_FORM_POSTS } from "#client/pages/profile-telegram.tsx";
import { telegramLinkPost, telegramUnlinkPost } from "./telegram-forms.ts";

/**
 * The site's HTML form posts (docs/design.md, Pages without JavaScript): the same API calls as the
 * BFF's JSON routes, each answered by a redirect (Post/Redirect/Get), so a reload never posts
 * again. A refused post goes back to its page with the message the dialog would show (flash.ts).
 * Every post carries the form token (form-token.ts), else it is refused and nothing is done.
 */
export function formRoutes(deps: FormDeps & { tokens: FormTokens; beforeLogout?: RequestHandler }): Router {
  const router = Router();
  // 64 KB: a 2,000-character feedback message in any script, percent-encoded, fits.
  // Fields: a booking code's selections, one each, at most a slip's worth, and a few more.
  const form = express.urlencoded({ extended: false, limit: "64kb", parameterLimit: BETSLIP_MAX_LEGS + 10 });
  const ours: RequestHandler = (req, res, next) => (deps.tokens.accepts(req) ? next() : refuseForm(res));
  const post = (path: string, backOnFailure: (req: Request) => string, handler: FormPost, ...before: RequestHandler[]) =>
    router.post(path, form, ours, ...before, failuresBack(deps, backOnFailure, handler));
  const page = (path: string) => () => path;
  post(FORM_PAGES.login, page(FORM_PAGES.login), loginPost(deps));
  // The form's log-out ends the account's live streams on this process, as the BFF's does; only for a post of ours.
  post(FORM_POSTS.logout, page("/profile"), logoutPost(deps), ...(deps.beforeLogout ? [deps.beforeLogout] : []));
  post(FORM_PAGES.register, page(FORM_PAGES.register), registerPost(deps));
  post(FORM_PAGES.verify, page(FORM_PAGES.verify), verifyPost(deps));
  post(FORM_POSTS.resend, page(FORM_PAGES.verify), resendPost(deps));
  post(FORM_PAGES.forgot, page(FORM_PAGES.forgot), forgotPost(deps));
  post(FORM_PAGES.reset, page(FORM_PAGES.reset), resetPost(deps));
  post(FORM_POSTS.addToSlip, backTo, addPost(deps));
  post(FORM_POSTS.removeFromSlip, backTo, removePost(deps));
  post(FORM_POSTS.stake, backTo, stakePost(deps));
  post(FORM_POSTS.booking, backTo, bookingPost(deps));
  post(FORM_POSTS.importToSlip, backTo, importPost(deps));
  post(FORM_POSTS.feedback, page(FORM_POSTS.feedback), feedbackPost(deps));
  post(TELEGRAM_FORM_POSTS.link, page("/profile"), telegramLinkPost(deps));
  post(TELEGRAM_FORM_POSTS.unlink, page("/profile"), telegramUnlinkPost(deps));
  post(FORM_POSTS.createAlert, alertBack, createAlertPost(deps));
  post(FORM_POSTS.changeAlert, page(ALERTS_PATH), changeAlertPost(deps));
  post(FORM_POSTS.deleteAlert, page(ALERTS_PATH), deleteAlertPost(deps));
  post(FORM_POSTS.alertSettings, page(ALERTS_PATH), alertSettingsPost(deps));
  return router;
}

type FormPost = (req: Request, res: Response) => Promise<void>;

/**
 * A post whose call failed (the API unreachable or timing out, an answer outside the contract) goes
 * back to its page saying so, never to the JSON error the BFF's calls answer: a browser without
 * JavaScript would show that as a page.
 */
function failuresBack(deps: FormDeps, backOnFailure: (req: Request) => string, handler: FormPost): RequestHandler {
  return async (req, res) => {
    try {
      await handler(req, res);
    } catch (error) {
      if (res.headersSent) throw error;
      req.log.warn({ err: error }, "form post failed");
      const to = backOnFailure(req);
      flashTo(res, deps.secure, to.split("?")[0]!, { message: error instanceof UpstreamUnavailable ? UPSTREAM_UNAVAILABLE_MESSAGE : FORM_FAILED_MESSAGE, fields: {} }, to);
    }
  };
}

/** A post that failed for a reason of ours, not the API's. */
const FORM_FAILED_MESSAGE = "Something went wrong on our side. Please try again.";

const REFUSED_PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Refused - AfriOdds</title><main><h1>Refused</h1><p>This request was refused to protect your account. Please reload the page and try again.</p><p><a href="/">Back to AfriOdds</a></p></main></html>`;

/** A form post without our token, or from another site: nothing is done. */
function refuseForm(res: Response): void {
  res.status(403).type("html").setHeader("Cache-Control", "no-store").send(REFUSED_PAGE);
}
