import type { JSX, ReactNode } from "react";
import { BackToDashboard } from "./back-to-dashboard.tsx";

/**
 * The shell every tool page shares (docs/design.md, Protected pages): the way back to the dashboard,
 * the page's heading, then its body, in one column no wider than a tablet.
 */
export function ToolPage({ title, children }: { title: ReactNode; children?: ReactNode }): JSX.Element {
  return (
    <section className="section px-3">
      <div className="container is-max-tablet">
        <p className="mb-3">
          <BackToDashboard />
        </p>
        <h1 className="title is-4 mb-2">{title}</h1>
        {children}
      </div>
    </section>
  );
}
