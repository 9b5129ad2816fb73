import { formatOdds } from "#shared/format.ts";
import type { MatchSelection } from "#shared/contract.ts";
import { FLAGS, hasFlag } from "#shared/reference.ts";
import { BoostedIcon, DecreasedIcon, IncreasedIcon } from "../odds/flag-icons.tsx";
import { flashWhen } from "../odds/table/flash.tsx";
import { useChanged } from "../odds/table/use-changed.ts";
import { movement } from "./market-stats.ts";

/** What a book that does not quote a selection shows in its place (docs/design.md, Book-only markets). */
export const NO_PRICE = "no price";

/** The mark of a price against its opening: the dashboard's arrows, named for what they compare here. */
export function Direction({ value, opening }: { value: number; opening: number }) {
  const way = movement(value, opening);
  if (way === "up") return <IncreasedIcon />;
  if (way === "down") return <DecreasedIcon />;
  return null;
}

/**
 * One bookmaker's price on the match page: the price (Best highlighted as on the dashboard), its
 * direction since the first price we saw from that bookmaker, and that price ('first seen 2.10': our
 * feeds give no opening price, so it is never called one; docs/product.md, Match page). A live change flashes.
 */
export function PriceCell({ selection }: { selection: MatchSelection | undefined }) {
  const signature = selection ? `${selection.value}:${selection.flags}` : "-";
  const changed = useChanged(signature);
  if (!selection) return <td className="match-no-price">{NO_PRICE}</td>;
  const { value, flags, opening } = selection;
  const best = hasFlag(flags, FLAGS.Best);
  const price = (
    <span className="match-price">
      {formatOdds(value)}
      {best && <span className="visually-hidden"> best odds</span>}
      <Direction value={value} opening={opening} />
      {hasFlag(flags, FLAGS.Boosted) && <BoostedIcon />}
    </span>
  );
  return (
    <td className={best ? "odds-best" : undefined}>
      {flashWhen(changed, signature, price)}
      <span className="match-opening">first seen {formatOdds(opening)}</span>
    </td>
  );
}
