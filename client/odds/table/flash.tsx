import type { ReactNode } from "react";

/** A cell's content wrapped once in the span that flashes when it just changed; the key replays the animation on each change. */
export function flashWhen(changed: boolean, signature: string, content: ReactNode): ReactNode {
  return changed ? (
    <span key={signature} className="odds-flash">
      {content}
    </span>
  ) : (
    content
  );
}
