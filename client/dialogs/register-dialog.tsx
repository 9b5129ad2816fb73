import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { LIVE_COUNTRY_ID } from "#shared/constants.ts";
import { ApiError } from "#shared/error-decoding.ts";
import { CHALLENGE_SOLVING_MESSAGE } from "#shared/messages.ts";
import { normaliseEmail, registerIssues, registerProblems } from "#shared/validation.ts";
import { CountryField, DialogLink, FormError, FormStatus, SubmitButton, TermsField, TextField, type FormMessage } from "./form/form-fields.tsx";
import { failureMessage } from "./form/failure-message.ts";
import { Modal } from "./modal/modal.tsx";
import { registerWithProof } from "./register-with-proof.ts";
import { useDialogs } from "./store.ts";
import { useAsyncAction } from "./form/use-async-action.ts";
import { useFormValues } from "./form/use-form-values.ts";

/** What the form says after a submit: a line above the fields, and each field's own message beside it (decision 038). */
interface Problems {
  message: FormMessage | null;
  fields: Record<string, string>;
}
const NO_PROBLEMS: Problems = { message: null, fields: {} };

export function RegisterDialog() {
  const show = useDialogs((s) => s.show);
  const { running, checking, bind, problems, errorId, submit, terms, formRef } = useRegisterForm();
  const password = { type: "password", autoComplete: "new-password" } as const;
  const said = problems.fields;
  return (
    <Modal title="Create Your Free Account">
      <form ref={formRef} noValidate onSubmit={submit}>
        <FormError id={errorId} error={problems.message} />
        <FormStatus message={checking ? CHALLENGE_SOLVING_MESSAGE : null} />
        <TextField label="Username" autoComplete="username" {...bind("username")} problem={said.username} />
        <TextField label="Email" type="email" autoComplete="email" {...bind("email")} problem={said.email} />
        <TextField label="Password" {...bind("password")} {...password} problem={said.password} />
        <TextField label="Confirm Password" {...bind("confirmPassword")} {...password} problem={said.confirmPassword} />
        <CountryField {...bind("country")} problem={said.country} />
        <TermsField checked={terms.accepted} onChange={terms.setAccepted} problem={said.acceptTerms} />
        <SubmitButton running={running}>Register</SubmitButton>
      </form>
      <p className="has-text-centered mt-3">
        Already have an account? <DialogLink onClick={() => show("login")}>Log in</DialogLink>
      </p>
    </Modal>
  );
}

/** A refused registration: the API's field issues beside their fields, or the flow's message above them. */
function refusal(error: unknown): Problems {
  const fields = error instanceof ApiError ? error.fields : [];
  if (fields.length === 0) return { message: { message: failureMessage("register", error) }, fields: {} };
  return { message: null, fields: registerProblems(fields).fields };
}

/** After a submit that found problems, focus goes to the first field in error (its message is its description). */
function useFocusFirstInvalid(problems: Problems) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (Object.keys(problems.fields).length === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [problems]);
  return formRef;
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
  const [problems, setProblems] = useState<Problems>(NO_PROBLEMS);
  const [accepted, setAccepted] = useState(false);
  // Sign-up under a flood: the dialog proves work before it registers (register-with-proof.ts).
  const [checking, setChecking] = useState(false);
  const errorId = useId();
  const formRef = useFocusFirstInvalid(problems);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (running) return;
    // Every field's problem at once, before anything is sent; the common-password check is the API's.
    const found = registerProblems(registerIssues({ ...values, acceptTerms: accepted }));
    setProblems({ message: found.summary ? { message: found.summary } : null, fields: found.fields });
    if (Object.keys(found.fields).length > 0) return;
    const { username, email, password, country } = values;
    const body = { userName: username.trim(), email: email.trim(), password, country: Number(country), acceptTerms: true } as const;
    const outcome = await run(() => registerWithProof(body, setChecking));
    if (!outcome) return;
    if (!outcome.ok) {
      setProblems(refusal(outcome.error));
      return;
    }
    // The server answers the e-mail the code went to, normalised; verification must use exactly that.
    const sentTo = outcome.value.email || normaliseEmail(email);
    if (useDialogs.getState().open === "register")
      useDialogs.getState().show("verify", { email: sentTo, verifyContext: "registration" });
  }

  return { running, checking, bind, problems, errorId, submit, terms: { accepted, setAccepted }, formRef };
}
