import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { api } from "../backend/endpoints.ts";
import { OPEN_LOGIN_EVENT, OPEN_REGISTER_EVENT, useDialogs } from "../dialogs/store.ts";
import { NEXT_PARAM, returnPath } from "../route-paths.ts";
import { useSession } from "../session/store.ts";
import { useTrackCameFrom } from "../components/came-from.ts";
import { useScrollMemory } from "./scroll-memory.ts";
import { rememberTimeZone } from "./time-zone-cookie.ts";

/** Start-up work of the app: session check, time-zone cookie, and the global dialog events (docs/product.md, Shell). */
function useStartup() {
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void useSession.getState().check();
    rememberTimeZone();
  }, []);

  useEffect(() => {
    const showLogin = () => useDialogs.getState().show("login");
    const showRegister = () => useDialogs.getState().show("register");
    window.addEventListener(OPEN_LOGIN_EVENT, showLogin);
    window.addEventListener(OPEN_REGISTER_EVENT, showRegister);
    return () => {
      window.removeEventListener(OPEN_LOGIN_EVENT, showLogin);
      window.removeEventListener(OPEN_REGISTER_EVENT, showRegister);
    };
  }, []);
}

/**
 * A shared link to a signed-in page brought a signed-out visitor home with `?next=` (docs/product.md,
 * Shared links): once the session check says nobody is signed in, the login dialog opens and
 * sign-in, sign-up or a reset leads back to the page. A signed-in user goes straight there.
 */
function useSignInForLink() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const { user, loading } = useSession();
  // Once per link: a sign-in on this page navigates by itself (dialogs/store.ts, afterSignIn).
  const handled = useRef<string | null>(null);
  useEffect(() => {
    const next = returnPath(new URLSearchParams(search).get(NEXT_PARAM));
    if (!next || loading || handled.current === search) return;
    handled.current = search;
    if (user) void navigate(next, { replace: true });
    else useDialogs.getState().signInFor(next);
  }, [search, loading, user, navigate]);
}

/** docs/product.md, Shell: every path change sends a page view (scrolling: scroll-memory.ts). */
function usePageViews() {
  const { pathname } = useLocation();
  const lastPath = useRef<string | null>(null);
  useEffect(() => {
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    api.track({ name: "page_view", path: pathname });
  }, [pathname]);
}

export function useShellEffects(): void {
  useStartup();
  usePageViews();
  useScrollMemory();
  useTrackCameFrom();
  useSignInForLink();
}
