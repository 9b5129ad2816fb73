import type { JSX } from "react";
import { Outlet } from "react-router";
import { DialogHost } from "../dialogs/dialog-host.tsx";
import { useCurrentUser } from "../session/require-session.tsx";
import { BottomBar } from "./bottom-bar.tsx";
import { SiteFooter } from "./site-footer.tsx";
import { TopBar } from "./top-bar.tsx";
import { useShellEffects } from "./use-shell-effects.ts";

/** The root route's frame around every page (spec section 2, Shell). */
export function Layout(): JSX.Element {
  useShellEffects();
  const { user } = useCurrentUser();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <TopBar />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <BottomBar home={user ? "/dashboard" : "/"} />
      <DialogHost />
    </>
  );
}
