import { useState, type JSX } from "react";
import { Link, redirect, type LoaderFunctionArgs } from "react-router";
import { LIVE_COUNTRY_ID } from "#shared/constants.ts";
import { REGISTER_FIELDS } from "#shared/validation.ts";
import { CountryField, FormError, SubmitButton, TermsField, TextField } from "../../dialogs/form/form-fields.tsx";
import { useFormValues } from "../../dialogs/form/use-form-values.ts";
import { openRegister } from "../../dialogs/store.ts";
import { FORM_PAGES } from "../../route-paths.ts";
import { serverContext } from "../../server-context.ts";
import { PageForm } from "../../components/page-form.tsx";
import { FormPageFrame, usePageForm } from "./form-page.tsx";

/**
 * Registration for phones without JavaScript (docs/design.md, Pages without JavaScript): the
 * register dialog's fields, the 18+ and Terms box among them, as a form the web tier handles
 * (POST /register, then on to /verify). Reached in the browser instead (no token), it opens the dialog.
 */
export function loader({ context }: LoaderFunctionArgs) {
  if (serverContext(context)?.user) throw redirect("/dashboard");
  return null;
}

export function RegisterPage(): JSX.Element {
  const { token, flash } = usePageForm();
  const kept = flash?.fields ?? {};
  const { bind } = useFormValues({ username: kept.username ?? "", email: kept.email ?? "", password: "", confirmPassword: "", country: String(LIVE_COUNTRY_ID) });
  const [accepted, setAccepted] = useState(kept.acceptTerms === "on");
  const error = flash?.message ? { message: flash.message } : null;
  // Every field's problem at once, beside it; the page opens on the first (decision 038).
  const problems = flash?.problems ?? {};
  const first = REGISTER_FIELDS.find((name) => problems[name] !== undefined);
  const said = (name: (typeof REGISTER_FIELDS)[number]) => ({ problem: problems[name], autoFocus: first === name });
  const password = { type: "password", autoComplete: "new-password" } as const;
  return (
    <FormPageFrame title="Create Your Free Account" description="Sign up free to compare the odds of Nigeria's bookmakers, on any phone.">
      {token ? (
        <>
          <PageForm action={FORM_PAGES.register}>
            <FormError id="register-error" error={error} />
            <TextField label="Username" autoComplete="username" {...bind("username")} {...said("username")} />
            <TextField label="Email" type="email" autoComplete="email" {...bind("email")} {...said("email")} />
            <TextField label="Password" {...bind("password")} {...password} {...said("password")} />
            <TextField label="Confirm Password" {...bind("confirmPassword")} {...password} {...said("confirmPassword")} />
            <CountryField {...bind("country")} problem={problems.country} />
            <TermsField checked={accepted} onChange={setAccepted} {...said("acceptTerms")} />
            <SubmitButton running={false}>Register</SubmitButton>
          </PageForm>
          <p className="has-text-centered mt-4">
            Already have an account? <Link to={FORM_PAGES.login}>Log in</Link>
          </p>
        </>
      ) : (
        <button type="button" className="button is-warning" onClick={openRegister}>
          Sign up free
        </button>
      )}
    </FormPageFrame>
  );
}
