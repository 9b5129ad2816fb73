import type { JSX } from "react";
import { Link } from "react-router";
import { DialogOpener } from "./dialog-opener.tsx";
import { openRegister } from "./store.ts";
import { useCurrentUser } from "../session/require-session.tsx";

interface SignUpButtonProps {
  className: string;
  /** The visitor's label, e.g. 'Get Started Free' (docs/product.md, Nigeria page). */
  children: string;
}

/**
 * Opens registration for a visitor; a signed-in user is not asked to sign up again but gets the
 * way to their dashboard (docs/product.md, Signed-in users are not asked to sign up).
 */
export function SignUpButton({ className, children }: SignUpButtonProps): JSX.Element {
  const { user } = useCurrentUser();
  if (user) {
    return (
      <Link className={className} to="/dashboard">
        Go to My Dashboard
      </Link>
    );
  }
  return (
    <DialogOpener page="register" className={className} open={openRegister}>
      {children}
    </DialogOpener>
  );
}
