import type { JSX } from "react";
import { Link, redirect, type LoaderFunctionArgs } from "react-router";
import { PageForm } from "../../components/page-form.tsx";
import { CodeField, FormError, FormStatus, SubmitButton, TextField } from "../../dialogs/form/form-fields.tsx";
import { useFormValues } from "../../dialogs/form/use-form-values.ts";
import { FORM_PAGES } from "../../route-paths.ts";
import { serverContext } from "../../server-context.ts";
import { FormPageFrame, usePageForm } from "./form-page.tsx";

/**
 * A forgotten password for phones without JavaScript (docs/design.md, Pages without JavaScript):
 * /forgot-password asks for a code, /reset-password takes it with the new password and signs the
 * user in. The forgot and reset dialogs' fields and messages, as forms the web tier handles.
 */
export function loader({ context }: LoaderFunctionArgs) {
  if (serverContext(context)?.user) throw redirect("/dashboard");
  return null;
}

export function ForgotPasswordPage(): JSX.Element {
  const { token, flash } = usePageForm();
  const { bind } = useFormValues({ email: flash?.fields.email ?? "" });
  return (
    <FormPageFrame title="Forgot Password" description="Get a code to set a new AfriOdds password.">
      {token ? (
        <PageForm action={FORM_PAGES.forgot}>
          <FormError id="forgot-error" error={flash?.message ? { message: flash.message } : null} />
          <p className="mb-4">Enter your account&apos;s e-mail and we will send you a code to set a new password.</p>
          <TextField label="Email" type="email" autoComplete="email" {...bind("email")} />
          <SubmitButton running={false}>Send Reset Code</SubmitButton>
        </PageForm>
      ) : null}
      <p className="has-text-centered mt-4">
        <Link to={FORM_PAGES.login}>Back to Login</Link>
      </p>
    </FormPageFrame>
  );
}

export function ResetPasswordPage(): JSX.Element {
  const { token, flash } = usePageForm();
  const known = flash?.fields.email ?? "";
  const { bind } = useFormValues({ email: known, code: "", password: "", confirmPassword: "" });
  const password = { type: "password", autoComplete: "new-password" } as const;
  return (
    <FormPageFrame title="Reset Password" description="Set a new AfriOdds password with the code we e-mailed you.">
      {token ? (
        <PageForm action={FORM_PAGES.reset} hidden={known ? { email: known } : {}}>
          <FormError id="reset-error" error={flash?.message ? { message: flash.message } : null} />
          <FormStatus message={flash?.status ?? null} />
          {!known && <TextField label="Email" type="email" autoComplete="email" {...bind("email")} />}
          <CodeField label="Reset Code" {...bind("code")} />
          <TextField label="New Password" {...bind("password")} {...password} />
          <TextField label="Confirm New Password" {...bind("confirmPassword")} {...password} />
          <SubmitButton running={false}>Reset Password</SubmitButton>
        </PageForm>
      ) : null}
      <p className="has-text-centered mt-4">
        <Link to={FORM_PAGES.forgot}>Back to Forgot Password</Link>
      </p>
    </FormPageFrame>
  );
}
