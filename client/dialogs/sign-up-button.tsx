import type { JSX } from "react";
import { Link } from "react-router";
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
    <button type="button" className={className} data-opens-dialog onClick={openRegister}>
      {children}
    </button>
  );
}
