import type { JSX, KeyboardEvent, MouseEvent } from "react";
import { FORM_PAGES, NEXT_PARAM } from "../route-paths.ts";

interface DialogOpenerProps {
  /** The form page it stands for: the dialog with JavaScript, the page without it. */
  page: "login" | "register";
  open(): void;
  className: string;
  children: string;
  /** The signed-in page to go on to after signing in (client/route-paths.ts, returnPath), for the login page's link. */
  next?: string;
}

/**
 * A button that opens the login or register dialog, written as a link to the matching form page
 * (docs/design.md, Pages without JavaScript): without JavaScript, or tapped in Opera Mini, it is
 * that page; with it, the tap opens the dialog instead. A tap before the app starts is held and
 * replayed like a button's (server/render/early-taps.ts).
 */
export function DialogOpener({ page, open, className, children, next }: DialogOpenerProps): JSX.Element {
  const href = next ? `${FORM_PAGES[page]}?${NEXT_PARAM}=${encodeURIComponent(next)}` : FORM_PAGES[page];
  return (
    <a href={href} role="button" className={className} aria-haspopup="dialog" data-opens-dialog {...pressHandlers(open)}>
      {children}
    </a>
  );
}

/**
 * A link that acts as a button with JavaScript (role="button"): a tap or Enter runs `press` instead
 * of following it, and Space presses it too, as it does a button.
 */
export function pressHandlers(press: () => void) {
  return {
    onClick(event: MouseEvent) {
      event.preventDefault();
      press();
    },
    onKeyDown(event: KeyboardEvent) {
      if (event.key !== " ") return;
      event.preventDefault();
      press();
    },
  };
}
