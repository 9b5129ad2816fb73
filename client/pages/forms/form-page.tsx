import type { JSX, ReactNode } from "react";
import type { FormFlash } from "../../server-context.ts";
import { useOptionalRootData, usePageFlash } from "../../session/root-data.ts";
import { PageMeta } from "../../components/page-meta.tsx";

/**
 * A form page's token (null where the app rendered the page: the dialogs serve instead) and what the
 * post before left for it, as the root's data carries them (client/session/root-data.ts).
 */
export function usePageForm(): { token: string | null; flash: FormFlash | null } {
  return { token: useOptionalRootData()?.form?.token ?? null, flash: usePageFlash() };
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
