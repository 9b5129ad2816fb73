import { formatMargin, marginBadgeColour } from "#shared/format.ts";

/** The 'Ov' column: the bookmaker's margin as a coloured tag, or '-' for an incomplete set. */
export function MarginCell({ margin }: { margin: number | null }) {
  if (margin === null || !Number.isFinite(margin)) return <td>-</td>;
  return (
    <td>
      <span className={`tag is-${marginBadgeColour(margin)}`}>{formatMargin(margin)}</span>
    </td>
  );
}
