import { useEffect, useRef, type JSX } from "react";
import type { SureBet, ToolMarket } from "#shared/contract.ts";
import { FilterSelect, LeagueMarketFilter, leagueMarketOf, useApplyChoice, type LeagueMarket } from "../league-market-filter.tsx";

/** The sure-bets page's choice, in its URL: `?league=1&market=2&min=1&boosted=no`. */
export interface SureBetChoice extends LeagueMarket {
  /** The least profit after tax shown, in percent (0: any). */
  minProfit: number;
  /** Leave out a sure bet that needs a price the bookmaker marks boosted (usually for small stakes only). */
  noBoosted: boolean;
}

/** The least-profit choices, in percent after tax. */
export const MIN_PROFIT_CHOICES = [0, 1, 2, 5] as const;

export function sureBetChoiceOf(url: string | URL): SureBetChoice {
  const params = new URL(url, "http://x").searchParams;
  const min = Number(params.get("min"));
  return {
    ...leagueMarketOf(url),
    minProfit: (MIN_PROFIT_CHOICES as readonly number[]).includes(min) ? min : 0,
    noBoosted: params.get("boosted") === "no",
  };
}

/** The sure bets the choice keeps, in the API's order. */
export function chosenSureBets(bets: readonly SureBet[], choice: SureBetChoice): SureBet[] {
  return bets.filter(
    (bet) =>
      (choice.competition === undefined || bet.event.competitionId === choice.competition) &&
      (choice.market === undefined || bet.marketId === choice.market) &&
      (choice.minProfit === 0 || bet.netProfitPct >= choice.minProfit) &&
      !(choice.noBoosted && bet.legs.some((leg) => leg.boosted)),
  );
}

/** One string per choice: the list starts again, as it is now, when it changes. */
export const choiceKey = (choice: SureBetChoice) => `${choice.competition ?? ""}:${choice.market ?? ""}:${choice.minProfit}:${choice.noBoosted}`;

const minProfitName = (min: number) => (min === 0 ? "Any profit" : `At least ${min}%`);

/**
 * League, market, least profit after tax and 'no boosted prices', as a GET form (client/tools/league-market-filter.tsx);
 * `markets`: the markets the board reads, as its answer lists them.
 */
export function SureBetFilters({ choice, markets }: { choice: SureBetChoice; markets?: readonly ToolMarket[] | undefined }): JSX.Element {
  const apply = useApplyChoice();
  // The box ticked before the app was up counts too (useEarlyValue's rule, for a checkbox).
  const boostedRef = useRef<HTMLInputElement>(null);
  const rendered = useRef(choice.noBoosted);
  useEffect(() => {
    if (boostedRef.current && boostedRef.current.checked !== rendered.current) apply(boostedRef.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, right after hydration, as useEarlyValue
  }, []);
  return (
    <LeagueMarketFilter action="/sure-bets" choice={choice} markets={markets}>
      <FilterSelect label="Profit after tax" name="min" value={String(choice.minProfit)} options={MIN_PROFIT_CHOICES.map((min) => [String(min), minProfitName(min)] as const)} />
      <label className="checkbox list-filters-check">
        <input ref={boostedRef} type="checkbox" name="boosted" value="no" defaultChecked={choice.noBoosted} key={String(choice.noBoosted)} onChange={(e) => apply(e.currentTarget)} /> No boosted prices
      </label>
    </LeagueMarketFilter>
  );
}
