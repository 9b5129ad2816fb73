/**
 * A code's legs mapped to our events, markets and selections (docs/design.md, Reading a code): a
 * leg maps only when exactly one of our events fits and its market is one we compare; every other
 * leg is reported with its reason, never replaced by a guess. Pure: the caller reads the candidates.
 */
import type { BookingLeg, UnmappedLeg, UnmappedReason } from "#shared/contract.ts";
import type { Catalogue } from "../catalogue/catalogue.ts";
import type { CodeLeg } from "../feeds/booking/types.ts";
import { feedCatalogue } from "../feeds/bookmakers/feed-catalogue.ts";
import { matchOffers, teamSimilarity, DEFAULT_MATCH_OPTIONS } from "../feeds/matching/index.ts";
import type { Offer } from "../feeds/types.ts";
import { eventHeading } from "../odds/read/read-model.ts";
import { mirrorSelection } from "./mirror.ts";
import type { StoredEvent } from "./events.ts";
import { legMarketsOf, legNaming } from "../betslip/leg-markets.ts";

/** Which of our events a leg names: none, exactly one (and whether the book lists its sides the other way round), or several. */
export type Found = { kind: "none" } | { kind: "many" } | { kind: "one"; event: StoredEvent; reversed: boolean };

const NONE: Found = { kind: "none" };

/**
 * Whether a book's home and away are our event's away and home. An id decides which event it is;
 * the names only say the orientation, and only when the crossed reading passes the matcher's
 * thresholds (docs/design.md, Matching) and beats the straight one.
 */
export function sidesReversed(home: string | undefined, away: string | undefined, event: Pick<StoredEvent, "home" | "away" | "competitionId">): boolean {
  if (!home || !away) return false;
  const score = (a: string, b: string) => teamSimilarity(a, b, event.competitionId);
  const straight = [score(home, event.home), score(away, event.away)];
  const crossed = [score(home, event.away), score(away, event.home)];
  const mean = (pair: number[]) => ((pair[0] ?? 0) + (pair[1] ?? 0)) / 2;
  const passes = Math.min(...crossed) >= DEFAULT_MATCH_OPTIONS.minTeamScore && mean(crossed) >= DEFAULT_MATCH_OPTIONS.minMeanScore;
  return passes && mean(crossed) > mean(straight);
}

/** The events an id join found for one leg: one event (oriented by the leg's names), none, or several. */
export function foundByIds(leg: Pick<CodeLeg, "home" | "away">, events: readonly StoredEvent[]): Found {
  const distinct = [...new Map(events.map((event) => [event.id, event])).values()];
  const [only] = distinct;
  if (!only) return NONE;
  if (distinct.length > 1) return { kind: "many" };
  return { kind: "one", event: only, reversed: sidesReversed(leg.home, leg.away, only) };
}

const asOffer = (event: StoredEvent, index: number, competitionId: number): Offer => ({
  bookmaker: "sportybet",
  externalId: event.id,
  // A distinct id each keeps our events apart: the leg alone is matched by names.
  srId: `sr:match:${index + 1}`,
  competitionId,
  home: event.home,
  away: event.away,
  kickoff: new Date(event.kickoff),
  prices: [],
});

/**
 * A leg without a Sportradar id (1xBet) matched to our events by the feeds' matcher (docs/design.md,
 * Matching): kick-off within its window, then both teams' names, the best clearly ahead. Its league
 * is not known by our ids, so it is tried in each league holding a candidate; fitting events in two
 * leagues is as ambiguous as two in one.
 */
