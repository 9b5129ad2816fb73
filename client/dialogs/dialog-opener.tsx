import type { JSX, KeyboardEvent, MouseEvent } from "react";
import { FORM_PAGES } from "../route-paths.ts";

interface DialogOpenerProps {
  /** The form page it stands for: the dialog with JavaScript, the page without it. */
  page: "login" | "register";
  open(): void;
  className: string;
  children: string;
}

/**
 * A button that opens the login or register dialog, written as a link to the matching form page
 * (docs/design.md, Pages without JavaScript): without JavaScript, or tapped in Opera Mini, it is
 * that page; with it, the tap opens the dialog instead. A tap before the app starts is held and
 * replayed like a button's (server/render/early-taps.ts).
 */
export function DialogOpener({ page, open, className, children }: DialogOpenerProps): JSX.Element {
  return (
    <a href={FORM_PAGES[page]} role="button" className={className} aria-haspopup="dialog" data-opens-dialog {...pressHandlers(open)}>
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
