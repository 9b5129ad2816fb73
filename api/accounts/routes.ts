import { Router } from "express";
import {
  registerSummary,
  validateLogin,
  validateVerifyEmail,
  validateForgotPassword,
  validateResetPasswordRequest,
  validateEmailAddress,
} from "#shared/validation.ts";
import { ENDPOINTS, type ApiAnswer, type ApiSuccess } from "#shared/contract.ts";
import { RESEND_MESSAGES } from "#shared/messages.ts";
import { requireAuth } from "../http/auth.ts";
import { contractData, pathBelow } from "../http/endpoints.ts";
import { AppError } from "../http/errors.ts";
import { assertAllValid, assertValid, bodyOf, clientIp, text } from "../http/validate.ts";
import type { AccountsDeps } from "./deps.ts";
import { newPasswordIssue, registrationIssues } from "./passwords/password-rules.ts";
import { forgotPassword, resetPassword } from "./passwords/passwords-reset.ts";
import { profile } from "./profile.ts";
import { register } from "./signup/registration.ts";
import { newChallenge } from "./signup/signup-challenge.ts";
import { login } from "./sessions/login.ts";
import { logout, refreshSession, verifyAccessToken } from "./sessions/sessions.ts";
import { resendCode, verifyEmail } from "./signup/verification.ts";

const ok = { data: { ok: true } } as const satisfies ApiSuccess<ApiAnswer<"resendOtp" | "logout" | "forgotPassword">>;
/** Where api/app.ts mounts these routes. */
const USERS = "/users";

/** /users/*: validate, call the domain, answer (docs/product.md, Calls the browser makes; docs/design.md, Accounts and tokens). */
export function accountsRouter(accounts: AccountsDeps): Router {
  const router = Router();
  signUpRoutes(router, accounts);
  sessionRoutes(router, accounts);
  passwordRoutes(router, accounts);
  return router;
}

/** Registration and the e-mail code that completes it. */
function signUpRoutes(router: Router, accounts: AccountsDeps) {
  router.put(pathBelow(USERS, ENDPOINTS.register), async (req, res) => {
    const body = bodyOf(req.body);
    // The spec spells it userName; one client path sends username.
    const username = text(body.userName ?? body.username);
    // Every field's issue in one answer (decision 038), the common-password rule among them.
    const issues = await registrationIssues({ username, email: body.email, password: body.password, country: body.country, acceptTerms: body.acceptTerms });
    assertAllValid(registerSummary(issues), issues);
    const input = {
      username,
      email: text(body.email),
      password: text(body.password),
      country: Number(body.country),
      ip: clientIp(req),
      altcha: typeof body.altcha === "string" ? body.altcha : undefined,
    };
    res.status(201).json(contractData<"register">(await register(accounts, input, req.log)));
  });

  // The proof of work a registration needs while sign-up is under a flood (decision 023): each answer a new challenge.
  router.get(pathBelow(USERS, ENDPOINTS.registerChallenge), async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json(contractData<"registerChallenge">(await newChallenge(accounts)));
  });

  router.post(pathBelow(USERS, ENDPOINTS.verifyEmail), async (req, res) => {
    const body = bodyOf(req.body);
    assertValid(validateVerifyEmail({ email: body.email, otp: body.otp }));
    res.json(contractData<"verifyEmail">(await verifyEmail(accounts, { email: text(body.email), otp: text(body.otp) })));
  });

  router.post(pathBelow(USERS, ENDPOINTS.resendOtp), async (req, res) => {
    const body = bodyOf(req.body);
    // Only a malformed address is refused: an unknown one answers like a known one (ASVS 6.3.8).
    if (validateEmailAddress(body.email)) throw new AppError("INVALID_EMAIL", RESEND_MESSAGES.invalidEmail);
    await resendCode(accounts, text(body.email), req.log);
    res.json(ok);
  });
}

/** Login, token refresh, logout and the signed-in user's profile. */
function sessionRoutes(router: Router, accounts: AccountsDeps) {
  router.post(pathBelow(USERS, ENDPOINTS.login), async (req, res) => {
    const body = bodyOf(req.body);
    assertValid(validateLogin({ username: body.username, password: body.password, code: body.code }));
    // The code a locked account was mailed (docs/decisions/025-login-throttling.md); absent otherwise.
    const code = text(body.code).trim() || undefined;
    const input = { username: text(body.username).trim(), password: text(body.password), code, ip: clientIp(req) };
    res.json(contractData<"login">(await login(accounts, input, req.log)));
  });

  router.post(pathBelow(USERS, ENDPOINTS.refresh), async (req, res) => {
    const token = text(bodyOf(req.body).refreshToken);
    if (!token) throw new AppError("VALIDATION_ERROR", "refreshToken is required.");
    res.json(contractData<"refresh">(await refreshSession(accounts, token)));
  });

  router.post(pathBelow(USERS, ENDPOINTS.logout), async (req, res) => {
    const bearer = /^Bearer (\S+)$/.exec(req.header("authorization") ?? "")?.[1];
    await logout(accounts, { refreshToken: text(bodyOf(req.body).refreshToken), bearer });
    res.json(ok);
  });

  const auth = requireAuth((token) => verifyAccessToken(accounts, token));
  router.get(pathBelow(USERS, ENDPOINTS.me), auth, async (req, res) => {
    res.json(contractData<"me">(await profile(accounts, req.auth!.sub)));
  });
}

/** A forgotten password: a code by e-mail, then the reset that signs the user in. */
function passwordRoutes(router: Router, accounts: AccountsDeps) {
  router.post(pathBelow(USERS, ENDPOINTS.forgotPassword), async (req, res) => {
    const body = bodyOf(req.body);
    assertValid(validateForgotPassword({ email: body.email }));
    await forgotPassword(accounts, text(body.email), req.log);
    res.json(ok);
  });

  router.post(pathBelow(USERS, ENDPOINTS.resetPassword), async (req, res) => {
    const body = bodyOf(req.body);
    assertValid(validateResetPasswordRequest({ email: body.email, otp: body.otp, password: body.password }));
    // A new password meets the same rules as at sign-up (NIST SP 800-63B 5.1.1.2).
    assertValid(await newPasswordIssue(text(body.password), { email: text(body.email) }));
    res.json(
      contractData<"resetPassword">(
        await resetPassword(accounts, {
          email: text(body.email),
          otp: text(body.otp),
          password: text(body.password),
        }),
      ),
    );
  });
}
