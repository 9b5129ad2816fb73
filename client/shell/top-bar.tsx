import { useCallback, useRef, useState, type JSX } from "react";
import { Link, useNavigate } from "react-router";
import { api } from "../backend/endpoints.ts";
import { UserIcon } from "../components/icons.tsx";
import { failureMessage } from "../dialogs/failure-message.ts";
import { useDialogs } from "../dialogs/store.ts";
import { useCurrentUser } from "../session/require-session.tsx";
import { useSession } from "../session/store.ts";
import { AccountDrawer } from "./account-drawer.tsx";

const DRAWER_ID = "account-menu";

/** Brand and the Login button, or the account button and its drawer when logged in (spec section 2). */
export function TopBar(): JSX.Element {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const [logoutError, setLogoutError] = useState<string | null>(null);
  const accountButton = useRef<HTMLButtonElement>(null);

  const closeMenu = useCallback(() => {
    setMenuOpen(false);
    accountButton.current?.focus();
  }, []);

  /**
   * Signed out only once the web tier says so: while the odds service is down the session would
   * outlive a local "logout" (docs/decisions/011-logout-needs-the-api.md), so the user stays signed
   * in, is told why, and can try again.
   */
  async function logout() {
    setMenuOpen(false);
    setLogoutError(null);
    try {
      await api.logout();
    } catch (error) {
      setLogoutError(failureMessage("logout", error));
      return;
    }
    useSession.getState().clear();
    navigate("/");
  }

  return (
    <>
      <header className="top-bar">
        <Link className="brand" to={user ? "/dashboard" : "/"}>
          AfriOdds
        </Link>
        {user ? (
          <button
            ref={accountButton}
            type="button"
            className="button is-light"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            aria-controls={menuOpen ? DRAWER_ID : undefined}
            onClick={() => setMenuOpen(true)}
          >
            <UserIcon />
            <span className="ml-2">Account</span>
          </button>
        ) : (
          <button
            type="button"
            className="button is-light"
            aria-haspopup="dialog"
            onClick={() => useDialogs.getState().show("login")}
          >
            Login
          </button>
        )}
      </header>
      {logoutError && (
        <div className="notification is-danger mb-0" role="alert">
          <button type="button" className="delete" aria-label="Dismiss" onClick={() => setLogoutError(null)} />
          {logoutError}
        </div>
      )}
      {/* Outside the sticky header, whose stacking context would put the bottom bar above the drawer. */}
      {user && menuOpen && (
        <AccountDrawer
          id={DRAWER_ID}
          username={user.username}
          onClose={closeMenu}
          onLogout={() => void logout()}
        />
      )}
    </>
  );
}
