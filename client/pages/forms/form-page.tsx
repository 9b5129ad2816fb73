import type { JSX, ReactNode } from "react";
import type { FormFlash } from "../../server-context.ts";
import { serverContext } from "../../server-context.ts";
import { PageMeta } from "../../components/page-meta.tsx";

/** What a form page's loader reads off the server: its form token (null in the browser, where dialogs serve instead) and the flash of the post before. */
export function formOf(context: unknown): { token: string | null; flash: FormFlash | null } {
  const form = serverContext(context)?.form;
  return { token: form?.token ?? null, flash: form?.flash ?? null };
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
