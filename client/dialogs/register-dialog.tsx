import { useId, useState, type FormEvent } from "react";
import { LIVE_COUNTRY_ID } from "#shared/constants.ts";
import { CHALLENGE_SOLVING_MESSAGE } from "#shared/messages.ts";
import { normaliseEmail, validateRegister } from "#shared/validation.ts";
import { CountryField, DialogLink, FormError, FormStatus, SubmitButton, TermsField, TextField, type FormMessage } from "./form/form-fields.tsx";
import { failureMessage } from "./form/failure-message.ts";
import { Modal } from "./modal/modal.tsx";
import { registerWithProof } from "./register-with-proof.ts";
import { useDialogs } from "./store.ts";
import { useAsyncAction } from "./form/use-async-action.ts";
import { useFormValues } from "./form/use-form-values.ts";

export function RegisterDialog() {
  const show = useDialogs((s) => s.show);
  const { running, checking, bind, error, errorId, submit, terms } = useRegisterForm();
  const fieldError = { error, errorId };
  const password = { type: "password", autoComplete: "new-password", ...fieldError } as const;
  return (
    <Modal title="Create Your Free Account">
      <form noValidate onSubmit={submit}>
        <FormError id={errorId} error={error} />
        <FormStatus message={checking ? CHALLENGE_SOLVING_MESSAGE : null} />
        <TextField label="Username" autoComplete="username" {...bind("username")} {...fieldError} />
        <TextField label="Email" type="email" autoComplete="email" {...bind("email")} {...fieldError} />
        <TextField label="Password" {...bind("password")} {...password} />
        <TextField label="Confirm Password" {...bind("confirmPassword")} {...password} />
        <CountryField {...bind("country")} />
        <TermsField checked={terms.accepted} onChange={terms.setAccepted} {...fieldError} />
        <SubmitButton running={running}>Register</SubmitButton>
      </form>
      <p className="has-text-centered mt-3">
        Already have an account? <DialogLink onClick={() => show("login")}>Log in</DialogLink>
      </p>
    </Modal>
  );
}

function useRegisterForm() {
  const { running, run } = useAsyncAction();
  const { values, bind } = useFormValues({
    username: "",
    email: "",
    password: "",
    confirmPassword: "",
    country: String(LIVE_COUNTRY_ID),
  });
  const [error, setError] = useState<FormMessage | null>(null);
  const [accepted, setAccepted] = useState(false);
  // Sign-up under a flood: the dialog proves work before it registers (register-with-proof.ts).
  const [checking, setChecking] = useState(false);
  const errorId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (running) return;
    const issue = validateRegister({ ...values, acceptTerms: accepted });
    setError(issue);
    if (issue) return;
    const { username, email, password, country } = values;
    const body = { userName: username.trim(), email: email.trim(), password, country: Number(country), acceptTerms: true } as const;
    const outcome = await run(() => registerWithProof(body, setChecking));
    if (!outcome) return;
    if (!outcome.ok) {
      setError({ message: failureMessage("register", outcome.error) });
      return;
    }
    // The server answers the e-mail the code went to, normalised; verification must use exactly that.
    const sentTo = outcome.value.email || normaliseEmail(email);
    if (useDialogs.getState().open === "register")
      useDialogs.getState().show("verify", { email: sentTo, verifyContext: "registration" });
  }

  return { running, checking, bind, error, errorId, submit, terms: { accepted, setAccepted } };
}
