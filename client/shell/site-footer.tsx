import type { JSX } from "react";
import { Link } from "react-router";

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
    </footer>
  );
}
