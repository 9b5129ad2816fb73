import { useEffect, useRef, type ReactNode } from "react";
import { Navigate, useLocation, useRevalidator } from "react-router";
import { signInFor } from "../route-paths.ts";
import { useOptionalRootData } from "./root-data.ts";
import { SessionUnavailable } from "./session-unavailable.tsx";
import { useSession } from "./store.ts";

/** The signed-in user as this render knows it: the server's until the browser's start-up check ends. */
export function useCurrentUser() {
  const { user, loading, unavailable } = useSession();
  const root = useOptionalRootData();
  return {
    user: loading ? (user ?? root?.user ?? null) : user,
    loading,
    // The server's verdict until the browser's own check ends.
    unavailable: loading ? Boolean(root?.sessionUnavailable) : unavailable,
  };
}

/**
 * Protected pages (docs/product.md, Route table): 'Loading...' while the session check runs, then the page
 * for a signed-in user, or home for a visitor, where sign-in opens and then returns to this page
 * (docs/product.md, Shared links). The server already answered 302 for a visitor without
 * cookies and rendered the page for a signed-in one. A session nobody could check (the odds service is
 * down) is not a visitor's: it gets the 'service unavailable' notice, no redirect.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { user, loading, unavailable } = useCurrentUser();
  const { pathname, search } = useLocation();
  const signedOut = useSession((state) => state.signedOut);
  useReloadWhenBack(user !== null && !loading && !unavailable);
  // Before the user: a page whose session could not be checked has no data to show (its loader
  // loaded nothing), so the outage is said in the shell, never an empty page (docs/design.md, API outages).
  if (unavailable) return <SessionUnavailable />;
  if (user) return <>{children}</>;
  if (loading) {
    return (
      <section className="section">
        <p className="has-text-centered" role="status">
          Loading...
        </p>
      </section>
    );
  }
  // A logout leaves for home; only a visitor who came signed out is asked to sign in for this page.
  return <Navigate to={signedOut ? "/" : signInFor(`${pathname}${search}`)} replace />;
}

/**
 * The server rendered the outage (its loaders loaded nothing) but the browser's own check then
 * found the session good: load the page's data once, rather than show it empty.
 */
function useReloadWhenBack(checkedFine: boolean): void {
  const root = useOptionalRootData();
  const { revalidate } = useRevalidator();
  const done = useRef(false);
  useEffect(() => {
    if (!root?.sessionUnavailable || !checkedFine || done.current) return;
    done.current = true;
    void revalidate();
  }, [root?.sessionUnavailable, checkedFine, revalidate]);
}
