import { LRUCache } from "lru-cache";
import type { JsonAnswer } from "#lib/node/cached-answer.ts";
import type { OddsEvent, OddsResponse } from "#shared/contract.ts";
import { COMPETITIONS, isCompetitionId, MARKETS } from "#shared/reference.ts";
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
/** The public sample: the next two events of the four leagues, market 1X2 (docs/product.md, Calls the browser makes). */
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

/** One (competition, market)'s answer: its events, each with that one market. */
function oddsAnswer(inCompetition: readonly OddsEvent[], market: number, intervalS: number, previous?: JsonAnswer): JsonAnswer {
  const events: OddsEvent[] = [];
  for (const event of inCompetition) {
    const m = event.markets.find((x) => x.marketId === market);
    if (m) events.push({ ...event, markets: [m] });
  }
  return answerOf({ events, updatedAt: latestChange(events), intervalS } satisfies OddsResponse, previous);
}

/**
 * The spec's (competition, market) answers, the four leagues and eight markets every dashboard asks
 * for: built for the competitions `touched` names (all four when it is undefined), the rest kept.
 */
function specAnswers(listing: Listing, previous: ReadonlyMap<string, JsonAnswer>, touched: ReadonlySet<number> | undefined): Map<string, JsonAnswer> {
  const next = new Map<string, JsonAnswer>();
  for (const competition of COMPETITIONS) {
    const keep = touched !== undefined && !touched.has(competition.id);
    let inCompetition: OddsEvent[] | undefined;
    for (const market of MARKETS) {
      const key = oddsKey(competition.id, market.id);
      const kept = keep ? previous.get(key) : undefined;
      inCompetition ??= kept ? undefined : listing.events.filter((e) => e.competitionId === competition.id);
      next.set(key, kept ?? oddsAnswer(inCompetition ?? [], market.id, listing.intervalS, previous.get(key)));
    }
  }
  return next;
}

/** The public sample's answer: the next two events of the four leagues with market 1X2. */
function sampleAnswer(listing: Listing, previous: JsonAnswer): JsonAnswer {
  const events = listing.events
    .filter((e) => isCompetitionId(e.competitionId) && e.markets.some((m) => m.marketId === MATCH_RESULT))
    .slice(0, SAMPLE_EVENTS)
    .map((e) => ({ ...e, markets: e.markets.filter((m) => m.marketId === MATCH_RESULT) }));
  return answerOf({ events, updatedAt: latestChange(events), intervalS: listing.intervalS } satisfies OddsResponse, previous);
}

/**
 * How many bytes of the other (competition, market) answers one listing keeps, built on first ask
 * (docs/design.md, Whole-board sizes: the answer cache): the whole board's competitions times its
 * markets cannot all be kept built.
 */
export const OTHER_ANSWERS_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Odds answers per (competition, market), plus the summary and the sample, rebuilt from each listing
 * for the competitions it touched (docs/design.md, Odds cache), and the listing's events as objects:
 * serving costs no database work, and nothing is parsed back from an answer.
 */
export function oddsCache() {
  const noOdds = answerOf({ events: [], updatedAt: EPOCH } satisfies OddsResponse);
  const noSummary = answerOf({ numEvents: 0, numBookmakers: 0, marketIds: [], competitionIds: [], numOdds: 0 });
  let answers = new Map<string, JsonAnswer>();
  // The other answers of the current listing: a touched competition's are forgotten (all, when a rebuild names none).
  const others = new LRUCache<string, JsonAnswer>({ maxSize: OTHER_ANSWERS_MAX_BYTES, sizeCalculation: (answer) => answer.json.length + answer.gzip.length });
  let current: Listing | undefined;
  // The listed events as JSON at the last rebuild that compared them all ("" once a patch moved them since).
  let listedJson = "[]";
  let summary = noSummary;
  let sample = noOdds;
  let listed: ListedEvents = { version: 0, events: [] };

  return {
    /**
     * A response's updatedAt is the latest price change it shows (rows carry theirs), not the
     * rebuild time: a rebuild with nothing changed answers the same bytes and the same ETag. With
     * `touched`, only those competitions' events differ from the last listing (the service's
     * incremental rebuild: docs/design.md, Odds cache); without it, everything is compared.
     */
    rebuild(listing: Listing, touched?: ReadonlySet<number>) {
      // The first listing builds everything; after it, `touched` (when given) names the competitions whose events moved.
      const only = current === undefined ? undefined : touched;
      let moved = only !== undefined && only.size > 0;
      if (only === undefined) {
        const json = JSON.stringify(listing.events);
        moved = json !== listedJson;
        listedJson = json;
      } else if (moved) listedJson = "";
      answers = specAnswers(listing, answers, only);
      current = listing;
      if (moved) {
        listed = { version: listed.version + 1, events: listing.events };
        if (only === undefined) others.clear();
        else for (const key of [...others.keys()]) if (only.has(Number(key.split(":")[0]))) others.delete(key);
      }
      summary = answerOf(listing.summary, summary);
      sample = sampleAnswer(listing, sample);
    },
    /** Any (competition, market)'s answer: the spec's as built, another built on first ask and kept while the listing stands. */
    odds(competition: number, market: number): JsonAnswer {
      const key = oddsKey(competition, market);
      const answer = answers.get(key) ?? others.get(key);
      if (answer) return answer;
      const built = current ? oddsAnswer(current.events.filter((e) => e.competitionId === competition), market, current.intervalS) : noOdds;
      others.set(key, built);
      return built;
    },
    /** The listed events with all their markets, and their version. */
    listed: () => listed,
    summary: () => summary,
    sample: () => sample,
    noOdds: () => noOdds,
    noSummary: () => noSummary,
  };
}

export type OddsCache = ReturnType<typeof oddsCache>;
