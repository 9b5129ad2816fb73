import { LIVE_COUNTRY_ID } from "#shared/constants.ts";
import { isCompetitionId, isCountryId, isMarketId } from "#shared/reference.ts";

/**
 * What one browser stream shows: a competition's events in one market, every competition's (the
 * dashboard's list), one event (all markets, or one), or every change of the country (the bettor
 * tools, which look across every market).
 */
export type View =
  | { country: number; competition?: undefined; market?: undefined; event?: undefined }
  | { country: number; competition: number; market: number; event?: undefined }
  | { country: number; market: number; competition?: undefined; event?: undefined }
  | { country: number; event: string; market?: number; competition?: undefined };

export type ViewCheck = { ok: true; view: View } | { ok: false; description: string };

const MAX_EVENT_ID = 200;

/** A query value given once, or undefined; repeated names are a client's mistake. */
function single(query: Record<string, unknown>, name: string): string | undefined | null {
  const value = query[name];
  if (value === undefined) return undefined;
  return typeof value === "string" ? value : null;
}

const asId = (text: string | undefined | null) => (text && /^\d{1,3}$/.test(text) ? Number(text) : NaN);

/** Validates `country` alone, with `competition` and `market`, with `market` alone, or with `event` (and optionally `market`). */
export function parseView(query: Record<string, unknown>): ViewCheck {
  const [country, competition, market, event] = ["country", "competition", "market", "event"].map((n) => single(query, n));
  if (!isCountryId(asId(country))) return { ok: false, description: "country must be 1 (Nigeria), 2 (Ghana) or 3 (Kenya)." };
  if (market !== undefined && !isMarketId(asId(market))) return { ok: false, description: "market must be 1 to 8." };
  const base = { country: asId(country) };
  if (event !== undefined) {
    if (competition !== undefined) return { ok: false, description: "Give competition and market, or event, not both." };
    if (!event || event.length > MAX_EVENT_ID) return { ok: false, description: "event must be an event id." };
    return { ok: true, view: { ...base, event, ...(market === undefined ? {} : { market: asId(market) }) } };
  }
  if (competition === undefined && market === undefined) return { ok: true, view: base };
  if (competition === undefined && market !== undefined) return { ok: true, view: { ...base, market: asId(market) } };
  if (!isCompetitionId(asId(competition))) return { ok: false, description: "competition must be 1 to 4." };
  if (market === undefined) return { ok: false, description: "market must be 1 to 8." };
  return { ok: true, view: { ...base, competition: asId(competition), market: asId(market) } };
}

/** The index key a browser stream is filed under: fan-out looks up exactly the keys a change touches. */
export function viewKey(view: View): string {
  if (view.event === undefined) {
    if (view.market === undefined) return "all";
    return view.competition === undefined ? `m:${view.market}` : `c:${view.competition}:${view.market}`;
  }
  return view.market === undefined ? `e:${view.event}` : `e:${view.event}:${view.market}`;
}

/**
 * Every view key a changed event-market touches: its competition's market view, its market's, its
 * event's views, and the country's. The market's view is the dashboard's list, which spans the four
 * leagues: a change elsewhere on the board (docs/design.md, Collected today) is not sent to it, where
 * it would be a frame the page drops, several a second.
 */
export function touchedKeys(change: { id: string; competitionId: number; marketId: number }): string[] {
  const market = isCompetitionId(change.competitionId) ? [`m:${change.marketId}`] : [];
  return [`c:${change.competitionId}:${change.marketId}`, ...market, `e:${change.id}`, `e:${change.id}:${change.marketId}`, "all"];
}

/** Only Nigeria has odds: an event view elsewhere names no event. */
export const hasEvents = (country: number) => country === LIVE_COUNTRY_ID;
