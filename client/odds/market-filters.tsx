import { useId } from "react";
import { useEarlyValue } from "../boot/use-early-value.ts";
import { competitionName, marketChoiceLabel } from "#shared/reference.ts";

interface ChoiceProps {
  label: string;
  /** The query parameter the form sends it as. */
  param: "league" | "market";
  ids: readonly number[];
  value: number | null;
  name: (id: number) => string;
  onChange(id: number): void;
  /** Shown instead of the choice, which is then disabled (the dashboard's list spans every league). */
  fixed?: string;
}

function Choice({ label, param, ids, value, name, onChange, fixed }: ChoiceProps) {
  const id = useId();
  const shown = fixed === undefined ? String(value ?? "") : "";
  // A league or market chosen while the page was still loading takes effect once the app is up.
  const selectRef = useEarlyValue<HTMLSelectElement>(shown, (chosen) => onChange(Number(chosen)));
  return (
    <div className="column field mb-0">
      <label className="label" htmlFor={id}>
        {label}
      </label>
      <div className="control">
        <div className="select is-fullwidth">
          <select ref={selectRef} id={id} name={param} value={shown} disabled={fixed !== undefined} onChange={(e) => onChange(Number(e.target.value))}>
            {fixed === undefined ? (
              ids.map((option) => (
                <option key={option} value={option}>
                  {name(option)}
                </option>
              ))
            ) : (
              <option value="">{fixed}</option>
            )}
          </select>
        </div>
      </div>
    </div>
  );
}

export interface MarketFiltersProps {
  competitionIds: readonly number[];
  marketIds: readonly number[];
  league: number | null;
  market: number | null;
  onLeague(id: number): void;
  onMarket(id: number): void;
  /** The list view spans every league: the league choice then reads 'All leagues' and is disabled. */
  allLeagues?: boolean;
  /** The page's other query parameters (view, day), which the form sends along unchanged. */
  keep?: Record<string, string>;
}

export const ALL_LEAGUES = "All leagues";

/**
 * The dashboard's two dropdowns, stacked on phones (each label beside its select) and side by side
 * from tablet width. They are a GET form of the dashboard: a choice applies at once with
 * JavaScript, and without it (docs/design.md, Pages without JavaScript) "Show odds" sends it.
 */
export function MarketFilters({
  competitionIds,
  marketIds,
  league,
  market,
  onLeague,
  onMarket,
  allLeagues = false,
  keep = {},
}: MarketFiltersProps) {
  return (
    <form method="get" action="/dashboard" className="columns market-filters" onSubmit={(event) => event.preventDefault()}>
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Choice
        label="Select League"
        param="league"
        ids={competitionIds}
        value={league}
        name={competitionName}
        onChange={onLeague}
        fixed={allLeagues ? ALL_LEAGUES : undefined}
      />
      <Choice label="Select Market" param="market" ids={marketIds} value={market} name={marketChoiceLabel} onChange={onMarket} />
      <div className="column is-narrow field mb-0 market-filters-submit">
        <button type="submit" className="button is-light">
          Show odds
        </button>
      </div>
    </form>
  );
}
