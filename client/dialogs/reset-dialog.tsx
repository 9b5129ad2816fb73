import { useId, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { CODE_LENGTH } from "#shared/constants.ts";
import { validateResetPassword } from "#shared/validation.ts";
// client/api is the browser's API client, not the api/ tier the lint rule guards against.
import { api } from "../backend/endpoints.ts";
import { useSession } from "../session/store.ts";
import {
  CodeField,
  DialogLink,
  FormError,
  SubmitButton,
  TextField,
  type FormMessage,
} from "./form/form-fields.tsx";
import { failureMessage } from "./form/failure-message.ts";
import { Modal } from "./modal/modal.tsx";
import { afterSignIn, useDialogs } from "./store.ts";
import { useAsyncAction } from "./form/use-async-action.ts";
import { useFormValues } from "./form/use-form-values.ts";

export function ResetDialog() {
  const show = useDialogs((s) => s.show);
  const email = useDialogs((s) => s.email);
  const { running, bind, error, errorId, submit } = useResetForm(email);
  const fieldError = { error, errorId };
  const password = { type: "password", autoComplete: "new-password", ...fieldError } as const;
  return (
    <Modal title="Reset Password">
      <p className="mb-4">
        Enter the {CODE_LENGTH}-digit code sent to <strong className="dialog-email">{email}</strong> and
        choose a new password.
      </p>
      <form noValidate onSubmit={submit}>
        <FormError id={errorId} error={error} />
        <CodeField label="Reset Code" {...bind("code")} {...fieldError} />
        <TextField label="New Password" {...bind("password")} {...password} />
        <TextField label="Confirm New Password" {...bind("confirmPassword")} {...password} />
        <SubmitButton running={running}>Reset Password</SubmitButton>
      </form>
      <p className="has-text-centered mt-3">
        Didn&apos;t get a code?{" "}
        <DialogLink onClick={() => show("forgot")}>Back to Forgot Password</DialogLink>
      </p>
    </Modal>
  );
}

function useResetForm(email: string) {
  const navigate = useNavigate();
  const { running, run } = useAsyncAction();
  const { values, bind } = useFormValues({ code: "", password: "", confirmPassword: "" });
  const [error, setError] = useState<FormMessage | null>(null);
  const errorId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (running) return;
    const issue = validateResetPassword(values);
    setError(issue);
    if (issue) return;
    const { code, password } = values;
    const outcome = await run(() => api.resetPassword({ email, otp: code, password }));
    if (!outcome) return;
    if (!outcome.ok) {
      setError({ message: failureMessage("reset", outcome.error) });
      return;
    }
    const { user } = outcome.value;
    useSession.getState().signIn(user);
    // A reset signs the user in: count it as a login.
    api.track({ name: "user_login_success", country: user.country });
    if (useDialogs.getState().open !== "reset") return;
    useDialogs.getState().close();
    void navigate(afterSignIn());
  }

  return { running, bind, error, errorId, submit };
}
