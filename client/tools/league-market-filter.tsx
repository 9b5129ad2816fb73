import { useId, type JSX, type ReactNode } from "react";
import { Form, useSubmit } from "react-router";
import { COMPETITION_IDS, competitionName, isCompetitionId, isMarketId, MARKET_IDS, marketChoiceLabel } from "#shared/reference.ts";
import { useAppRunning } from "../boot/use-app-running.ts";
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

/** One select of a filter form: `options` as [value, words], the first shown when `value` is none of them. */
export function FilterSelect({ label, name, value, options }: { label: string; name: string; value: string; options: readonly (readonly [string, string])[] }): JSX.Element {
  const id = useId();
  const apply = useApplyChoice();
  // A choice made while the page's code was on its way is sent once the app is up.
  const ref = useEarlyValue<HTMLSelectElement>(value, () => apply(ref.current));
  return (
    <div className="field">
      <label className="label is-small" htmlFor={id}>
        {label}
      </label>
      <div className="control">
        <div className="select is-small is-fullwidth">
          <select ref={ref} id={id} name={name} defaultValue={value} key={value} onChange={(e) => apply(e.currentTarget)}>
            {options.map(([option, words]) => (
              <option key={option} value={option}>
                {words}
              </option>
            ))}
          </select>
        </div>
      </div>
    </div>
  );
}

/** 'All ...' (the empty value) then each id by its name. */
const idOptions = (all: string, ids: readonly number[], name: (id: number) => string): [string, string][] => [["", all], ...ids.map((id): [string, string] => [String(id), name(id)])];

/**
 * A league and a market to narrow a list to (and a page's own `children` fields), as a plain GET form: it works before the app is up or
 * without JavaScript ('Show'), and with it each choice applies as it is made, kept in the URL.
 */
export function LeagueMarketFilter({ action, choice, children }: { action: string; choice: LeagueMarket; children?: ReactNode }): JSX.Element {
  // 'Show' is for a page without its code; once the app is up a choice applies by itself.
  const up = useAppRunning();
  return (
    <Form method="get" action={action} className="list-filters" aria-label="Filter">
      <FilterSelect label="League" name="league" value={String(choice.competition ?? "")} options={idOptions(ALL_LEAGUES_CHOICE, COMPETITION_IDS, competitionName)} />
      <FilterSelect label="Market" name="market" value={String(choice.market ?? "")} options={idOptions(ALL_MARKETS_CHOICE, MARKET_IDS, marketChoiceLabel)} />
      {children}
      <button type="submit" className={up ? "is-hidden" : "button is-small list-filters-show"}>
        Show
      </button>
    </Form>
  );
}
