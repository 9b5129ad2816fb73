import { useEffect, useId, useState, type JSX, type ReactNode } from "react";
import { Form, useSubmit } from "react-router";
import { COMPETITION_IDS, competitionName, isCompetitionId, isMarketId, MARKET_IDS, marketChoiceLabel } from "#shared/reference.ts";
import { useEarlyValue } from "../boot/use-early-value.ts";

/** A list's choice of league and market, each of them all when not chosen. */
export interface LeagueMarket {
  competition?: number | undefined;
  market?: number | undefined;
}

/** The choice in a page's URL (`?league=2&market=7`); an unknown or missing id means all. */
export function leagueMarketOf(url: string | URL): LeagueMarket {
  const params = new URL(url, "http://x").searchParams;
  const league = Number(params.get("league"));
  const market = Number(params.get("market"));
  return { competition: isCompetitionId(league) ? league : undefined, market: isMarketId(market) ? market : undefined };
}

/** Sends a filter field's form as it changes: the list follows each choice, kept in the URL, in place of the page (no new history entry). */
export function useApplyChoice(): (field: HTMLInputElement | HTMLSelectElement | null) => void {
  const submit = useSubmit();
  return (field) => {
    if (field?.form) void submit(field.form, { replace: true, preventScrollReset: true });
  };
}

export const ALL_LEAGUES_CHOICE = "All leagues";
export const ALL_MARKETS_CHOICE = "All markets";

interface ChoiceProps {
  label: string;
  name: string;
  all: string;
  ids: readonly number[];
  value: number | undefined;
  optionName: (id: number) => string;
}

function Choice({ label, name, all, ids, value, optionName }: ChoiceProps): JSX.Element {
  const id = useId();
  const apply = useApplyChoice();
  const shown = value === undefined ? "" : String(value);
  // A choice made while the page's code was on its way is sent once the app is up.
  const ref = useEarlyValue<HTMLSelectElement>(shown, () => apply(ref.current));
  return (
    <div className="field">
      <label className="label is-small" htmlFor={id}>
        {label}
      </label>
      <div className="control">
        <div className="select is-small is-fullwidth">
          <select
            ref={ref}
            id={id}
            name={name}
            defaultValue={shown}
            key={shown}
            onChange={(e) => apply(e.currentTarget)}
          >
            <option value="">{all}</option>
            {ids.map((option) => (
              <option key={option} value={option}>
                {optionName(option)}
              </option>
            ))}
          </select>
        </div>
      </div>
    </div>
  );
}

/**
 * A league and a market to narrow a list to (and a page's own `children` fields), as a plain GET form: it works before the app is up or
 * without JavaScript ('Show'), and with it each choice applies as it is made, kept in the URL.
 */
export function LeagueMarketFilter({ action, choice, children }: { action: string; choice: LeagueMarket; children?: ReactNode }): JSX.Element {
  // 'Show' is for a page without its code; once the app is up a choice applies by itself.
  const [up, setUp] = useState(false);
  useEffect(() => setUp(true), []);
  return (
    <Form method="get" action={action} className="list-filters" aria-label="Filter">
      <Choice label="League" name="league" all={ALL_LEAGUES_CHOICE} ids={COMPETITION_IDS} value={choice.competition} optionName={competitionName} />
      <Choice label="Market" name="market" all={ALL_MARKETS_CHOICE} ids={MARKET_IDS} value={choice.market} optionName={marketChoiceLabel} />
      {children}
      <button type="submit" className={up ? "is-hidden" : "button is-small list-filters-show"}>
        Show
      </button>
    </Form>
  );
}
