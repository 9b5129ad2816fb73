import type { JSX } from "react";
import { Link } from "react-router";

/** The 404 message, shared by the catch-all route and the root error boundary. */
export function NotFoundContent(): JSX.Element {
  return (
    <section className="section has-text-centered">
      <p className="title is-1 has-text-grey">404</p>
      <h1 className="title">Page Not Found</h1>
      <p className="mb-5">
        Sorry, we couldn&apos;t find that page. It may have moved, or the link may be wrong.
      </p>
      <div className="buttons is-centered">
        <Link className="button is-primary" to="/">
          Go to Home
        </Link>
        <Link className="button" to="/nigeria">
          Compare Nigerian Odds
        </Link>
      </div>
    </section>
  );
}
