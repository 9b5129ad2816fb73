import { useCallback, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { api } from "../backend/endpoints.ts";
import { failureMessage } from "../dialogs/form/failure-message.ts";
import { useSession } from "../session/store.ts";

/** The account drawer's open state, the button focus returns to, and logging out from it. */
export function useAccountMenu() {
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const [logoutError, setLogoutError] = useState<string | null>(null);
  const accountButton = useRef<HTMLAnchorElement>(null);

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

  return {
    menuOpen,
    openMenu: () => setMenuOpen(true),
    closeMenu,
    accountButton,
    logout,
    logoutError,
    dismissLogoutError: () => setLogoutError(null),
  };
}
