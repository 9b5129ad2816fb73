import type { JSX } from "react";
import { Link } from "react-router";
import { HomeIcon } from "../components/icons.tsx";

/** Thumb-reach Home link on phones; hidden from the md breakpoint up (client/styles/_shell.scss). */
export function BottomBar({ home }: { home: string }): JSX.Element {
  return (
    <nav className="bottom-bar" aria-label="Quick links">
      <Link to={home}>
        <HomeIcon />
        Home
      </Link>
    </nav>
  );
}
