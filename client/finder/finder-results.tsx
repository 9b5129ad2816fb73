import type { OddsEvent } from "#shared/contract.ts";
import { ODDS_LOAD_FAILED_MESSAGE } from "#shared/messages.ts";
import { LoadFailed } from "../components/load-failed.tsx";
import type { CardClock } from "../odds/event-card.tsx";
import { ODDS_LOADING_MESSAGE, OddsResults, type OddsState } from "../odds/odds-results.tsx";
import { CompactList } from "./compact-list.tsx";
import { dayMatcher, NO_MATCHES_ON, type Day } from "./day-filter.ts";
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

export interface FinderResultsProps {
  view: DashboardView;
  day: Day;
  state: OddsState;
  market: number | null;
  /** The leagues in the summary's order: the list groups a day's matches by league in it. */
  leagueOrder: readonly number[];
  timeZone: string;
  now: number;
  clock?: CardClock;
}

/** The spec's cards and messages; a chosen day keeps only its kick-offs, and says so when none is left. */
function Cards({ day, state, market, timeZone, now, clock }: FinderResultsProps) {
  const odds = state.status === "ready" ? state.odds : null;
  if (day === "all" || market === null || !odds || !Array.isArray(odds.events)) {
    return <OddsResults state={state} market={market} timeZone={timeZone} now={now} clock={clock} />;
  }
  const onDay = dayMatcher(day, now, timeZone);
  const events = odds.events.filter((event) => onDay(event.date));
  if (!events.some((event) => hasPrices(event, market))) return <Status>{NO_MATCHES_ON[day]}</Status>;
  return <OddsResults state={{ status: "ready", odds: { ...odds, events } }} market={market} timeZone={timeZone} now={now} clock={clock} />;
}

function List({ day, state, market, leagueOrder, timeZone, now }: FinderResultsProps) {
  if (state.status === "loading") return <Status>{ODDS_LOADING_MESSAGE}</Status>;
  if (state.status === "error") {
    return <LoadFailed message={ODDS_LOAD_FAILED_MESSAGE} />;
  }
  const listed = state.status === "ready" && Array.isArray(state.odds?.events) ? state.odds.events : [];
  const onDay = dayMatcher(day, now, timeZone);
  const events = market === null ? [] : listed.filter((event) => onDay(event.date) && hasPrices(event, market));
  if (market === null || events.length === 0) return <Status>{day === "all" ? NO_LIST_MATCHES_MESSAGE : NO_MATCHES_ON[day]}</Status>;
  return <CompactList events={events} market={market} leagueOrder={leagueOrder} timeZone={timeZone} now={now} />;
}

/** The dashboard's matches in the chosen view, on the chosen day (docs/design.md, Finding a match on the dashboard), or the message for why there are none. */
export function FinderResults(props: FinderResultsProps) {
  return props.view === "list" ? <List {...props} /> : <Cards {...props} />;
}
