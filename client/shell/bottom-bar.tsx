import type { JSX } from "react";
import { Link } from "react-router";
import { ChartIcon, HomeIcon } from "../components/icons.tsx";
import { useCurrentUser } from "../session/require-session.tsx";

/** Thumb-reach links on phones: Home, and for a signed-in user the dropping odds; hidden from the md breakpoint up (client/styles/_shell.scss). */
export function BottomBar({ home }: { home: string }): JSX.Element {
  const { user } = useCurrentUser();
  return (
    <nav className="bottom-bar" aria-label="Quick links">
      <Link to={home}>
        <HomeIcon />
        Home
      </Link>
      {user && (
        <Link to="/dropping">
          <ChartIcon />
          Dropping odds
        </Link>
      )}
    </nav>
  );
}
