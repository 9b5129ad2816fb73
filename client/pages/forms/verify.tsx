import type { JSX } from "react";
import { Link, redirect, type LoaderFunctionArgs } from "react-router";
import { CodeField, FormError, FormStatus, SubmitButton, TextField } from "../../dialogs/form/form-fields.tsx";
import { useFormValues } from "../../dialogs/form/use-form-values.ts";
import { FORM_PAGES, FORM_POSTS } from "../../route-paths.ts";
import { serverContext } from "../../server-context.ts";
import { PageForm } from "../../components/page-form.tsx";
import { FormPageFrame, usePageForm } from "./form-page.tsx";

/**
 * E-mail verification for phones without JavaScript (docs/design.md, Pages without JavaScript):
 * the code mailed at registration (or at a login before verifying) as a form the web tier handles
 * (POST /verify signs the user in), and a second form for a new code (POST /verify/resend). The
 * address comes from the post before; reached without one, the page asks for it too.
 */
export function loader({ context }: LoaderFunctionArgs) {
  if (serverContext(context)?.user) throw redirect("/dashboard");
  return null;
}

export function VerifyPage(): JSX.Element {
  const { token, flash } = usePageForm();
  const known = flash?.fields.email ?? "";
  const { bind } = useFormValues({ email: known, code: "" });
  const hidden = { context: flash?.fields.context, next: flash?.next };
  return (
    <FormPageFrame title="Verify Your Email" description="Enter the code we e-mailed you to finish signing up.">
      {token ? (
        <>
          <PageForm action={FORM_PAGES.verify} hidden={known ? { ...hidden, email: known } : hidden}>
            <FormError id="verify-error" error={flash?.message ? { message: flash.message } : null} />
            <FormStatus message={flash?.status ?? null} />
            {known ? (
              <p className="mb-4">
                The code was sent to <strong>{known}</strong>.
              </p>
            ) : (
              <TextField label="Email" type="email" autoComplete="email" {...bind("email")} />
            )}
            <CodeField label="Verification Code" {...bind("code")} />
            <SubmitButton running={false}>Verify</SubmitButton>
          </PageForm>
          {known && (
            <PageForm action={FORM_POSTS.resend} hidden={{ ...hidden, email: known }}>
              <p className="has-text-centered mt-3">
                <button type="submit" className="button is-ghost dialog-link">
                  Resend code
                </button>
              </p>
            </PageForm>
          )}
        </>
      ) : (
        <p>
          <Link to="/">Back to AfriOdds</Link>
        </p>
      )}
    </FormPageFrame>
  );
}
