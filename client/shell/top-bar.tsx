import { useCallback, useRef, useState, type JSX } from "react";
import { Link, useNavigate } from "react-router";
import { api } from "../backend/endpoints.ts";
import { UserIcon } from "../components/icons.tsx";
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
  const accountButton = useRef<HTMLButtonElement>(null);

  const closeMenu = useCallback(() => {
    setMenuOpen(false);
    accountButton.current?.focus();
  }, []);

  async function logout() {
    setMenuOpen(false);
    await api.logout().catch(() => {});
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
