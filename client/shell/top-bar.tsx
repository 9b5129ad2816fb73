import { lazy, Suspense, type JSX, type RefObject } from "react";
import { Link } from "react-router";
import { UserIcon } from "../components/icons.tsx";
import { DialogOpener, pressHandlers } from "../dialogs/dialog-opener.tsx";
import { useDialogs } from "../dialogs/store.ts";
import { useCurrentUser } from "../session/require-session.tsx";
import { AccountDrawer } from "./account-drawer.tsx";
import { useAccountMenu } from "./use-account-menu.ts";

const DRAWER_ID = "account-menu";

/** The betslip's badge and messages load for a signed-in user only: public pages ship none of them (docs/design.md, Page weight). */
const SignedInSlip = lazy(() => import("../betslip/signed-in.tsx").then((m) => ({ default: m.SignedInSlip })));
const BetslipNotice = lazy(() => import("../betslip/signed-in.tsx").then((m) => ({ default: m.BetslipNotice })));

/** The signed-in tools beside the account button on tablets and up; phones reach them from the bottom bar. */
const TOOL_LINKS = [
  // The whole board (docs/design.md, Board pages): from desktop width only, where five links fit beside the slip and account.
  { to: "/matches", label: "Today", hidden: "is-hidden-touch" },
  { to: "/competitions", label: "Competitions", hidden: "is-hidden-touch" },
  { to: "/dropping", label: "Dropping odds", hidden: "is-hidden-mobile" },
  { to: "/sure-bets", label: "Sure bets", hidden: "is-hidden-mobile" },
  { to: "/value-bets", label: "Value bets", hidden: "is-hidden-mobile" },
] as const;

/** Brand with Sign up and Login, or the tools, the betslip badge, and the account button and its drawer when logged in (docs/product.md, Shell). */
export function TopBar(): JSX.Element {
  const { user } = useCurrentUser();
  const menu = useAccountMenu();
  return (
    <>
      <header className="top-bar">
        <Link className="brand" to={user ? "/dashboard" : "/"}>
          AfriOdds
        </Link>
        {user ? (
          <div className="user-controls">
            {TOOL_LINKS.map(({ to, label, hidden }) => (
              <Link key={to} className={`top-bar-link ${hidden}`} to={to}>
                {label}
              </Link>
            ))}
            <Suspense fallback={null}>
              <SignedInSlip />
            </Suspense>
            <AccountButton buttonRef={menu.accountButton} expanded={menu.menuOpen} onClick={menu.openMenu} />
          </div>
        ) : (
          <VisitorButtons />
        )}
      </header>
      {menu.logoutError && <LogoutAlert message={menu.logoutError} onDismiss={menu.dismissLogoutError} />}
      {user && (
        <Suspense fallback={null}>
          <BetslipNotice />
        </Suspense>
      )}
      {/* Outside the sticky header, whose stacking context would put the bottom bar above the drawer. */}
      {user && menu.menuOpen && (
        <AccountDrawer
          id={DRAWER_ID}
          username={user.username}
          onClose={menu.closeMenu}
          onLogout={() => void menu.logout()}
        />
      )}
    </>
  );
}

interface AccountButtonProps {
  buttonRef: RefObject<HTMLAnchorElement | null>;
  expanded: boolean;
  onClick(): void;
}

/** Opens the account drawer; written as a link to the profile page, whose log-out form serves phones without JavaScript. */
function AccountButton({ buttonRef, expanded, onClick }: AccountButtonProps): JSX.Element {
  return (
    <a
      ref={buttonRef}
      href="/profile"
      role="button"
      className="button is-light"
      aria-haspopup="dialog"
      aria-expanded={expanded}
      aria-controls={expanded ? DRAWER_ID : undefined}
      {...pressHandlers(onClick)}
    >
      <UserIcon />
      <span className="ml-2 account-label">Account</span>
    </a>
  );
}

/** A visitor can sign up from every page, not only log in (docs/product.md, Sign up from every page). */
const VISITOR_BUTTONS = [
  { dialog: "register", label: "Sign up free", className: "button is-warning mb-0" },
  { dialog: "login", label: "Login", className: "button is-light mb-0" },
] as const;

function VisitorButtons(): JSX.Element {
  return (
    <div className="visitor-buttons">
      {VISITOR_BUTTONS.map(({ dialog, label, className }) => (
        <DialogOpener key={dialog} page={dialog} className={className} open={() => useDialogs.getState().show(dialog)}>
          {label}
        </DialogOpener>
      ))}
    </div>
  );
}

function LogoutAlert({ message, onDismiss }: { message: string; onDismiss(): void }): JSX.Element {
  return (
    <div className="notification is-danger mb-0" role="alert">
      <button type="button" className="delete" aria-label="Dismiss" onClick={onDismiss} />
      {message}
    </div>
  );
}
