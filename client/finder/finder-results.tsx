import type { OddsEvent } from "#shared/contract.ts";
import { ODDS_LOAD_FAILED_MESSAGE } from "#shared/messages.ts";
import { LoadFailed } from "../components/load-failed.tsx";
import type { CardClock } from "../odds/event-card.tsx";
import { ODDS_LOADING_MESSAGE, OddsResults, type OddsState } from "../odds/odds-results.tsx";
import { CompactList } from "./compact-list.tsx";
import { formatKickoff, formatTimeZone } from "#shared/format.ts";
import { dayMatcher, dayOf, NO_MATCHES_ON, type Day } from "./day-filter.ts";
import type { DashboardView } from "./view-choice.ts";

export const NO_LIST_MATCHES_MESSAGE = "No matches found for the selected market.";

function Status({ children }: { children: string }) {
  return (
    <p className="has-text-centered py-5" role="status">
      {children}
    </p>
  );
}

const hasPrices = (event: OddsEvent, market: number) => event.markets.some((m) => m.marketId === market && m.odds.length > 0);

/** What to show for a day: the filter it is ('Show tomorrow'). */
const SHOW_DAY: Record<Day, string> = { today: "Show today", tomorrow: "Show tomorrow", weekend: "Show the weekend", all: "Show every day" };

/**
 * A chosen day without a match says so, then when the next one kicks off, with a tap to the day
 * that holds it (docs/design.md, Finding a match on the dashboard).
 */
function NoMatchesOn({ day, events, market, timeZone, now, onDay }: { day: Exclude<Day, "all">; events: readonly OddsEvent[]; market: number; timeZone: string; now: number; onDay?: ((day: Day) => void) | undefined }) {
  const next = events
    .filter((event) => hasPrices(event, market) && Date.parse(event.date) > now)
    .sort((a, b) => Date.parse(a.date) - Date.parse(b.date))[0];
  if (!next) return <Status>{NO_MATCHES_ON[day]}</Status>;
  const holds = dayOf(next.date, now, timeZone);
  return (
    <div className="has-text-centered py-5" role="status">
      <p>
        {NO_MATCHES_ON[day]} The next kick-off is {formatKickoff(next.date, new Date(now), timeZone)} ({next.name}).
      </p>
      {onDay && holds !== day && (
        <button type="button" className="button is-small is-link mt-2" onClick={() => onDay(holds)}>
          {SHOW_DAY[holds]}
        </button>
      )}
    </div>
  );
}

export interface FinderResultsProps {
  view: DashboardView;
  day: Day;
  state: OddsState;
  market: number | null;
  timeZone: string;
  now: number;
  clock?: CardClock;
  /** Chooses another day: an empty day offers the one with the next kick-off. */
  onDay?(day: Day): void;
}

/** The spec's cards and messages; a chosen day keeps only its kick-offs, and says so when none is left. */
function Cards({ day, state, market, timeZone, now, clock, onDay }: FinderResultsProps) {
  const odds = state.status === "ready" ? state.odds : null;
  if (day === "all" || market === null || !odds || !Array.isArray(odds.events)) {
    return <OddsResults state={state} market={market} timeZone={timeZone} now={now} clock={clock} />;
  }
  const isOnDay = dayMatcher(day, now, timeZone);
  const events = odds.events.filter((event) => isOnDay(event.date));
  if (!events.some((event) => hasPrices(event, market))) return <NoMatchesOn day={day} events={odds.events} market={market} timeZone={timeZone} now={now} onDay={onDay} />;
  return <OddsResults state={{ status: "ready", odds: { ...odds, events } }} market={market} timeZone={timeZone} now={now} clock={clock} />;
}

function List({ day, state, market, timeZone, now, onDay }: FinderResultsProps) {
  if (state.status === "loading") return <Status>{ODDS_LOADING_MESSAGE}</Status>;
  if (state.status === "error") {
    return <LoadFailed message={ODDS_LOAD_FAILED_MESSAGE} />;
  }
  const listed = state.status === "ready" && Array.isArray(state.odds?.events) ? state.odds.events : [];
  const isOnDay = dayMatcher(day, now, timeZone);
  const events = market === null ? [] : listed.filter((event) => isOnDay(event.date) && hasPrices(event, market));
  if (market === null || events.length === 0) {
    if (day === "all" || market === null) return <Status>{day === "all" ? NO_LIST_MATCHES_MESSAGE : NO_MATCHES_ON[day]}</Status>;
    return <NoMatchesOn day={day} events={listed} market={market} timeZone={timeZone} now={now} onDay={onDay} />;
  }
  return <CompactList events={events} market={market} timeZone={timeZone} now={now} />;
}

/**
 * The dashboard's matches in the chosen view, on the chosen day, or the message for why there are
 * none (docs/design.md, Finding a match on the dashboard); then the zone their kick-offs are in.
 */
export function FinderResults(props: FinderResultsProps) {
  return (
    <>
      {props.view === "list" ? <List {...props} /> : <Cards {...props} />}
      <p className="zone-note">{`Kick-off times are in ${formatTimeZone(props.timeZone, new Date(props.now))}.`}</p>
    </>
  );
}
