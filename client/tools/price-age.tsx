import { formatUpdatedAgo } from "../odds/freshness.ts";

/** How old a price is ('Updated 2 min ago'), ticking with `now`: sure and value bets vanish fast (docs/design.md, Sure bets). */
export function PriceAge({ at, now }: { at: string; now: number }) {
  const time = Date.parse(at);
  if (!Number.isFinite(time)) return null;
  return (
    <time className="tool-age" dateTime={at}>
      {formatUpdatedAgo(time, now)}
    </time>
  );
}
