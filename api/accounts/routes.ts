import { Router } from "express";
import { validateLogin, validateRegister, validateVerifyEmail, validateForgotPassword, validateResetPasswordRequest, validateEmailAddress } from "#shared/validation.ts";
import { requireAuth } from "../http/auth.ts";
import { RESEND_MESSAGES } from "#shared/errors.ts";
import { AppError } from "../http/errors.ts";
import { assertValid, bodyOf, clientIp, text } from "../http/validate.ts";
import type { AccountsService } from "./service.ts";

const ok = { data: { ok: true } } as const;

/** /users/*: validate, call the domain, answer (spec section 7, DESIGN sections 3-4). */
export function accountsRouter(accounts: AccountsService): Router {
  const router = Router();
  const auth = requireAuth(accounts.verifyAccessToken);

  router.put("/register", async (req, res) => {
    const body = bodyOf(req.body);
    // The spec spells it userName; one client path sends username.
    const username = text(body.userName ?? body.username);
    const input = { username, email: body.email, password: body.password, country: body.country };
    assertValid(validateRegister(input));
    const result = await accounts.register({ username, email: text(body.email), password: text(body.password), country: Number(body.country), ip: clientIp(req) }, req.log);
    res.status(201).json({ data: result });
  });

  router.post("/verify-email", async (req, res) => {
    const body = bodyOf(req.body);
    assertValid(validateVerifyEmail({ email: body.email, otp: body.otp }));
    res.json({ data: await accounts.verifyEmail(text(body.email), text(body.otp)) });
  });

  router.post("/resend-otp", async (req, res) => {
    const body = bodyOf(req.body);
    // Only a malformed address is refused: an unknown one answers like a known one (ASVS 6.3.8).
    if (validateEmailAddress(body.email)) throw new AppError("INVALID_EMAIL", RESEND_MESSAGES.invalidEmail);
    await accounts.resendCode(text(body.email), req.log);
    res.json(ok);
  });

  router.post("/login", async (req, res) => {
    const body = bodyOf(req.body);
    assertValid(validateLogin({ username: body.username, password: body.password }));
    res.json({ data: await accounts.login(text(body.username).trim(), text(body.password), clientIp(req), req.log) });
  });

  router.post("/refresh", async (req, res) => {
    const token = text(bodyOf(req.body).refreshToken);
    if (!token) throw new AppError("VALIDATION_ERROR", "refreshToken is required.");
    res.json({ data: await accounts.refresh(token) });
  });

  /**
   * Accepts a refresh token that could still refresh (the access token may have expired) or a
   * valid bearer token. A rotated, revoked or unknown refresh token proves nothing, so it logs
   * nobody out.
   */
  router.post("/logout", async (req, res) => {
    const token = text(bodyOf(req.body).refreshToken);
    const bearer = /^Bearer (\S+)$/.exec(req.header("authorization") ?? "")?.[1];
    const userId = (token ? await accounts.liveOwnerOfRefreshToken(token) : undefined) ?? (bearer ? (await accounts.verifyAccessToken(bearer))?.sub : undefined);
    if (!userId) throw new AppError("AUTH_REQUIRED", "Please log in to continue.");
    await accounts.logout(userId);
    res.json(ok);
  });

  router.post("/forgot-password", async (req, res) => {
    const body = bodyOf(req.body);
    assertValid(validateForgotPassword({ email: body.email }));
    await accounts.forgotPassword(text(body.email), req.log);
    res.json(ok);
  });

  router.post("/reset-password", async (req, res) => {
    const body = bodyOf(req.body);
    assertValid(validateResetPasswordRequest({ email: body.email, otp: body.otp, password: body.password }));
    res.json({ data: await accounts.resetPassword(text(body.email), text(body.otp), text(body.password)) });
  });

  router.get("/me", auth, async (req, res) => {
    res.json({ data: await accounts.profile(req.auth!.sub) });
  });

  return router;
}
