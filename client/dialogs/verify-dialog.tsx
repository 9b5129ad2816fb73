import { useId, useState, type FormEvent } from "react";
import type { SessionUser } from "#shared/contract.ts";
import { CODE_LENGTH, RESEND_COOLDOWN_S } from "#shared/constants.ts";
import { resendRequestedMessage } from "#shared/messages.ts";
import { validateVerificationCode } from "#shared/validation.ts";
// client/api is the browser's API client, not the api/ tier the lint rule guards against.
import { api } from "../backend/endpoints.ts";
import { useSession } from "../session/store.ts";
import {
  CodeField,
  DialogLink,
  FormError,
  FormStatus,
  SubmitButton,
  type FormMessage,
} from "./form/form-fields.tsx";
import { failureMessage } from "./form/failure-message.ts";
import { Modal } from "./modal/modal.tsx";
import { useDialogs, type VerifyContext } from "./store.ts";
import { useAsyncAction } from "./form/use-async-action.ts";
import { useCountdown } from "./form/use-countdown.ts";

export function VerifyDialog() {
  const email = useDialogs((s) => s.email);
  const context = useDialogs((s) => s.verifyContext);
  const codeWaitS = useDialogs((s) => s.codeWaitS);
  const form = useVerifyForm(email, context, codeWaitS);
  return (
    <Modal title="Verify Your Email">
      <VerifyIntro context={context} email={email} codeSent={codeWaitS === 0} />
      <form noValidate onSubmit={form.submit}>
        <FormError id={form.errorId} error={form.error} />
        <FormStatus message={form.status} />
        <CodeField
          label="Verification Code"
          name="code"
          value={form.code}
          onChange={form.setCode}
          error={form.error}
          errorId={form.errorId}
        />
        <SubmitButton running={form.verifying}>Verify</SubmitButton>
      </form>
      <ResendButton running={form.resending} remaining={form.cooldown} onClick={form.resendCode} />
      <BackLink context={context} />
    </Modal>
  );
}

function useVerifyForm(email: string, context: VerifyContext, codeWaitS: number) {
  const verify = useAsyncAction();
  const resend = useAsyncAction();
  // The dialog opens just after a code went out (registration, or an unverified login, where the API
  // sends one unless it did within the cooldown), so a resend would be refused for up to a minute:
  // count that minute down from the start, or what the API said is left of it when it sent none.
  const cooldown = useCountdown(codeWaitS > 0 ? codeWaitS : RESEND_COOLDOWN_S);
  const [code, setCode] = useState("");
  const [error, setError] = useState<FormMessage | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const errorId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (verify.running) return;
    const issue = validateVerificationCode(code);
    setError(issue);
    setStatus(null);
    if (issue) return;
    const outcome = await verify.run(() => api.verifyEmail({ email, otp: code }));
    if (!outcome) return;
    if (outcome.ok) verified(outcome.value.user, context);
    else setError({ message: failureMessage("verify", outcome.error, context) });
  }

  async function resendCode() {
    setError(null);
    setStatus(null);
    const outcome = await resend.run(() => api.resendOtp({ email }));
    if (!outcome) return;
    if (outcome.ok) {
      cooldown.start(RESEND_COOLDOWN_S);
      // The API answers alike whether or not it mailed a code (docs/decisions/025-login-throttling.md):
      // say what holds either way.
      setStatus(resendRequestedMessage(email));
    } else {
      setError({ message: failureMessage("resend", outcome.error) });
    }
  }

  return {
    code,
    setCode,
    error,
    errorId,
    status,
    submit,
    resendCode,
    verifying: verify.running,
    resending: resend.running,
    cooldown: cooldown.remaining,
  };
}

function verified(user: SessionUser, context: VerifyContext) {
  useSession.getState().signIn(user);
  // A verification that ends a login is a login; one that ends a registration completes it.
  api.track({
    name: context === "registration" ? "user_registration_completed" : "user_login_success",
    country: user.country,
  });
  if (useDialogs.getState().open === "verify") useDialogs.getState().show("welcome");
}

function VerifyIntro({ context, email, codeSent }: { context: VerifyContext; email: string; codeSent: boolean }) {
  if (context === "login" && !codeSent) {
    return (
      <p className="mb-4">
        Your account is not verified yet. We sent a {CODE_LENGTH}-digit code to{" "}
        <strong className="dialog-email">{email}</strong> a moment ago, so no new one was sent now. Enter
        that code below, or ask for another when the wait is over.
      </p>
    );
  }
  if (context === "login") {
    return (
      <p className="mb-4">
        Your account is not verified yet. We sent a new {CODE_LENGTH}-digit code to{" "}
        <strong className="dialog-email">{email}</strong>. Enter it below, or ask for another.
      </p>
    );
  }
  return (
    <p className="mb-4">
      We have sent a {CODE_LENGTH}-digit verification code to{" "}
      <strong className="dialog-email">{email}</strong>.
    </p>
  );
}

function ResendButton({
  running,
  remaining,
  onClick,
}: {
  running: boolean;
  remaining: number;
  onClick(): void;
}) {
  const waiting = remaining > 0;
  return (
    <p className="has-text-centered mt-3">
      <button
        type="button"
        className={running ? "button is-ghost dialog-link is-loading" : "button is-ghost dialog-link"}
        disabled={running || waiting}
        aria-busy={running}
        onClick={onClick}
      >
        {waiting ? `Resend in ${remaining}s` : "Resend code"}
      </button>
    </p>
  );
}

function BackLink({ context }: { context: VerifyContext }) {
  const show = useDialogs((s) => s.show);
  return (
    <p className="has-text-centered">
      {context === "login" ? (
        <DialogLink onClick={() => show("login")}>Back to Login</DialogLink>
      ) : (
        <DialogLink onClick={() => show("register")}>Back to Register</DialogLink>
      )}
    </p>
  );
}
