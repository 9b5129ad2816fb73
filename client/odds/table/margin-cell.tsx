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
