import type { JSX } from "react";
import { useLocation } from "react-router";
import { UPSTREAM_UNAVAILABLE_MESSAGE } from "#shared/messages.ts";

/**
 * A protected page whose session could not be checked because the odds service is down
 * (docs/design.md, API outages; decision 011). The user is not logged out: their cookies stay, and trying
 * again later finds them signed in. A plain link, so it works before hydration too.
 */
export function SessionUnavailable(): JSX.Element {
  const { pathname, search } = useLocation();
  return (
    <section className="section">
      <div className="notification is-warning" role="alert">
        <p className="has-text-weight-semibold">Service unavailable</p>
        <p>{UPSTREAM_UNAVAILABLE_MESSAGE}</p>
        <p>You are still signed in.</p>
      </div>
      <a className="button is-primary" href={`${pathname}${search}`}>
        Try again
      </a>
    </section>
  );
}
