import type { JSX } from "react";
import { Link } from "react-router";
import { LITE_PATHS } from "../route-paths.ts";
import { useOptionalRootData } from "../session/root-data.ts";

const LINKS = [
  { to: "/about", label: "About Us" },
  { to: "/terms", label: "Terms of Service" },
  { to: "/privacy", label: "Privacy Policy" },
  { to: "/responsible-gambling", label: "Responsible Gambling" },
] as const;

export function SiteFooter(): JSX.Element {
  return (
    <footer className="footer site-footer">
      <nav aria-label="Footer">
        <ul>
          {LINKS.map(({ to, label }) => (
            <li key={to}>
              <Link to={to}>{label}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="has-text-centered is-size-7">
        AfriOdds is free and independent. 18+ only. Please gamble responsibly.
      </p>
      {/* Plain links, followed by the browser: the choice is the server's (a cookie), and a lite page has no app to route them. */}
      <p className="has-text-centered is-size-7 mt-2">
        {useOptionalRootData()?.lite ? <a href={LITE_PATHS.off}>Full site</a> : <a href={LITE_PATHS.on}>Lite version (saves data)</a>}
      </p>
    </footer>
  );
}
