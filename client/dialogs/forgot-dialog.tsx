import { useId, useState, type FormEvent } from "react";
import { CODE_LENGTH } from "#shared/constants.ts";
import { normaliseEmail, validateForgotPassword } from "#shared/validation.ts";
// client/api is the browser's API client, not the api/ tier the lint rule guards against.
import { api } from "../backend/endpoints.ts";
import { DialogLink, FormError, SubmitButton, TextField, type FormMessage } from "./form-fields.tsx";
import { failureMessage } from "./failure-message.ts";
import { Modal } from "./modal.tsx";
import { useDialogs } from "./store.ts";
import { useAsyncAction } from "./use-async-action.ts";

export function ForgotDialog() {
  const { running, run } = useAsyncAction();
  // Coming back from the reset dialog keeps the address typed before.
  const [email, setEmail] = useState(() => useDialogs.getState().email);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<FormMessage | null>(null);
  const errorId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (running) return;
    const issue = validateForgotPassword({ email });
    setError(issue);
    if (issue) return;
    const address = normaliseEmail(email);
    const outcome = await run(() => api.forgotPassword({ email: address }));
    if (!outcome) return;
    if (outcome.ok) setSentTo(address);
    else setError({ message: failureMessage("forgot", outcome.error) });
  }

  // One Modal for both steps: remounting it would re-run its open-focus and steal the button's autoFocus.
  return (
    <Modal title={sentTo === null ? "Forgot Password" : "Check Your Email"}>
      {sentTo !== null ? (
        <CodeSent sentTo={sentTo} />
      ) : (
        <>
          <p className="mb-4">
            Enter the email address of your account and we will send you a {CODE_LENGTH}-digit code to reset
            your password.
          </p>
          <form noValidate onSubmit={submit}>
            <FormError id={errorId} error={error} />
            <TextField
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={setEmail}
              error={error}
              errorId={errorId}
            />
            <SubmitButton running={running}>Send Reset Code</SubmitButton>
          </form>
        </>
      )}
      <BackToLogin />
    </Modal>
  );
}

function CodeSent({ sentTo }: { sentTo: string }) {
  const show = useDialogs((s) => s.show);
  return (
    <>
      {/* ASVS 6.3.8: the server never says whether the address is registered, so neither does this text. */}
      <p className="mb-4">
        If an account exists for <strong className="dialog-email">{sentTo}</strong>, we have sent a{" "}
        {CODE_LENGTH}-digit code to reset its password.
      </p>
      <button
        type="button"
        className="button is-primary is-fullwidth"
        autoFocus
        onClick={() => show("reset", { email: sentTo })}
      >
        Enter Reset Code
      </button>
    </>
  );
}

function BackToLogin() {
  const show = useDialogs((s) => s.show);
  return (
    <p className="has-text-centered mt-3">
      <DialogLink onClick={() => show("login")}>Back to Login</DialogLink>
    </p>
  );
}
