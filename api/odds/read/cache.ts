import type { JsonAnswer } from "#lib/node/cached-answer.ts";
import type { OddsEvent, OddsResponse } from "#shared/contract.ts";
import { COMPETITIONS, MARKETS } from "#shared/reference.ts";
import { answerOf } from "./answers.ts";
import type { Listing } from "./read-model.ts";

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
 * The listed events as objects, for what is built from them (search, the bettor tools' boards),
 * with a version that moves only when an answer's data did: a rebuild that changed nothing keeps
 * the version, so nothing built from the events is built again.
 */
export interface ListedEvents {
  version: number;
  events: readonly OddsEvent[];
}

/** Each (competition, market)'s events with that one market. */
function oddsAnswers(listing: Listing, previous: ReadonlyMap<string, JsonAnswer>): Map<string, JsonAnswer> {
  const next = new Map<string, JsonAnswer>();
  for (const competition of COMPETITIONS) {
    const inCompetition = listing.events.filter((e) => e.competitionId === competition.id);
    for (const market of MARKETS) {
      const events: OddsEvent[] = [];
      for (const event of inCompetition) {
        const m = event.markets.find((x) => x.marketId === market.id);
        if (m) events.push({ ...event, markets: [m] });
      }
      const key = oddsKey(competition.id, market.id);
      next.set(key, answerOf({ events, updatedAt: latestChange(events), intervalS: listing.intervalS } satisfies OddsResponse, previous.get(key)));
    }
  }
  return next;
}

/**
 * Odds answers per (competition, market), plus the summary and the sample, rebuilt whole from a
 * listing when prices change (docs/design.md, Odds cache), and the listing's events as objects:
 * serving costs no database work, and nothing is parsed back from an answer.
 */
export function oddsCache() {
  const noOdds = answerOf({ events: [], updatedAt: EPOCH } satisfies OddsResponse);
  const noSummary = answerOf({ numEvents: 0, numBookmakers: 0, marketIds: [], competitionIds: [], numOdds: 0 });
  let answers = new Map<string, JsonAnswer>();
  let summary = noSummary;
  let sample = noOdds;
  let listed: ListedEvents = { version: 0, events: [] };

  return {
    /**
     * A response's updatedAt is the latest price change it shows (rows carry theirs), not the
     * rebuild time: a rebuild with nothing changed answers the same bytes and the same ETag.
     */
    rebuild(listing: Listing) {
      const next = oddsAnswers(listing, answers);
      const moved = next.size !== answers.size || [...next].some(([key, answer]) => answers.get(key) !== answer);
      const sampleEvents = listing.events
        .filter((e) => e.markets.some((m) => m.marketId === MATCH_RESULT))
        .slice(0, SAMPLE_EVENTS)
        .map((e) => ({ ...e, markets: e.markets.filter((m) => m.marketId === MATCH_RESULT) }));
      answers = next;
      if (moved) listed = { version: listed.version + 1, events: listing.events };
      summary = answerOf(listing.summary, summary);
      sample = answerOf({ events: sampleEvents, updatedAt: latestChange(sampleEvents), intervalS: listing.intervalS } satisfies OddsResponse, sample);
    },
    odds: (competition: number, market: number) => answers.get(oddsKey(competition, market)),
    /** The listed events with all their markets, and their version. */
    listed: () => listed,
    summary: () => summary,
    sample: () => sample,
    noOdds: () => noOdds,
    noSummary: () => noSummary,
  };
}

export type OddsCache = ReturnType<typeof oddsCache>;
