import type { JSX, ReactNode } from "react";
import type { FormFlash } from "../../server-context.ts";
import { serverContext } from "../../server-context.ts";
import { PageMeta } from "../../components/page-meta.tsx";

/** The hidden field of every form post (server/lite/form-token.ts). */
const FORM_TOKEN_FIELD = "_csrf";

/** What a form page's loader reads off the server: its form token (null in the browser, where dialogs serve instead) and the flash of the post before. */
export function formOf(context: unknown): { token: string | null; flash: FormFlash | null } {
  const form = serverContext(context)?.form;
  return { token: form?.token ?? null, flash: form?.flash ?? null };
}

/** A form that posts to the web tier (docs/design.md, Pages without JavaScript), with its token and hidden fields. */
export function PostForm({ action, token, hidden = {}, children }: { action: string; token: string; hidden?: Record<string, string | undefined>; children: ReactNode }): JSX.Element {
  return (
    <form method="post" action={action} noValidate>
      <input type="hidden" name={FORM_TOKEN_FIELD} value={token} />
      {Object.entries(hidden).map(([name, value]) => value !== undefined && <input key={name} type="hidden" name={name} value={value} />)}
      {children}
    </form>
  );
}

/** A form page's frame: its title and description, and the heading. */
export function FormPageFrame({ title, description, children }: { title: string; description: string; children: ReactNode }): JSX.Element {
  return (
    <section className="section">
      <PageMeta title={title} description={description} />
      <div className="container form-page">
        <h1 className="title is-4">{title}</h1>
        {children}
      </div>
    </section>
  );
}
