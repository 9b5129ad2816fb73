import { useId } from "react";
import type { SureBet } from "#shared/contract.ts";
import { formatOdds } from "#shared/format.ts";
import { marketLabelOf, selectionLabelOf } from "../../match/market-names.ts";
import { BookmakerLinkOut } from "../bookmaker-link.tsx";
import { BoostedTag } from "../boosted-tag.tsx";
import { PriceAge } from "../price-age.tsx";
import { StakeCalculator, type SplitTarget } from "./stake-calculator.tsx";
import { ToolEvent } from "../tool-event.tsx";

/** 'Profit 2.35%': two decimals, as the API rounds it. */
export const formatProfitPct = (profitPct: number) => `${profitPct.toFixed(2)}%`;

export interface SureBetCardProps {
  bet: SureBet;
  /** The minute clock (kick-off labels) and the second clock (price ages). */
  now: number;
  ageNow: number;
  timeZone: string;
  /** The calculator's bet and anchor in the page's URL, and the total asked there for it. */
  split: SplitTarget;
}

/**
 * One sure bet: the match and market, the profit after the tax on winnings (and before it, smaller:
 * docs/design.md, Tax on sure bets and value bets), each leg's best price with its bookmaker and age,
 * and the stake split.
 */
export function SureBetCard({ bet, now, ageNow, timeZone, split }: SureBetCardProps) {
  const headingId = useId();
  const what = `${bet.event.name}, ${marketLabelOf(bet.marketId)}`;
  return (
    <article className="box sure-bet" id={split.anchor} aria-labelledby={headingId}>
      <div className="tool-head">
        <ToolEvent event={bet.event} marketId={bet.marketId} now={now} timeZone={timeZone} id={headingId} />
        <p className="tool-figure">
          <span className="tool-figure-label">Profit after tax</span>
          <strong className="tool-gain">{formatProfitPct(bet.netProfitPct)}</strong>
          <span className="tool-detail">{formatProfitPct(bet.profitPct)} before tax</span>
        </p>
      </div>
      {/* On a 240 px phone the bookmaker column is wider than the card: the table scrolls, not the page. */}
      <div className="table-container">
        <table className="table is-narrow is-fullwidth tool-table">
          <caption className="visually-hidden">Best prices for {what}</caption>
          <thead>
            <tr>
              <th scope="col">Outcome</th>
              <th scope="col">Price</th>
              <th scope="col">Bookmaker</th>
            </tr>
          </thead>
          <tbody>
            {bet.legs.map((leg) => (
              <tr key={leg.selectionTypeId}>
                <th scope="row">{selectionLabelOf(leg.selectionTypeId)}</th>
                <td className="tool-price">
                  {formatOdds(leg.value)}
                  {leg.boosted && <BoostedTag />}
                </td>
                <td>
                  <BookmakerLinkOut link={leg.link} />
                  <PriceAge at={leg.updatedAt} now={ageNow} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <StakeCalculator legs={bet.legs} what={what} split={split} />
    </article>
  );
}
