import type { JSX } from "react";
import { redirect, useLoaderData, type LoaderFunctionArgs } from "react-router";
import { CodeField, FormError, SubmitButton, TextField } from "../dialogs/form/form-fields.tsx";
import { useFormValues } from "../dialogs/form/use-form-values.ts";
import { useDialogs } from "../dialogs/store.ts";
import { NEXT_PARAM, returnPath } from "../route-paths.ts";
import { serverContext } from "../server-context.ts";
import { PageMeta } from "../components/page-meta.tsx";

/** The hidden field of every form post (server/lite/form-token.ts). */
const FORM_TOKEN_FIELD = "_csrf";

/**
 * The sign-in page for phones without JavaScript (docs/design.md, Pages without JavaScript): the
 * login dialog's fields as a form the web tier handles (POST /login, then a redirect). Rendered
 * by the server, with the form's CSRF token and the message of a refused post. Reached in the
 * browser instead (no token), it opens the dialog.
 */
export function loader({ context, request }: LoaderFunctionArgs) {
  const server = serverContext(context);
  const next = server?.form?.loginFlash?.next ?? returnPath(new URL(request.url).searchParams.get(NEXT_PARAM));
  if (server?.user) throw redirect(next ?? "/dashboard");
  return { token: server?.form?.token ?? null, flash: server?.form?.loginFlash ?? null, next };
}

export function LoginPage(): JSX.Element {
  const { token, flash, next } = useLoaderData<typeof loader>();
  const { bind } = useFormValues({ username: flash?.username ?? "", password: "", code: "" });
  const error = flash ? { message: flash.message } : null;
  return (
    <section className="section">
      <PageMeta title="Log In" description="Log in to compare the odds of Nigeria's bookmakers, on any phone." />
      <div className="container">
        <h1 className="title is-4">Log In</h1>
        {token ? (
          <form method="post" action="/login" noValidate>
            <input type="hidden" name={FORM_TOKEN_FIELD} value={token} />
            {next && <input type="hidden" name="next" value={next} />}
            <FormError id="login-error" error={error} />
            <TextField label="Username or email" autoComplete="username" {...bind("username")} />
            <TextField label="Password" type="password" autoComplete="current-password" {...bind("password")} />
            {flash?.locked && <CodeField label="Code from the e-mail" {...bind("code")} />}
            <SubmitButton running={false}>Log In</SubmitButton>
          </form>
        ) : (
          <button type="button" className="button is-primary" onClick={() => useDialogs.getState().show("login")}>
            Log In
          </button>
        )}
      </div>
    </section>
  );
}
