import { formatMargin, marginBadgeColour } from "#shared/format.ts";
import { useChanged } from "./use-changed.ts";

/** The 'Ov' column: the bookmaker's margin as a coloured tag, or '-' for an incomplete set; it flashes when it changes live. */
export function MarginCell({ margin }: { margin: number | null }) {
  const shown = margin === null || !Number.isFinite(margin) ? null : margin;
  const changed = useChanged(String(shown));
  if (shown === null) return <td>-</td>;
  return (
    <td>
      <span key={shown} className={`tag is-${marginBadgeColour(shown)}${changed ? " odds-flash" : ""}`}>
        {formatMargin(shown)}
      </span>
    </td>
  );
}

/**
 * The same margin for the bookmaker's row heading to show under the name on a screen under 320 px, where
 * the 'Ov' column gives its room to the prices (docs/design.md, Small screens). Generated content, not
 * words: the column's own cell, clipped to nothing there, stays what a screen reader reads.
 */
export function rowMarginAttributes(margin: number | null): { "data-margin"?: string; "data-margin-level"?: string } {
  if (margin === null || !Number.isFinite(margin)) return {};
  return { "data-margin": formatMargin(margin), "data-margin-level": marginBadgeColour(margin) };
}
