import type { ReactNode } from "react";
import { Navigate, useLocation, useRouteLoaderData } from "react-router";
import { signInFor } from "../route-paths.ts";
import type { RootData } from "../shell/root-loader.ts";
import { SessionUnavailable } from "./session-unavailable.tsx";
import { useSession } from "./store.ts";

/** The signed-in user as this render knows it: the server's until the browser's start-up check ends. */
export function useCurrentUser() {
  const { user, loading, unavailable } = useSession();
  const root = useRouteLoaderData("root") as RootData | undefined;
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
  if (user) return <>{children}</>;
  if (unavailable) return <SessionUnavailable />;
  if (loading) {
    return (
      <section className="section">
        <p className="has-text-centered" role="status">
          Loading...
        </p>
      </section>
    );
  }
  return <Navigate to={signInFor(`${pathname}${search}`)} replace />;
}
