import { usePricesStale } from "../live/link-status.ts";
import { StaleIcon } from "../odds/flag-icons.tsx";
import { formatUpdatedAgo } from "#shared/format.ts";

/**
 * How old a price is ('Updated 2 min ago'), ticking with `now`: sure and value bets vanish fast
 * (docs/design.md, Sure bets). Marked stale, in words, once the link has been down past the stale
 * threshold (docs/design.md, When prices stop).
 */
export function PriceAge({ at, now }: { at: string; now: number }) {
  const linkStale = usePricesStale();
  const time = Date.parse(at);
  if (!Number.isFinite(time)) return null;
  return (
    <>
      <time className="tool-age" dateTime={at}>
        {formatUpdatedAgo(time, now)}
      </time>
      {linkStale && (
        <span className="tool-stale">
          {" "}
          <StaleIcon /> not updating
        </span>
      )}
    </>
  );
}
