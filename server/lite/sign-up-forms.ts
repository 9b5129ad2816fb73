import type { Request, Response } from "express";
import { LIVE_COUNTRY_ID } from "#shared/constants.ts";
import { ENDPOINTS } from "#shared/contract.ts";
import { ERROR_CODES } from "#shared/error-codes.ts";
import { REGISTER_MESSAGES, codeSentMessage, flowErrorMessage, resendRequestedMessage, type VerificationContext } from "#shared/messages.ts";
import { normaliseEmail, registerIssues, registerProblems, validateEmailAddress, validateVerifyEmail } from "#shared/validation.ts";
import { FORM_PAGES, returnPath } from "#client/route-paths.ts";
import { readData, registerAnswer } from "../bff/api-answers.ts";
import { callApi, field, refusalOf, signIn, type FormDeps } from "./form-calls.ts";
import { flashTo } from "./flash.ts";

/** The 18+ and Terms box: an HTML checkbox posts "on" when ticked and nothing when not. */
const TICKED = "on";

/**
 * POST /register: the register dialog's checks and call, then on to the verification page with the
 * address the code went to. A refusal comes back with every field's problem at once (decision 038)
 * and what was typed, never the passwords.
 */
export function registerPost(deps: FormDeps) {
  return async (req: Request, res: Response) => {
    const values = { username: field(req, "username"), email: field(req, "email"), password: field(req, "password"), confirmPassword: field(req, "confirmPassword"), country: field(req, "country") };
    const acceptTerms = field(req, "acceptTerms") === TICKED;
    const kept = { username: values.username.slice(0, 100), email: values.email.slice(0, 320), ...(acceptTerms ? { acceptTerms: TICKED } : {}) };
    const again = (said: { message?: string | null; problems?: Record<string, string> }) =>
      flashTo(res, deps.secure, FORM_PAGES.register, { ...(said.message ? { message: said.message } : {}), ...(said.problems ? { problems: said.problems } : {}), fields: kept });
    const found = registerProblems(registerIssues({ ...values, acceptTerms }));
    if (Object.keys(found.fields).length > 0) return again({ message: found.summary, problems: found.fields });
    const body = { userName: values.username.trim(), email: values.email.trim(), password: values.password, country: LIVE_COUNTRY_ID, acceptTerms: true } as const;
    const answer = await callApi(deps.upstream, req, "register", body);
    if (answer.status !== 201 && answer.status !== 200) {
      const error = refusalOf(answer);
      // The API's own field issues (a common password) go beside their fields, as in the dialog.
      if (error.fields.length > 0) return again({ problems: registerProblems(error.fields).fields });
      // Under a flood sign-up asks for proof of work, which a page without JavaScript cannot give
      // (docs/decisions/023-proof-of-work-under-flood.md): it is told to come back, not to retry now.
      return again({ message: error.code === ERROR_CODES.CHALLENGE_REQUIRED ? REGISTER_MESSAGES.busy : flowErrorMessage("register", error) });
    }
    // The API answers the address the code went to, normalised; verification must use exactly that.
    const sentTo = readData(deps.upstream, ENDPOINTS.register, answer, registerAnswer).email || normaliseEmail(values.email);
    flashTo(res, deps.secure, FORM_PAGES.verify, { status: codeSentMessage(sentTo), fields: { email: sentTo, context: "registration" } });
  };
}

/** The verification page's own fields: the address, whether it ends a registration or a login, and where to go after. */
function verifyFields(req: Request) {
  const context: VerificationContext = field(req, "context") === "login" ? "login" : "registration";
  const next = returnPath(field(req, "next")) ?? undefined;
  return { email: field(req, "email").trim().slice(0, 320), context, next };
}

function backToVerify(deps: FormDeps, res: Response, page: ReturnType<typeof verifyFields>, said: { message?: string; status?: string }): void {
  flashTo(res, deps.secure, FORM_PAGES.verify, { ...said, fields: { email: page.email, context: page.context }, ...(page.next ? { next: page.next } : {}) });
}

/** POST /verify: the e-mailed code; verified, the user is signed in (the answer carries the session) and goes on. */
export function verifyPost(deps: FormDeps) {
  return async (req: Request, res: Response) => {
    const page = verifyFields(req);
    const otp = field(req, "code").trim();
    const invalid = validateVerifyEmail({ email: page.email, otp });
    if (invalid) return backToVerify(deps, res, page, { message: invalid.message });
    const answer = await callApi(deps.upstream, req, "verifyEmail", { email: page.email, otp });
    if (answer.status === 200) return signIn(deps, res, ENDPOINTS.verifyEmail, answer, page.next ?? "/dashboard");
    backToVerify(deps, res, page, { message: flowErrorMessage("verify", refusalOf(answer), page.context) });
  };
}

/** POST /verify/resend: another code to the same address, within the API's limits. */
export function resendPost(deps: FormDeps) {
  return async (req: Request, res: Response) => {
    const page = verifyFields(req);
    const invalid = validateEmailAddress(page.email);
    if (invalid) return backToVerify(deps, res, page, { message: invalid.message });
    const answer = await callApi(deps.upstream, req, "resendOtp", { email: page.email });
    if (answer.status === 200) return backToVerify(deps, res, page, { status: resendRequestedMessage(page.email) });
    backToVerify(deps, res, page, { message: flowErrorMessage("resend", refusalOf(answer)) });
  };
}
