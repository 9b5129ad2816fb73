import express, { Router, type CookieOptions, type Request, type RequestHandler, type Response } from "express";
import { ENDPOINTS, type ApiRequest } from "#shared/contract.ts";
import { ERROR_CODES } from "#shared/error-codes.ts";
import { decodeErrorBody } from "#shared/error-decoding.ts";
import { LOGIN_MESSAGES, UPSTREAM_UNAVAILABLE_MESSAGE } from "#shared/messages.ts";
import { validateLogin } from "#shared/validation.ts";
import { returnPath } from "#client/route-paths.ts";
import { authAnswer, answerText, readData } from "../bff/api-answers.ts";
import type { SessionCookies } from "../bff/cookies.ts";
import type { WebOddsCache } from "../bff/odds-cache.ts";
import type { SessionKeeper } from "../bff/session.ts";
import { forwardHeaders } from "../bff/session-calls.ts";
import type { Upstream } from "../bff/upstream.ts";
import type { LoginFlash } from "#client/server-context.ts";
import type { FormTokens } from "./form-token.ts";

/** The sign-in page for browsers without JavaScript (client/pages/login.tsx). */
export const LOGIN_PAGE = "/login";
/** Where the log-out form posts. */
export const LOGOUT_PATH = "/logout";


const FLASH_COOKIE = "afriodds_login_flash";
const FLASH_MAX_AGE_MS = 60_000;

export interface SignInFormDeps {
  upstream: Upstream;
  cookies: SessionCookies;
  session: SessionKeeper;
  odds: WebOddsCache;
  tokens: FormTokens;
  secure: boolean;
}

/**
 * Log in and log out as HTML form posts (docs/design.md, Pages without JavaScript): the same API
 * calls as the BFF's JSON routes, answered by a redirect (Post/Redirect/Get), so a reload never
 * posts again. A refused login goes back to the sign-in page with its message in a short-lived
 * cookie, never in the URL, where a link could put words in our mouth.
 */
export function signInForms(deps: SignInFormDeps): Router {
  const router = Router();
  const form = express.urlencoded({ extended: false, limit: "16kb", parameterLimit: 20 });
  const ours: RequestHandler = (req, res, next) => (deps.tokens.accepts(req) ? next() : refuseForm(res));
  router.post(LOGIN_PAGE, form, ours, loginPost(deps));
  router.post(LOGOUT_PATH, form, ours, logoutPost(deps));
  return router;
}

const field = (req: Request, name: string): string => {
  const value = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === "string" ? value : "";
};

function loginPost(deps: SignInFormDeps) {
  return async (req: Request, res: Response) => {
    const input = { username: field(req, "username"), password: field(req, "password"), code: field(req, "code") || undefined };
    const next = returnPath(field(req, "next"));
    const again = (message: string, locked = false) => flashBack(res, deps.secure, { message, username: input.username.trim().slice(0, 100), locked, next });
    const invalid = validateLogin(input);
    if (invalid) return again(invalid.message, input.code !== undefined);
    const answer = await deps.upstream.call(ENDPOINTS.login.method, ENDPOINTS.login.path, {
      headers: { ...forwardHeaders(req), "content-type": "application/json" },
      body: JSON.stringify(input satisfies ApiRequest<"login">),
    });
    if (answer.status !== 200) {
      const error = decodeErrorBody(answer.status, answerText(answer));
      if (error.code === ERROR_CODES.ACCOUNT_LOCKED) return again(input.code ? LOGIN_MESSAGES.unlockFailed : LOGIN_MESSAGES.accountLocked, true);
      return again(error.status >= 500 || !error.message ? LOGIN_MESSAGES.other : error.message);
    }
    const { token, refreshToken } = readData(deps.upstream, ENDPOINTS.login, answer, authAnswer);
    deps.cookies.set(res, { token, refreshToken });
    seeOther(res, next ?? "/dashboard");
  };
}

/** Log out as the BFF's route does (docs/decisions/011-logout-needs-the-api.md), then home. */
function logoutPost(deps: SignInFormDeps) {
  return async (req: Request, res: Response) => {
    const { refresh, access } = deps.cookies.read(req);
    if (refresh || access) {
      const answer = await deps.upstream.call(ENDPOINTS.logout.method, ENDPOINTS.logout.path, {
        headers: { ...forwardHeaders(req), "content-type": "application/json", ...(access ? { authorization: `Bearer ${access}` } : {}) },
        body: JSON.stringify((refresh ? { refreshToken: refresh } : {}) satisfies ApiRequest<"logout">),
      });
      // 401: these cookies prove no live session, so there is nothing left to revoke; anything else keeps the user signed in.
      if (answer.status !== 200 && answer.status !== 401) return void res.status(503).type("text/plain").send(UPSTREAM_UNAVAILABLE_MESSAGE);
      if (refresh) deps.session.forget(refresh);
      if (access) deps.odds.forget(access);
    }
    deps.cookies.clear(res);
    seeOther(res, "/");
  };
}

function seeOther(res: Response, location: string): void {
  res.setHeader("Cache-Control", "private, no-store");
  res.redirect(303, location);
}

function flashOptions(secure: boolean): CookieOptions {
  return { httpOnly: true, secure, sameSite: "lax", path: LOGIN_PAGE, maxAge: FLASH_MAX_AGE_MS };
}

function flashBack(res: Response, secure: boolean, flash: LoginFlash): void {
  res.cookie(FLASH_COOKIE, Buffer.from(JSON.stringify(flash)).toString("base64url"), flashOptions(secure));
  seeOther(res, LOGIN_PAGE);
}

/** The sign-in page's message from the post before, read once: the cookie goes with this answer. */
export function takeLoginFlash(req: Request, res: Response, secure: boolean): LoginFlash | undefined {
  const raw = (req.cookies as Record<string, unknown> | undefined)?.[FLASH_COOKIE];
  if (typeof raw !== "string") return undefined;
  res.clearCookie(FLASH_COOKIE, { ...flashOptions(secure), maxAge: undefined });
  try {
    const value = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as Partial<LoginFlash>;
    if (typeof value.message !== "string" || typeof value.username !== "string") return undefined;
    return { message: value.message.slice(0, 300), username: value.username.slice(0, 100), locked: value.locked === true, next: returnPath(value.next ?? null) };
  } catch {
    return undefined;
  }
}

const REFUSED_PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Refused - AfriOdds</title><main><h1>Refused</h1><p>This request was refused to protect your account. Please reload the page and try again.</p><p><a href="/">Back to AfriOdds</a></p></main></html>`;

/** A form post without our token, or from another site: nothing is done. */
function refuseForm(res: Response): void {
  res.status(403).type("html").setHeader("Cache-Control", "no-store").send(REFUSED_PAGE);
}