export function foundByTeams(leg: Pick<CodeLeg, "home" | "away" | "kickoff">, candidates: readonly StoredEvent[]): Found {
  if (!leg.home || !leg.away || !leg.kickoff) return NONE;
  const fits: Found[] = [];
  for (const competitionId of new Set(candidates.map((event) => event.competitionId))) {
    const ours = candidates.filter((event) => event.competitionId === competitionId);
    const theirs: Offer = { bookmaker: "1xbet", externalId: "leg", competitionId, home: leg.home, away: leg.away, kickoff: leg.kickoff, prices: [] };
    const result = matchOffers([...ours.map((event, i) => asOffer(event, i, competitionId)), theirs]);
    if (result.unmatched.some((u) => u.offer === theirs && u.reason === "ambiguous")) return { kind: "many" };
    const fixture = result.fixtures.find((f) => f.members.some((m) => m.offer === theirs));
    const mine = fixture?.members.find((m) => m.offer === theirs);
    const match = fixture?.members.find((m) => m.offer !== theirs);
    const event = match && ours.find((e) => e.id === match.offer.externalId);
    if (mine && match && event) fits.push({ kind: "one", event, reversed: mine.swapped !== match.swapped });
  }
  if (fits.length > 1) return { kind: "many" };
  return fits[0] ?? NONE;
}

/** The leg in the book's own words: "Lyon v Nice, Correct Score 2:1". */
export function describeLeg(leg: Pick<CodeLeg, "home" | "away" | "bookMarket" | "tournament">): string {
  const match = leg.home && leg.away ? `${leg.home} v ${leg.away}` : undefined;
  return [match, leg.bookMarket].filter(Boolean).join(", ");
}

function unmapped(leg: CodeLeg, reason: UnmappedReason, why?: string): UnmappedLeg {
  const description = why ? `${describeLeg(leg)} (${why})` : describeLeg(leg);
  return { reason, description, home: leg.home ?? null, away: leg.away ?? null, kickoff: leg.kickoff?.toISOString() ?? null };
}

/** Whether the catalogue compares this market now: every live market of it (docs/design.md, Market catalogue). */
const compared = (catalogue: Catalogue, marketId: number, selectionTypeId: number) => {
  const market = catalogue.markets.get(marketId);
  return market !== undefined && !market.retired && catalogue.selections.get(selectionTypeId)?.market_id === marketId;
};

/**
 * One leg as ours, or why not: started (at the book or by our kick-off), an event we do not list or
 * cannot tell apart, a market we do not compare. A leg of a reversed book is turned to our
 * orientation through the catalogue (`mirrorSelection`: home and away, team totals, handicap lines,
 * HT/FT, correct scores), and left out as `market` where the catalogue has no mirror for it.
 */
export function mapLeg(leg: CodeLeg, found: Found, now: number, catalogue: Catalogue = feedCatalogue()): { leg: BookingLeg } | { unmapped: UnmappedLeg } {
  if (leg.kickoff && leg.kickoff.getTime() <= now) return { unmapped: unmapped(leg, "started") };
  if (found.kind === "none") return { unmapped: unmapped(leg, "event") };
  if (found.kind === "many") return { unmapped: unmapped(leg, "ambiguous") };
  // Every market the catalogue compares, beyond the eight included (docs/design.md, Reading a code).
  if (leg.marketId === undefined || leg.selectionTypeId === undefined || !compared(catalogue, leg.marketId, leg.selectionTypeId)) return { unmapped: unmapped(leg, "market") };
  if (found.event.kickoff <= now || !leg.available) return { unmapped: unmapped(leg, "started") };
  const ours = found.reversed ? mirrorSelection(catalogue, leg.marketId, leg.selectionTypeId) : { marketId: leg.marketId, selectionTypeId: leg.selectionTypeId };
  if (!ours) return { unmapped: unmapped(leg, "market", "listed with home and away the other way round, and we have no mirror of this market") };
  return {
    leg: {
      eventId: found.event.id,
      marketId: ours.marketId,
      selectionTypeId: ours.selectionTypeId,
      event: eventHeading(found.event),
      bookPrice: leg.price ?? null,
      ...legNaming(ours, legMarketsOf(catalogue)(ours.marketId)),
    },
  };
}
