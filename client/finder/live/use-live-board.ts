import type { OddsState } from "../../odds/odds-results.tsx";
import { useLiveOdds } from "../../live/use-live-odds.ts";
import { useLiveList } from "./use-live-list.ts";
import type { DashboardView } from "../view-choice.ts";

/** What the dashboard shows: the view, the league and market chosen, and every league (what the list spans). */
export interface Shown {
  view: DashboardView;
  league: number | null;
  market: number | null;
  leagues: readonly number[];
}

/**
 * The loader's odds with live changes on top (client/live/): for the cards a stream of exactly the
 * league and market shown; for the list one stream of the market across the leagues (use-live-list.ts).
 */
export function useLiveBoard(state: OddsState, { view, league, market, leagues }: Shown, onChange: () => void): OddsState {
  const served = state.status === "ready" ? state.odds : null;
  const cardsView = view === "cards" && state.status === "ready" && league !== null && market !== null ? { competition: league, market } : null;
  const cards = useLiveOdds(view === "cards" ? served : null, cardsView, onChange);
  const list = useLiveList(view === "list" ? served : null, leagues, market, onChange);
  return state.status === "ready" ? { status: "ready", odds: view === "list" ? list : cards } : state;
}
