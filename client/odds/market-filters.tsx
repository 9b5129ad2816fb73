import { useId } from "react";
import { competitionName, marketLabel } from "#shared/reference.ts";

interface ChoiceProps {
  label: string;
  ids: readonly number[];
  value: number | null;
  name: (id: number) => string;
  onChange(id: number): void;
}

function Choice({ label, ids, value, name, onChange }: ChoiceProps) {
  const id = useId();
  return (
    <div className="column field mb-0">
      <label className="label" htmlFor={id}>
        {label}
      </label>
      <div className="control">
        <div className="select is-fullwidth">
          <select id={id} value={value ?? ""} onChange={(e) => onChange(Number(e.target.value))}>
            {ids.map((option) => (
              <option key={option} value={option}>
                {name(option)}
              </option>
            ))}
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
}

/** The dashboard's two dropdowns, stacked on phones and side by side from tablet width. */
export function MarketFilters({
  competitionIds,
  marketIds,
  league,
  market,
  onLeague,
  onMarket,
}: MarketFiltersProps) {
  return (
    <div className="columns">
      <Choice
        label="Select League"
        ids={competitionIds}
        value={league}
        name={competitionName}
        onChange={onLeague}
      />
      <Choice label="Select Market" ids={marketIds} value={market} name={marketLabel} onChange={onMarket} />
    </div>
  );
}
