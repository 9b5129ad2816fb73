import type { JSX, ReactNode } from "react";

export interface InfoCardProps {
  title: string;
  icon?: ReactNode;
  children: ReactNode;
  /** Heading level inside the page outline; 3 under a section's h2. */
  level?: 2 | 3;
}

/** A boxed block of copy with a heading: tiles, info cards, how-it-works steps. */
export function InfoCard({ title, icon, children, level = 3 }: InfoCardProps): JSX.Element {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <article className="box content mb-0">
      {icon && <span className="tile-icon">{icon}</span>}
      <Heading className="title is-5">{title}</Heading>
      {children}
    </article>
  );
}
