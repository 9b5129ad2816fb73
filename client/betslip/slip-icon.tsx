import type { JSX } from "react";

/** A ticket with lines: the betslip, in the icon set's style (client/components/icons.tsx, `.i`). */
export function SlipIcon(): JSX.Element {
  return (
    <svg className="i" aria-hidden="true" viewBox="0 0 24 24">
      <path d="M6 2h12v20l-3-2-3 2-3-2-3 2zM9 7h6M9 11h6M9 15h4" />
    </svg>
  );
}
