import { useId, useState, type FormEvent } from "react";
import { CODE_LENGTH, RESEND_COOLDOWN_S } from "#shared/constants.ts";
import { normaliseEmail, validateForgotPassword } from "#shared/validation.ts";
// client/api is the browser's API client, not the api/ tier the lint rule guards against.
import { api } from "../backend/endpoints.ts";
import { DialogLink, FormError, SubmitButton, TextField, type FormMessage } from "./form/form-fields.tsx";
import { failureMessage } from "./form/failure-message.ts";
import { Modal } from "./modal/modal.tsx";
import { useDialogs } from "./store.ts";
import { useAsyncAction } from "./form/use-async-action.ts";

/**
 * When this tab last asked for a reset code for each address. The server sends at most one a
 * minute and answers alike either way (ASVS 6.3.8), so the dialog itself says when another can be
 * asked for rather than claiming a new code went out.
 */
const askedAt = new Map<string, number>();

/** Forgets every ask (tests start each from a fresh tab). */
export function forgetAskedCodes(): void {
  askedAt.clear();
}

/** Seconds before another code for `address` can be asked for from this tab (0: now). */
function waitFor(address: string, now: number): number {
  const at = askedAt.get(address);
  return at === undefined ? 0 : Math.max(0, Math.ceil((at + RESEND_COOLDOWN_S * 1000 - now) / 1000));
}

export function ForgotDialog() {
  const { running, run } = useAsyncAction();
  // Coming back from the reset dialog keeps the address typed before.
  const [email, setEmail] = useState(() => useDialogs.getState().email);
  const [sentTo, setSentTo] = useState<string | null>(null);
  /** Seconds to wait before another code, when the last one was asked for under a minute ago. */
  const [waitS, setWaitS] = useState(0);
  const [error, setError] = useState<FormMessage | null>(null);
  const errorId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (running) return;
    const issue = validateForgotPassword({ email });
    setError(issue);
    if (issue) return;
    const address = normaliseEmail(email);
    const wait = waitFor(address, Date.now());
    if (wait > 0) {
      setWaitS(wait);
      setSentTo(address);
      return;
    }
    const outcome = await run(() => api.forgotPassword({ email: address }));
    if (!outcome) return;
    if (outcome.ok) {
      askedAt.set(address, Date.now());
      setWaitS(0);
      setSentTo(address);
    } else setError({ message: failureMessage("forgot", outcome.error) });
  }

  // One Modal for both steps: remounting it would re-run its open-focus and steal the button's autoFocus.
  return (
    <Modal title={sentTo === null ? "Forgot Password" : "Check Your Email"}>
      {sentTo !== null ? (
        <CodeSent sentTo={sentTo} waitS={waitS} />
      ) : (
        <AskForCode email={email} onEmail={setEmail} error={error} errorId={errorId} running={running} onSubmit={submit} />
      )}
      <BackToLogin />
    </Modal>
  );
}

interface AskForCodeProps {
  email: string;
  onEmail: (email: string) => void;
  error: FormMessage | null;
  errorId: string;
  running: boolean;
  onSubmit: (event: FormEvent) => Promise<void>;
}

/** The first step: the account's address, to send a reset code to. */
function AskForCode({ email, onEmail, error, errorId, running, onSubmit }: AskForCodeProps) {
  return (
    <>
      <p className="mb-4">
        Enter the email address of your account and we will send you a {CODE_LENGTH}-digit code to reset
        your password.
      </p>
      <form noValidate onSubmit={onSubmit}>
        <FormError id={errorId} error={error} />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={onEmail}
          error={error}
          errorId={errorId}
        />
        <SubmitButton running={running}>Send Reset Code</SubmitButton>
      </form>
    </>
  );
}

function CodeSent({ sentTo, waitS }: { sentTo: string; waitS: number }) {
  const show = useDialogs((s) => s.show);
  return (
    <>
      {/* ASVS 6.3.8: the server never says whether the address is registered, so neither does this text. */}
      {waitS > 0 ? (
        <p className="mb-4">
          You asked for a code for <strong className="dialog-email">{sentTo}</strong> less than a minute ago:
          if an account exists, that code is on its way. You can ask for another in {waitS} s.
        </p>
      ) : (
        <p className="mb-4">
          If an account exists for <strong className="dialog-email">{sentTo}</strong>, we are sending a{" "}
          {CODE_LENGTH}
          -digit code to reset its password: at most one a minute and five an hour. Use the newest code you
          receive.
        </p>
      )}
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
