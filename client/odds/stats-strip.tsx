import type { OddsSummary } from "#shared/contract.ts";
import { formatCount } from "#shared/format.ts";

/** Dashboard header counts (docs/product.md, Dashboard), with en-NG thousands separators. */
export function StatsStrip({ summary }: { summary: OddsSummary }) {
  const stats = [
    ["Games", summary.numEvents],
    ["Betting Sites", summary.numBookmakers],
    ["Markets", summary.marketIds.length],
    ["Odds", summary.numOdds],
  ] as const;
  return (
    <section className="box" aria-label="Odds statistics">
      <dl className="columns is-mobile is-gapless has-text-centered">
        {stats.map(([label, value]) => (
          <div className="column" key={label}>
            <dt className="is-size-7">{label}</dt>
            <dd className="has-text-weight-bold is-size-5">{formatCount(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
