import type { ValueBet } from "#shared/contract.ts";
import { formatOdds } from "#shared/format.ts";
import { selectionLabelOf } from "../match/market-names.ts";
import { BookmakerLinkOut } from "./bookmaker-link.tsx";
import { PriceAge } from "./price-age.tsx";
import { ToolEvent } from "./tool-event.tsx";
import { BoostedTag } from "./boosted-tag.tsx";

/** '+6.2%', '−0.6%' (a true minus sign), '0.0%': one decimal, as the API rounds it. */
export const formatEvPct = (evPct: number) => `${evPct > 0 ? "+" : evPct < 0 ? "\u2212" : ""}${Math.abs(evPct).toFixed(1)}%`;

export interface ValueBetItemProps {
  bet: ValueBet;
  /** The minute clock (kick-off labels) and the second clock (price ages). */
  now: number;
  ageNow: number;
  timeZone: string;
}

/**
 * One price above its fair value after the tax on winnings: the match and market, the selection at
 * its bookmaker, the price against the fair price, and the expected value after tax as the headline
 * with the value before tax in small print beneath (docs/design.md, Value bets; Tax on sure bets
 * and value bets).
 */
export function ValueBetItem({ bet, now, ageNow, timeZone }: ValueBetItemProps) {
  return (
    <li className="value-bet">
      <div className="tool-head">
        <ToolEvent event={bet.event} marketId={bet.marketId} now={now} timeZone={timeZone} />
        <p className="tool-figure">
          <span className="tool-figure-label">Value after tax</span>
          <strong className="tool-gain">{formatEvPct(bet.netEvPct)}</strong>
          <span className="tool-detail">{formatEvPct(bet.valuePct)} before tax</span>
        </p>
      </div>
      <p className="value-pick">
        <strong>{selectionLabelOf(bet.selectionTypeId)}</strong> at <BookmakerLinkOut link={bet.link} />{" "}
        <PriceAge at={bet.updatedAt} now={ageNow} />
      </p>
      <p className="value-prices">
        <span>
          Price <strong className="tool-price">{formatOdds(bet.value)}</strong>
          {bet.boosted && <BoostedTag />}
        </span>
        <span>
          Fair price <strong className="tool-price">{formatOdds(bet.fairPrice)}</strong>
        </span>
      </p>
    </li>
  );
}
