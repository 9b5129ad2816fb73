import type { JSX } from "react";
import { Link } from "react-router";
import { ChartIcon, HomeIcon, PercentIcon, TagIcon } from "../components/icons.tsx";
import { useCurrentUser } from "../session/require-session.tsx";

/** Signed-in tools in thumb reach; the betslip is the top bar's badge. */
const TOOL_LINKS = [
  { to: "/dropping", label: "Dropping odds", Icon: ChartIcon },
  { to: "/sure-bets", label: "Sure bets", Icon: PercentIcon },
  { to: "/value-bets", label: "Value bets", Icon: TagIcon },
] as const;

/** Thumb-reach links on phones: Home, and for a signed-in user the bettor tools; hidden from the md breakpoint up (client/styles/_shell.scss). */
export function BottomBar({ home }: { home: string }): JSX.Element {
  const { user } = useCurrentUser();
  return (
    <nav className="bottom-bar" aria-label="Quick links">
      <Link to={home}>
        <HomeIcon />
        Home
      </Link>
      {user &&
        TOOL_LINKS.map(({ to, label, Icon }) => (
          <Link key={to} to={to}>
            <Icon />
            {label}
          </Link>
        ))}
    </nav>
  );
}
