import type { JSX, ReactNode } from "react";
import { Outlet } from "react-router";
import { DialogHost } from "../dialogs/dialog-host.tsx";
import { LinkBar } from "./link-bar.tsx";
import { useCurrentUser } from "../session/require-session.tsx";
import { BottomBar } from "./bottom-bar.tsx";
import { SiteFooter } from "./site-footer.tsx";
import { TopBar } from "./top-bar.tsx";
import { useShellEffects } from "./use-shell-effects.ts";

/** The root route's frame around every page (docs/product.md, Shell). */
export function Layout(): JSX.Element {
  return (
    <Frame>
      <Outlet />
    </Frame>
  );
}

/**
 * The shell: top bar, main, footer, bottom bar and dialogs. The error screen wears it too (the top
 * bar is always present: docs/product.md, Accessibility).
 */
export function Frame({ children, mainClassName }: { children: ReactNode; mainClassName?: string }): JSX.Element {
  useShellEffects();
  const { user } = useCurrentUser();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <TopBar />
      <LinkBar />
      <main id="main" className={mainClassName} tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
      <BottomBar home={user ? "/dashboard" : "/"} />
      <DialogHost />
    </>
  );
}
