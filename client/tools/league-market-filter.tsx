import { useId, type JSX, type ReactNode } from "react";
import { Form, useSubmit } from "react-router";
import type { ToolMarket } from "#shared/contract.ts";
import { MARKET_GROUPS, marketGroupName } from "#shared/market-groups.ts";
import { COMPETITION_IDS, competitionName, isCompetitionId, MARKET_IDS, marketChoiceLabel } from "#shared/reference.ts";
import { useAppRunning } from "../boot/use-app-running.ts";
import { useEarlyValue } from "../boot/use-early-value.ts";
import { marketLabelOf } from "../match/market-names.ts";
import { marketChoiceName } from "./tool-markets.ts";

/** A list's choice of league and market, each of them all when not chosen. */
export interface LeagueMarket {
  competition?: number | undefined;
  market?: number | undefined;
}

/**
 * The choice in a page's URL (`?league=2&market=7`); an unknown or missing league means all. A market
 * is any catalogue market's id (`?market=17`, 1st Half Over/Under 1.5), which the catalogue, not the
 * page, knows: the API answers one it does not know with a refusal.
 */
export function leagueMarketOf(url: string | URL): LeagueMarket {
  const params = new URL(url, "http://x").searchParams;
  const league = Number(params.get("league"));
  const market = params.get("market") ?? "";
  return { competition: isCompetitionId(league) ? league : undefined, market: /^[1-9][0-9]{0,6}$/.test(market) ? Number(market) : undefined };
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

type Option = readonly [value: string, words: string];
/** Options under a heading of their own (an optgroup). */
export interface OptionGroup {
  label: string;
  options: readonly Option[];
}

const optionList = (options: readonly Option[]) =>
  options.map(([option, words]) => (
    <option key={option} value={option}>
      {words}
    </option>
  ));

/** One select of a filter form: `options` as [value, words], then `groups` each under its heading; the first shown when `value` is none of them. */
export function FilterSelect({ label, name, value, options, groups = [] }: { label: string; name: string; value: string; options: readonly Option[]; groups?: readonly OptionGroup[] }): JSX.Element {
  const id = useId();
  const apply = useApplyChoice();
  // A choice made while the page's code was on its way is sent once the app is up.
  const ref = useEarlyValue<HTMLSelectElement>(value, () => apply(ref.current));
  // A new set of options (the answer's markets, once it arrives) shows the value chosen among them.
  const shape = `${value}|${options.length}|${groups.map((group) => group.options.length).join(",")}`;
  return (
    <div className="field">
      <label className="label is-small" htmlFor={id}>
        {label}
      </label>
      <div className="control">
        <div className="select is-small is-fullwidth">
          <select ref={ref} id={id} name={name} defaultValue={value} key={shape} onChange={(e) => apply(e.currentTarget)}>
            {optionList(options)}
            {groups.map((group) => (
              <optgroup key={group.label} label={group.label}>
                {optionList(group.options)}
              </optgroup>
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
 * The Market choice's options: 'All markets', then the answer's markets under their groups (Main,
 * Goals, Halves, Teams, Specials: docs/design.md, Market catalogue), or the eight while no answer
 * has listed them; a market chosen in the URL that the list lacks is offered too, by its name.
 */
function marketOptions(markets: readonly ToolMarket[] | undefined, chosen: number | undefined): { options: Option[]; groups: OptionGroup[] } {
  const listed: readonly number[] = markets ? markets.map((market) => market.marketId) : MARKET_IDS;
  const options: Option[] = [["", ALL_MARKETS_CHOICE]];
  if (chosen !== undefined && !listed.includes(chosen)) options.push([String(chosen), marketLabelOf(chosen)]);
  if (!markets) return { options: [...options, ...MARKET_IDS.map((id): Option => [String(id), marketChoiceLabel(id)])], groups: [] };
  const groups = MARKET_GROUPS.map((group) => ({
    label: marketGroupName(group),
    options: markets.filter((market) => market.group === group).map((market): Option => [String(market.marketId), marketChoiceName(market)]),
  }));
  return { options, groups: groups.filter((group) => group.options.length > 0) };
}

/**
 * A league and a market to narrow a list to (and a page's own `children` fields), as a plain GET form: it works before the app is up or
 * without JavaScript ('Show'), and with it each choice applies as it is made, kept in the URL. `markets`: the markets to offer, as a
 * tool's answer lists them, under their groups; the eight until one has.
 */
export function LeagueMarketFilter({ action, choice, markets, children }: { action: string; choice: LeagueMarket; markets?: readonly ToolMarket[] | undefined; children?: ReactNode }): JSX.Element {
  // 'Show' is for a page without its code; once the app is up a choice applies by itself.
  const up = useAppRunning();
  return (
    <Form method="get" action={action} className="list-filters" aria-label="Filter">
      <FilterSelect label="League" name="league" value={String(choice.competition ?? "")} options={idOptions(ALL_LEAGUES_CHOICE, COMPETITION_IDS, competitionName)} />
      <FilterSelect label="Market" name="market" value={String(choice.market ?? "")} {...marketOptions(markets, choice.market)} />
      {children}
      <button type="submit" className={up ? "is-hidden" : "button is-small list-filters-show"}>
        Show
      </button>
    </Form>
  );
}
