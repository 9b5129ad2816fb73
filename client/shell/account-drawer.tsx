import { useEffect, useRef, type JSX, type KeyboardEvent } from "react";
import { Link } from "react-router";
import { BellIcon, ClockIcon, CoinsIcon, HelpIcon, HomeIcon, LogoutIcon, MessageIcon, PercentIcon, StarIcon, TagIcon, UserIcon } from "../components/icons.tsx";

export interface AccountDrawerProps {
  id: string;
  username: string;
  /** Closes the drawer; the opener puts focus back on the account button. */
  onClose(): void;
  onLogout(): void;
}

const LINKS = [
  { to: "/dashboard", label: "Home", Icon: HomeIcon },
  // The whole board (docs/design.md, Board pages).
  { to: "/matches", label: "Today's matches", Icon: ClockIcon },
  { to: "/competitions", label: "Competitions", Icon: StarIcon },
  { to: "/betslip", label: "Betslip", Icon: CoinsIcon },
  { to: "/sure-bets", label: "Sure bets", Icon: PercentIcon },
  { to: "/value-bets", label: "Value bets", Icon: TagIcon },
  // What the bettor follows (docs/design.md, Alerts).
  { to: "/alerts", label: "Alerts", Icon: BellIcon },
  { to: "/profile", label: "Profile", Icon: UserIcon },
  { to: "/help", label: "Help", Icon: HelpIcon },
  { to: "/feedback", label: "Feedback", Icon: MessageIcon },
] as const;

/** Keeps Tab and Shift+Tab inside the open drawer (WAI-ARIA modal dialog pattern). */
function trapTab(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== "Tab") return;
  const focusable = event.currentTarget.querySelectorAll<HTMLElement>("a[href], button");
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last?.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first?.focus();
  }
}

/** The logged-in side menu (docs/product.md, Shell): Home, the bettor tools, Alerts, Profile, Help, Feedback and Logout. */
export function AccountDrawer({ id, username, onClose, onLogout }: AccountDrawerProps): JSX.Element {
  const firstLink = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    firstLink.current?.focus();
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [onClose]);

  return (
    <>
      <div className="drawer-backdrop" onClick={onClose} />
      <div
        id={id}
        className="drawer"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        onKeyDown={trapTab}
      >
        <div className="level is-mobile">
          <p id={`${id}-title`} className="has-text-weight-semibold">
            {username}
          </p>
          <button type="button" className="delete is-medium" aria-label="Close menu" onClick={onClose} />
        </div>
        <nav aria-label="Account">
          <ul>
            {LINKS.map(({ to, label, Icon }, index) => (
              <li key={to}>
                <Link to={to} onClick={onClose} ref={index === 0 ? firstLink : undefined}>
                  <Icon />
                  {label}
                </Link>
              </li>
            ))}
            <li>
              <button type="button" onClick={onLogout}>
                <LogoutIcon />
                Logout
              </button>
            </li>
          </ul>
        </nav>
      </div>
    </>
  );
}
