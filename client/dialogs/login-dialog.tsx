import { useId, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import type { SessionUser } from "#shared/contract.ts";
import { ERROR_CODES } from "#shared/error-codes.ts";
import { ApiError } from "#shared/error-decoding.ts";
import { LOGIN_MESSAGES } from "#shared/messages.ts";
import { validateLogin, validateVerificationCode } from "#shared/validation.ts";
// client/api is the browser's API client, not the api/ tier the lint rule guards against.
import { api } from "../backend/endpoints.ts";
import { linkHolds } from "../route-paths.ts";
import { useSession } from "../session/store.ts";
import { CodeField, DialogLink, FormError, SubmitButton, TextField, type FormMessage } from "./form/form-fields.tsx";
import { failureMessage } from "./form/failure-message.ts";
import { Modal } from "./modal/modal.tsx";
import { afterSignIn, useDialogs } from "./store.ts";
import { useAsyncAction } from "./form/use-async-action.ts";
import { useFormValues } from "./form/use-form-values.ts";

export function LoginDialog() {
  const show = useDialogs((s) => s.show);
  const { running, bind, error, errorId, submit, locked } = useLoginForm();
  const fieldError = { error, errorId };
  const returnTo = useDialogs((s) => s.returnTo);
  return (
    <Modal title="Log In">
      {returnTo && <p className="notification is-info is-light py-2 px-3">Log in or sign up free to open {linkHolds(returnTo)}.</p>}
      <form noValidate onSubmit={submit}>
        <FormError id={errorId} error={error} />
        {/* Either works (docs/decisions/017-first-minutes-accounts.md): the API looks an address up by e-mail. */}
        <TextField label="Username or email" autoComplete="username" {...bind("username")} {...fieldError} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          {...bind("password")}
          {...fieldError}
        />
        {locked && <CodeField label="Code from the e-mail" {...bind("code")} {...fieldError} />}
        <SubmitButton running={running}>Log In</SubmitButton>
      </form>
      <p className="has-text-centered mt-3">
        <DialogLink onClick={() => show("forgot")}>Forgot password?</DialogLink>
      </p>
      <p className="has-text-centered">
        Don&apos;t have an account? <DialogLink onClick={() => show("register")}>Register</DialogLink>
      </p>
    </Modal>
  );
}

function useLoginForm() {
  const navigate = useNavigate();
  const { running, run } = useAsyncAction();
  const { values, bind } = useFormValues({ username: "", password: "", code: "" });
  const [error, setError] = useState<FormMessage | null>(null);
  // The name the API answered ACCOUNT_LOCKED for: while it is typed, the login needs the mailed code too.
  const [lockedName, setLockedName] = useState<string | null>(null);
  const errorId = useId();
  const username = values.username.trim();
  const locked = lockedName !== null && lockedName === username;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (running) return;
    const issue = validateLogin({ username: values.username, password: values.password }) ?? (locked ? validateVerificationCode(values.code) : null);
    setError(issue);
    if (issue) return;
    const { password, code } = values;
    const outcome = await run(() => api.login(locked ? { username, password, code: code.trim() } : { username, password }));
    if (!outcome) return;
    if (outcome.ok) {
      signedIn(outcome.value.user, () => void navigate(afterSignIn()));
    } else if (outcome.error instanceof ApiError && outcome.error.code === ERROR_CODES.ACCOUNT_NOT_VERIFIED) {
      // docs/design.md, Error codes: the error's description is the account's e-mail. The API has sent a fresh code
      // with this answer, unless one went out within the resend cooldown: then Retry-After says how long.
      if (useDialogs.getState().open === "login")
        useDialogs.getState().show("verify", { email: outcome.error.message, verifyContext: "login", codeWaitS: outcome.error.retryAfterS ?? 0 });
    } else if (outcome.error instanceof ApiError && outcome.error.code === ERROR_CODES.ACCOUNT_LOCKED) {
      // The API answers alike for a wrong password or code (docs/decisions/025-login-throttling.md):
      // after a code was sent, say both may be at fault.
      setLockedName(username);
      setError({ message: locked ? LOGIN_MESSAGES.unlockFailed : LOGIN_MESSAGES.accountLocked, field: locked ? "code" : undefined });
    } else {
      setError({ message: failureMessage("login", outcome.error) });
    }
  }

  return { running, bind, error, errorId, submit, locked };
}

function signedIn(user: SessionUser, onward: () => void) {
  useSession.getState().signIn(user);
  api.track({ name: "user_login_success", country: user.country });
  // Closed with Escape while the call ran: stay signed in, but do not move the user.
  if (useDialogs.getState().open !== "login") return;
  useDialogs.getState().close();
  onward();
}
