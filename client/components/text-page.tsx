import type { JSX, ReactNode } from "react";
import { Link } from "react-router";

export interface TextSection {
  title: string;
  body: ReactNode;
}

export interface TextPageProps {
  title: string;
  intro: ReactNode;
  sections: readonly TextSection[];
  /** Legal documents number their sections so they can be cited ("section 4"). */
  numbered?: boolean;
}

/** A long-form page (terms, privacy, responsible gambling): one h1, one h2 per section, a way home. */
export function TextPage({ title, intro, sections, numbered = false }: TextPageProps): JSX.Element {
  return (
    <article className="section">
      <div className="container content">
        <h1 className="title">{title}</h1>
        {intro}
        {sections.map((section, index) => (
          // Spaced here: in .content a section's heading is its first child and its text the last,
          // so Bulma's margins between blocks skip both.
          <section key={section.title} className="mt-5">
            <h2 className="title is-5">{numbered ? `${index + 1}. ${section.title}` : section.title}</h2>
            {section.body}
          </section>
        ))}
        <p className="mt-6">
          <Link className="button is-primary is-outlined" to="/">
            Back to Home
          </Link>
        </p>
      </div>
    </article>
  );
}
