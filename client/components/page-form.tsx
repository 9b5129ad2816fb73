import type { FormEvent, JSX, ReactNode } from "react";
import { FORM_POSTS, FORM_TOKEN_FIELD } from "../route-paths.ts";
import { useOptionalRootData, usePageFlash } from "../session/root-data.ts";

interface PageFormProps {
  /** Where the web tier takes the post (client/route-paths.ts, FORM_POSTS). */
  action: string;
  hidden?: Record<string, string | undefined>;
  className?: string;
  /** What the app does instead, with JavaScript: the post is then never sent. Without it the form posts either way (the form pages). */
  onSubmit?(event: FormEvent<HTMLFormElement>): void;
  children: ReactNode;
}

/**
 * A form of a page that works both ways (docs/design.md, Pages without JavaScript): with JavaScript
 * `onSubmit` does the work and nothing is posted; without it the browser posts the form to the web
 * tier, with the form token the server rendered the page with.
 */
export function PageForm({ action, hidden = {}, className, onSubmit, children }: PageFormProps): JSX.Element {
  const token = useOptionalRootData()?.form?.token;
  return (
    <form
      method="post"
      action={action}
      className={className}
      noValidate
      onSubmit={
        onSubmit &&
        ((event) => {
          event.preventDefault();
          onSubmit(event);
        })
      }
    >
      {token && <input type="hidden" name={FORM_TOKEN_FIELD} value={token} />}
      {Object.entries(hidden).map(([name, value]) => value !== undefined && <input key={name} type="hidden" name={name} value={value} />)}
      {children}
    </form>
  );
}

/** What a page says after a form post made from it without JavaScript (server/lite/flash.ts). */
export function FlashNotice(): JSX.Element | null {
  const flash = usePageFlash();
  if (flash?.message) {
    return (
      <div className="notification is-danger is-light" role="alert">
        {flash.message}
      </div>
    );
  }
  if (flash?.status) {
    return (
      <div className="notification is-success is-light" role="status">
        {flash.status}
      </div>
    );
  }
  return null;
}

/**
 * The form the odds tables' selection buttons (client/betslip/slip-toggle.tsx) submit without
 * JavaScript: it adds the selection and comes back to `back`, this page with its query
 * (server/lite/betslip-forms.ts).
 */
export function SlipForm({ back, children }: { back: string; children: ReactNode }): JSX.Element {
  return (
    <PageForm action={FORM_POSTS.addToSlip} hidden={{ back }}>
      {children}
    </PageForm>
  );
}
