import type { JSX } from "react";

/** A list with a tick before each item; the tick is drawn in CSS (`.check-list`), not repeated as markup. */
export function CheckList({ items }: { items: readonly string[] }): JSX.Element {
  return (
    <ul className="check-list">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}
