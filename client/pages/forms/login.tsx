import type { JSX } from "react";
import { Link, redirect, useLoaderData, type LoaderFunctionArgs } from "react-router";
import { CodeField, FormError, SubmitButton, TextField } from "../../dialogs/form/form-fields.tsx";
import { useFormValues } from "../../dialogs/form/use-form-values.ts";
import { useDialogs } from "../../dialogs/store.ts";
import { FORM_PAGES, NEXT_PARAM, returnPath } from "../../route-paths.ts";
import { serverContext } from "../../server-context.ts";
import { PageForm } from "../../components/page-form.tsx";
import { FormPageFrame, usePageForm } from "./form-page.tsx";

/**
 * The sign-in page for phones without JavaScript (docs/design.md, Pages without JavaScript): the
 * login dialog's fields as a form the web tier handles (POST /login, then a redirect). Rendered
 * by the server, with the form's CSRF token and the message of a refused post. Reached in the
 * browser instead (no token), it opens the dialog.
 */
export function loader({ context, request }: LoaderFunctionArgs) {
  const server = serverContext(context);
  const next = server?.form?.flash?.next ?? returnPath(new URL(request.url).searchParams.get(NEXT_PARAM));
  if (server?.user) throw redirect(next ?? "/dashboard");
  return { next };
}

export function LoginPage(): JSX.Element {
  const { next } = useLoaderData<typeof loader>();
  const { token, flash } = usePageForm();
  const { bind } = useFormValues({ username: flash?.fields.username ?? "", password: "", code: "" });
  const error = flash?.message ? { message: flash.message } : null;
  return (
    <FormPageFrame title="Log In" description="Log in to compare the odds of Nigeria's bookmakers, on any phone.">
      {token ? (
        <>
          <PageForm action={FORM_PAGES.login} hidden={{ next: next ?? undefined }}>
            <FormError id="login-error" error={error} />
            <TextField label="Username or email" autoComplete="username" {...bind("username")} />
            <TextField label="Password" type="password" autoComplete="current-password" {...bind("password")} />
            {flash?.locked && <CodeField label="Code from the e-mail" {...bind("code")} />}
            <SubmitButton running={false}>Log In</SubmitButton>
          </PageForm>
          <p className="has-text-centered mt-3">
            <Link to={FORM_PAGES.forgot}>Forgot password?</Link>
          </p>
          <p className="has-text-centered mt-2">
            No account yet? <Link to={FORM_PAGES.register}>Create your free account</Link>
          </p>
        </>
      ) : (
        <button type="button" className="button is-primary" onClick={() => useDialogs.getState().show("login")}>
          Log In
        </button>
      )}
    </FormPageFrame>
  );
}
