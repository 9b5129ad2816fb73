import { prepareJson, type CachedAnswer } from "#lib/node/cached-answer.ts";
import type { OddsEvent, OddsResponse } from "#shared/contract.ts";
import { COMPETITIONS, MARKETS } from "#shared/reference.ts";
import type { Listing } from "./read-model.ts";

/** A response body built once, with its compressed forms and a strong ETag. */
export type CachedBody = CachedAnswer & { json: string };

function cached(value: unknown, previous?: CachedBody): CachedBody {
  const json = JSON.stringify({ data: value });
  // Unchanged data keeps its body (and so its ETag): clients revalidating get 304, and no gzip work.
  if (previous?.json === json) return previous;
  return prepareJson(json);
}

/** The latest price change among the events shown; the epoch when there are none. */
function latestChange(events: readonly OddsEvent[]): string {
  let latest = "";
  for (const event of events) {
    for (const market of event.markets) for (const row of market.odds) if (row.updatedAt > latest) latest = row.updatedAt;
  }
  return latest || EPOCH;
}

const EPOCH = new Date(0).toISOString();
const oddsKey = (competition: number, market: number) => `${competition}:${market}`;
/** The public sample: the next two events, market 1X2 (docs/product.md, Calls the browser makes). */
const SAMPLE_EVENTS = 2;
const MATCH_RESULT = 1;

/**
 * Odds responses cached per (competition, market), plus the summary and the sample, rebuilt
 * whole from a listing when prices change (docs/design.md, Odds cache): serving them costs no database work.
 */
export function oddsCache() {
  const noOdds = cached({ events: [], updatedAt: EPOCH } satisfies OddsResponse);
  const noSummary = cached({ numEvents: 0, numBookmakers: 0, marketIds: [], competitionIds: [], numOdds: 0 });
  let bodies = new Map<string, CachedBody>();
  let summary = noSummary;
  let sample = noOdds;

  return {
    /**
     * A response's updatedAt is the latest price change it shows (rows carry theirs), not the
     * rebuild time: a rebuild with nothing changed answers the same bytes and the same ETag.
     */
    rebuild(listing: Listing) {
      const next = new Map<string, CachedBody>();
      for (const competition of COMPETITIONS) {
        const inCompetition = listing.events.filter((e) => e.competitionId === competition.id);
        for (const market of MARKETS) {
          const events: OddsEvent[] = [];
          for (const event of inCompetition) {
            const m = event.markets.find((x) => x.marketId === market.id);
            if (m) events.push({ ...event, markets: [m] });
          }
          const key = oddsKey(competition.id, market.id);
          next.set(key, cached({ events, updatedAt: latestChange(events), intervalS: listing.intervalS } satisfies OddsResponse, bodies.get(key)));
        }
      }
      const sampleEvents = listing.events
        .filter((e) => e.markets.some((m) => m.marketId === MATCH_RESULT))
        .slice(0, SAMPLE_EVENTS)
        .map((e) => ({ ...e, markets: e.markets.filter((m) => m.marketId === MATCH_RESULT) }));
      bodies = next;
      summary = cached(listing.summary, summary);
      sample = cached({ events: sampleEvents, updatedAt: latestChange(sampleEvents), intervalS: listing.intervalS } satisfies OddsResponse, sample);
    },
    odds: (competition: number, market: number) => bodies.get(oddsKey(competition, market)),
    summary: () => summary,
    sample: () => sample,
    noOdds: () => noOdds,
    noSummary: () => noSummary,
  };
}

export type OddsCache = ReturnType<typeof oddsCache>;
