import type { Request, Response } from "express";
import { ENDPOINTS } from "#shared/contract.ts";
import { flowErrorMessage, resetCodeRequestedMessage } from "#shared/messages.ts";
import { normaliseEmail, validateEmailAddress, validateForgotPassword, validateResetPassword } from "#shared/validation.ts";
import { FORM_PAGES } from "#client/route-paths.ts";
import { callApi, field, refusalOf, signIn, type FormDeps } from "./form-calls.ts";
import { flashTo } from "./flash.ts";

/**
 * A forgotten password as form posts (docs/design.md, Pages without JavaScript): POST
 * /forgot-password asks for a code, and goes on to /reset-password, whatever the address (the API
 * never says whether it has an account); POST /reset-password sets the new password with the code
 * and signs the user in, as the reset dialog does.
 */
export function forgotPost(deps: FormDeps) {
  return async (req: Request, res: Response) => {
    const email = field(req, "email").trim().slice(0, 320);
    const invalid = validateForgotPassword({ email });
    if (invalid) return flashTo(res, deps.secure, FORM_PAGES.forgot, { message: invalid.message, fields: { email } });
    const address = normaliseEmail(email);
    const answer = await callApi(deps.upstream, req, "forgotPassword", { email: address });
    if (answer.status !== 200) return flashTo(res, deps.secure, FORM_PAGES.forgot, { message: flowErrorMessage("forgot", refusalOf(answer)), fields: { email } });
    flashTo(res, deps.secure, FORM_PAGES.reset, { status: resetCodeRequestedMessage(address), fields: { email: address } });
  };
}

export function resetPost(deps: FormDeps) {
  return async (req: Request, res: Response) => {
    const email = field(req, "email").trim().slice(0, 320);
    const input = { email, otp: field(req, "code").trim(), password: field(req, "password") };
    const again = (message: string) => flashTo(res, deps.secure, FORM_PAGES.reset, { message, fields: { email } });
    // The dialog's checks in the spec's order: the code, both passwords, that they match, the length.
    const invalid = validateEmailAddress(email) ?? validateResetPassword({ code: input.otp, password: input.password, confirmPassword: field(req, "confirmPassword") });
    if (invalid) return again(invalid.message);
    const answer = await callApi(deps.upstream, req, "resetPassword", input);
    if (answer.status === 200) return signIn(deps, res, ENDPOINTS.resetPassword, answer, "/dashboard");
    again(flowErrorMessage("reset", refusalOf(answer)));
  };
}
