import type { OddsEvent } from "#shared/contract.ts";
import { formatKickoff } from "#shared/format.ts";
import { competitionName, marketSelections, selectionLabel } from "#shared/reference.ts";
import { ListRow } from "./list-row.tsx";

/** Column headings short enough for a 48 px price column; each price also says its outcome to screen readers. */
const SHORT_OUTCOMES: ReadonlyMap<number, string> = new Map([
  [1, "1"],
  [2, "X"],
  [3, "2"],
]);

function outcomeHeading(selectionTypeId: number): string {
  const label = SHORT_OUTCOMES.get(selectionTypeId) ?? selectionLabel(selectionTypeId);
  return label.replace(/^(Over|Under) .*$/, "$1");
}

interface LeagueGroup {
  competitionId: number;
  rows: { event: OddsEvent; time: string }[];
}

interface DayGroup {
  day: string;
  leagues: LeagueGroup[];
}

/**
 * Events in kick-off order grouped by calendar day (as the cards name it: 'Today', 'Tomorrow',
 * 'Saturday 29th November'), then into runs of one league: a day reads in kick-off order (20:30
 * before 21:00 whatever their leagues), a league's heading starting each run.
 */
export function groupByDayAndLeague(events: readonly OddsEvent[], now: number, timeZone: string): DayGroup[] {
  const days: DayGroup[] = [];
  for (const event of events) {
    const [day = "-", time = ""] = formatKickoff(event.date, new Date(now), timeZone).split(" • ");
    let group = days.at(-1);
    if (group?.day !== day) days.push((group = { day, leagues: [] }));
    let league = group.leagues.at(-1);
    if (league?.competitionId !== event.competitionId) group.leagues.push((league = { competitionId: event.competitionId, rows: [] }));
    league.rows.push({ event, time });
  }
  return days;
}

export interface CompactListProps {
  /** The matches to list, in kick-off order, each with prices for `market`. */
  events: readonly OddsEvent[];
  market: number;
  timeZone: string;
  now: number;
}

/** The dashboard's list view (docs/design.md, Finding a match on the dashboard): one row per match, about eight to a phone screen. */
export function CompactList({ events, market, timeZone, now }: CompactListProps) {
  const headings = marketSelections(market).map(outcomeHeading);
  return (
    <div className="finder-list">
      {groupByDayAndLeague(events, now, timeZone).map(({ day, leagues }) => (
        <section key={day} className="finder-day">
          <h2 className="finder-day-title">{day}</h2>
          {leagues.map(({ competitionId, rows }, run) => (
            <section key={`${run}:${competitionId}`} className="finder-league">
              <div className="finder-league-head">
                <h3 className="finder-league-title">{competitionName(competitionId)}</h3>
                <span className="finder-prices" aria-hidden="true">
                  {headings.map((heading, i) => (
                    <span key={i} className="finder-price">
                      {heading}
                    </span>
                  ))}
                </span>
              </div>
              <ul className="finder-rows">
                {rows.map(({ event, time }) => (
                  <ListRow key={event.id} event={event} market={market} time={time} />
                ))}
              </ul>
            </section>
          ))}
        </section>
      ))}
    </div>
  );
}
