import type { HistorySeries, MarketHistory } from "#shared/contract.ts";
import { formatOdds, zonedFormatter } from "#shared/format.ts";
import { bookmakerName } from "#shared/reference.ts";
import { marketLabelOf, selectionLabelOf } from "./market-names.ts";
import { domainOf, PANEL, scaleFor, stepPath, type Domain } from "./chart-geometry.ts";

/**
 * A line per bookmaker: colour and dash both tell them apart (WCAG 1.4.1), every colour at least
 * 4.5:1 on white so a line also passes as text would.
 */
const LINES: Record<number, { colour: string; dash?: string }> = {
  1: { colour: "#1a7431" },
  2: { colour: "#1f4fa3", dash: "6 3" },
  3: { colour: "#b3261e", dash: "2 2" },
  4: { colour: "#8a4500", dash: "8 3 2 3" },
  5: { colour: "#5b2a86", dash: "4 2 1 2" },
};
const lineOf = (provider: number) => LINES[provider] ?? { colour: "#4a4a4a", dash: "1 2" };

const DAY_S = 24 * 3600;
type LabelStyle = "time" | "day" | "full";
const LABEL_OPTIONS: Record<LabelStyle, Intl.DateTimeFormatOptions> = {
  time: { hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
  day: { day: "numeric", month: "short" },
  full: { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
};
/** An epoch-seconds time in the viewer's zone (the root loader's, so hydration matches). */
function formatTime(t: number, style: LabelStyle, timeZone: string): string {
  return zonedFormatter(LABEL_OPTIONS[style], timeZone).format(new Date(t * 1000));
}

/** An axis label: '14:05' when the chart spans a day and a half or less, else '22 Nov'. */
export function timeLabel(t: number, spanS: number, timeZone: string): string {
  return formatTime(t, spanS <= 1.5 * DAY_S ? "time" : "day", timeZone);
}

function Axes({ domain, timeZone }: { domain: Domain; timeZone: string }) {
  const scale = scaleFor(domain);
  const span = domain.t1 - domain.t0;
  const times: Array<[number, "start" | "middle" | "end"]> = [
    [domain.t0, "start"],
    [domain.t0 + span / 2, "middle"],
    [domain.t1, "end"],
  ];
  return (
    <g className="chart-axes">
      {domain.ticks.map((tick) => (
        <g key={tick}>
          <line x1={PANEL.left} x2={PANEL.width - PANEL.right} y1={scale.y(tick)} y2={scale.y(tick)} />
          <text x={PANEL.left - 4} y={scale.y(tick) + 3} textAnchor="end">
            {formatOdds(tick)}
          </text>
        </g>
      ))}
      {times.map(([t, anchor]) => (
        <text key={anchor} x={scale.x(t)} y={PANEL.height - 5} textAnchor={anchor}>
          {timeLabel(t, span, timeZone)}
        </text>
      ))}
    </g>
  );
}

/** One selection's panel: each bookmaker's price as a step line, a dot at every change. */
function Panel({
  selectionTypeId,
  series,
  domain,
  end,
  timeZone,
}: {
  selectionTypeId: number;
  series: HistorySeries[];
  domain: Domain;
  end: number;
  timeZone: string;
}) {
  const scale = scaleFor(domain);
  const prices = series.flatMap((s) => s.points.map(([, p]) => p));
  const summary = `${selectionLabelOf(selectionTypeId)}: ${series.length} bookmaker${series.length === 1 ? "" : "s"}, prices between ${formatOdds(Math.min(...prices))} and ${formatOdds(Math.max(...prices))}, ${timeLabel(domain.t0, domain.t1 - domain.t0, timeZone)} to ${timeLabel(domain.t1, domain.t1 - domain.t0, timeZone)}`;
  return (
    <div className="chart-panel">
      <p className="chart-panel-title" aria-hidden="true">
        {selectionLabelOf(selectionTypeId)}
      </p>
      <svg viewBox={`0 0 ${PANEL.width} ${PANEL.height}`} role="img" aria-label={summary}>
        <Axes domain={domain} timeZone={timeZone} />
        {series.map((s) => {
          const line = lineOf(s.provider);
          return (
            <g
              key={s.provider}
              className="chart-line"
              data-provider={s.provider}
              stroke={line.colour}
              fill={line.colour}
            >
              <path d={stepPath(s.points, scale, end)} fill="none" strokeDasharray={line.dash} />
              {s.points.map(([t, p], i) => (
                <circle key={i} cx={scale.x(t)} cy={scale.y(p)} r={2.5} stroke="none" />
              ))}
            </g>
          );
        })}
      </svg>
    </div>
  );
}

function Legend({ providers }: { providers: number[] }) {
  return (
    <ul className="chart-legend" aria-hidden="true">
      {providers.map((provider) => {
        const line = lineOf(provider);
        return (
          <li key={provider}>
            <svg viewBox="0 0 24 8" className="chart-swatch">
              <line
                x1="0"
                x2="24"
                y1="4"
                y2="4"
                stroke={line.colour}
                strokeWidth="2"
                strokeDasharray={line.dash}
              />
            </svg>
            {bookmakerName(provider)}
          </li>
        );
      })}
    </ul>
  );
}

/** The chart's text alternative: every price each bookmaker offered, in order, for screen readers and text browsers. */
function HistoryTable({ history, timeZone }: { history: MarketHistory; timeZone: string }) {
  return (
    // A table ignores the 1 px width of .visually-hidden (it sizes to its content): the wrapper holds it.
    <div className="visually-hidden">
      <table>
        <caption>Price history of {marketLabelOf(history.marketId)}, oldest first</caption>
        <thead>
          <tr>
            <th scope="col">Bookmaker</th>
            <th scope="col">Selection</th>
            <th scope="col">Prices</th>
          </tr>
        </thead>
        <tbody>
          {history.series.map((s) => (
            <tr key={`${s.provider}:${s.selectionTypeId}`}>
              <th scope="row">{bookmakerName(s.provider)}</th>
              <td>{selectionLabelOf(s.selectionTypeId)}</td>
              <td>
                {s.points.map(([t, p]) => `${formatOdds(p)} (${formatTime(t, "full", timeZone)})`).join(", ")}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export interface PriceChartProps {
  history: MarketHistory;
  /** The market's selections in display order: one panel each. */
  selections: readonly number[];
  /** Epoch seconds the lines run to: when the prices shown were last known. */
  end: number;
  timeZone: string;
}

/**
 * The price history of one market (docs/design.md, Price history): server-rendered SVG, readable without
 * JavaScript; small multiples, one panel per selection sharing one time axis, one line per bookmaker.
 */
export function PriceChart({ history, selections, end, timeZone }: PriceChartProps) {
  const domain = domainOf(
    history.series.map((s) => s.points),
    end,
  );
  if (!domain) return <p className="chart-empty">No price history for this market yet.</p>;
  const providers = [...new Set(history.series.map((s) => s.provider))].sort((a, b) => a - b);
  const panels = selections
    .map((id) => ({
      id,
      series: history.series.filter((s) => s.selectionTypeId === id && s.points.length > 0),
    }))
    .filter((p) => p.series.length > 0);
  return (
    <div className="price-chart">
      <Legend providers={providers} />
      <div className="chart-panels">
        {panels.map(({ id, series }) => (
          <Panel
            key={id}
            selectionTypeId={id}
            series={series}
            domain={{ ...domain, ...priceRange(series) }}
            end={end}
            timeZone={timeZone}
          />
        ))}
      </div>
      <HistoryTable history={history} timeZone={timeZone} />
    </div>
  );
}

/** Each panel scales its prices to its own selection (a home price and an away price can be far apart); time is shared. */
function priceRange(series: HistorySeries[]): Pick<Domain, "low" | "high" | "ticks"> {
  const own = domainOf(
    series.map((s) => s.points),
    0,
  )!;
  return { low: own.low, high: own.high, ticks: own.ticks };
}
