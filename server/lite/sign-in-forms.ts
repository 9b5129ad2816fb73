import type { Request, Response } from "express";
import { ENDPOINTS } from "#shared/contract.ts";
import { ERROR_CODES } from "#shared/error-codes.ts";
import { LOGIN_MESSAGES, UPSTREAM_UNAVAILABLE_MESSAGE } from "#shared/messages.ts";
import { validateLogin } from "#shared/validation.ts";
import { FORM_PAGES, returnPath } from "#client/route-paths.ts";
import { revokeSession } from "../bff/session-calls.ts";
import { callApi, field, refusalOf, signIn, type FormDeps } from "./form-calls.ts";
import { flashTo, seeOther } from "./flash.ts";

/** POST /login: the login dialog's call and messages; an account not yet verified goes on to the verification page. */
export function loginPost(deps: FormDeps) {
  return async (req: Request, res: Response) => {
    const input = { username: field(req, "username"), password: field(req, "password"), code: field(req, "code") || undefined };
    const next = returnPath(field(req, "next")) ?? undefined;
    const again = (message: string, locked = false) =>
      flashTo(res, deps.secure, FORM_PAGES.login, { message, fields: { username: input.username.trim().slice(0, 100) }, ...(locked ? { locked } : {}), ...(next ? { next } : {}) });
    const invalid = validateLogin(input);
    if (invalid) return again(invalid.message, input.code !== undefined);
    const answer = await callApi(deps.upstream, req, "login", input);
    if (answer.status === 200) return signIn(deps, res, ENDPOINTS.login, answer, next ?? "/dashboard");
    const error = refusalOf(answer);
    if (error.code === ERROR_CODES.ACCOUNT_LOCKED) return again(input.code ? LOGIN_MESSAGES.unlockFailed : LOGIN_MESSAGES.accountLocked, true);
    // The error's description is the account's e-mail (docs/design.md, Error codes): the API has
    // sent it a fresh code, unless one went out within the resend cooldown.
    if (error.code === ERROR_CODES.ACCOUNT_NOT_VERIFIED) {
      return flashTo(res, deps.secure, FORM_PAGES.verify, { status: LOGIN_MESSAGES.notVerified, fields: { email: error.message, context: "login" }, ...(next ? { next } : {}) });
    }
    again(error.status >= 500 || !error.message ? LOGIN_MESSAGES.other : error.message);
  };
}

/** POST /logout: as the BFF's route (docs/decisions/011-logout-needs-the-api.md), then home. */
export function logoutPost(deps: FormDeps) {
  return async (req: Request, res: Response) => {
    const refused = await revokeSession(deps, req);
    // Anything but a revocation keeps the user signed in, as the BFF's route does, and says why.
    if (refused) return flashTo(res, deps.secure, "/profile", { message: UPSTREAM_UNAVAILABLE_MESSAGE, fields: {} });
    deps.cookies.clear(res);
    seeOther(res, "/");
  };
}
