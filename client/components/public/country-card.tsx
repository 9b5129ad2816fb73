import type { JSX } from "react";
import { Link } from "react-router";
import { CheckList } from "./check-list.tsx";

export interface CountryCardProps {
  country: string;
  /** The country page, e.g. "/nigeria". */
  to: string;
  bookmakers: readonly string[];
  /** Live countries link to their odds; the others wear 'Coming Soon' and a disabled 'Soon' button. */
  live: boolean;
}

export function CountryCard({ country, to, bookmakers, live }: CountryCardProps): JSX.Element {
  return (
    <article className="box card-panel mb-0">
      <h3 className="title is-4">
        {/* Underlined: beside the Coming Soon tag the heading reads as text, where colour alone would not mark the link. */}
        <Link to={to} className="is-underlined">
          {country}
        </Link>
        {!live && <span className="tag is-warning ml-2">Coming Soon</span>}
      </h3>
      <CheckList items={bookmakers} />
      <div className="buttons mt-4">
        {live ? (
          <Link className="button is-primary is-fullwidth" to={to}>
            Compare Odds Now
          </Link>
        ) : (
          <button type="button" className="button is-fullwidth" disabled>
            Soon
          </button>
        )}
      </div>
    </article>
  );
}
