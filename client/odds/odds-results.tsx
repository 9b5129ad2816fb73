import { ODDS_LOAD_FAILED_MESSAGE } from "#shared/messages.ts";
import { LoadFailed } from "../components/load-failed.tsx";
import { EventCard, type CardClock } from "./event-card.tsx";
import type { OddsEvent, OddsResponse } from "#shared/contract.ts";

export type OddsState =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "error" }
  | { status: "ready"; odds: OddsResponse | null };

export const NO_MATCHES_MESSAGE = "No matches found for the selected league and market.";
export const NO_ODDS_MESSAGE = "No odds data available for the selected combination.";
export const ODDS_LOADING_MESSAGE = "Loading odds data...";

function hasPrices(event: OddsEvent, market: number): boolean {
  return event.markets.some((m) => m.marketId === market && m.odds.length > 0);
}

function Status({ children }: { children: string }) {
  return (
    <p className="has-text-centered py-5" role="status">
      {children}
    </p>
  );
}

export interface OddsResultsProps {
  state: OddsState;
  market: number | null;
  timeZone: string;
  now: number;
  /** The live dashboard's: each card says how old its prices are and which bookmakers are stale. */
  clock?: CardClock;
}

/** The dashboard's event cards for the chosen market, or the message for why there are none (docs/product.md, Dashboard). */
export function OddsResults({ state, market, timeZone, now, clock }: OddsResultsProps) {
  if (state.status === "loading") return <Status>{ODDS_LOADING_MESSAGE}</Status>;
  if (state.status === "error") {
    return <LoadFailed message={ODDS_LOAD_FAILED_MESSAGE} />;
  }
  if (state.status === "idle" || market === null) return <Status>{NO_MATCHES_MESSAGE}</Status>;
  if (!state.odds || !Array.isArray(state.odds.events)) return <Status>{NO_ODDS_MESSAGE}</Status>;
  if (state.odds.events.length === 0) return <Status>{NO_MATCHES_MESSAGE}</Status>;
  const events = state.odds.events.filter((event) => hasPrices(event, market));
  if (events.length === 0) return <Status>{NO_ODDS_MESSAGE}</Status>;
  return (
    <>
      {/* Phones cannot show the header's hover title: say what 'Ov' is in words (docs/product.md, Legible flags). */}
      <p className="odds-legend">
        <abbr title="Overround">Ov</abbr> is the bookmaker&apos;s margin (overround): lower means more of your stake comes back.
      </p>
      {events.map((event) => (
        <EventCard
          key={event.id}
          event={{ ...event, markets: event.markets.filter((m) => m.marketId === market) }}
          timeZone={timeZone}
          now={now}
          clock={clock}
        />
      ))}
    </>
  );
}
