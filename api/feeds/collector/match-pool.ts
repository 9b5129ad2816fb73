import { isCompetitionId } from "#shared/reference.ts";
import { isFresh } from "../../odds/read/freshness.ts";
import type { FixtureInput } from "../../odds/write/store.ts";
import type { BookmakerOutcome } from "./run-fetch.ts";
import type { FollowUpState } from "./follow-ups.ts";
import { matchOffers, type UnmatchedOffer } from "../matching/index.ts";
import { BOOKMAKER_ID_BY_KEY, type BookmakerKey, type Offer } from "../types.ts";

/** Each bookmaker's last good listing per league: the others match against it between its runs. */
export type Listings = Map<BookmakerKey, Map<number, { offers: Offer[]; at: number }>>;

/**
 * The event each book's listing was last written to, `<bookmaker>:<externalId>` to its key and kick-off
 * (docs/design.md, Collected today). Outside the four leagues the matcher knows
 * no club, so a fixture's key is its Sportradar id when one of the books joined in it carries one and its
 * names otherwise: which depends on which books' listings were fresh when it was matched (the first run
 * of a cycle meets the others' only from the cycle before). A listing keeps the event it was first written
 * to, so its prices never move to a second event of the same match.
 */
export type Identities = Map<string, { key: string; kickoff: number }>;

const identity = (offer: Offer) => `${offer.bookmaker}:${offer.externalId}`;
const KEEP_IDENTITY_MS = 24 * 60 * 60 * 1000;

/** Identities of fixtures kicked off a day ago go: their listings are gone from the books. */
export function pruneIdentities(identities: Identities, now: number): void {
  for (const [id, kept] of identities) if (kept.kickoff < now - KEEP_IDENTITY_MS) identities.delete(id);
}

/**
 * The key a fixture's members were written under before, most members first, then the smaller key; else
 * its own. A key another fixture of this write took already is not taken twice (two fixtures in one event
 * would overwrite each other's prices): with no other, undefined, and the fixture waits for the next run.
 */
function keptKey(identities: Identities, members: readonly { offer: Offer }[], fresh: string, taken: ReadonlySet<string>): string | undefined {
  const votes = new Map<string, number>();
  for (const { offer } of members) {
    const kept = identities.get(identity(offer));
    if (kept && !taken.has(kept.key)) votes.set(kept.key, (votes.get(kept.key) ?? 0) + 1);
  }
  if (votes.size === 0) return taken.has(fresh) ? undefined : fresh;
  return [...votes].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))[0]![0];
}

export interface LeagueFixtures {
  fixtures: FixtureInput[];
  unmatched: UnmatchedOffer[];
}

/** Keeps a bookmaker's good league listings, its follow-up extras carried onto offers not refreshed this run. */
export function rememberListings(latest: Listings, outcome: BookmakerOutcome, followUps: FollowUpState | undefined, now: number): void {
  const mine = latest.get(outcome.key) ?? new Map<number, { offers: Offer[]; at: number }>();
  latest.set(outcome.key, mine);
  for (const [competitionId, league] of outcome.leagues) {
    if (!league.offers) continue;
    const offers = followUps ? league.offers.map((o) => (outcome.refreshed.has(o.externalId) ? o : followUps.carry(o))) : league.offers;
    // Carried extras are an earlier call's whole answer: kept to the served markets here, after carrying.
    mine.set(competitionId, { offers, at: now });
  }
}

/**
 * The bookmaker's fixtures in one league, matched against every bookmaker's fresh listing. Its
 * prices go to the store as it listed them, with whether it lists the sides reversed: the store
 * alone settles the event's orientation.
 */
export function fixturesOf(latest: Listings, key: BookmakerKey, competitionId: number, now: number, intervalMs: number, identities?: Identities): LeagueFixtures {
  const pool = [...latest.values()].flatMap((byLeague) => {
    const entry = byLeague.get(competitionId);
    // Another book's listing counts while its prices would (a competition beyond the four is asked in rotation).
    return entry && isFresh(competitionId, entry.at, now, intervalMs) ? entry.offers.filter((o) => o.kickoff.getTime() > now) : [];
  });
  const { fixtures, unmatched } = matchOffers(pool);
  const id = BOOKMAKER_ID_BY_KEY[key];
  const taken = new Set<string>();
  return {
    unmatched: unmatched.filter((u) => u.offer.bookmaker === key),
    fixtures: fixtures.flatMap((f) => {
      const mine = f.members.find((m) => m.offer.bookmaker === key);
      if (!mine) return [];
      const prices = mine.offer.prices.map((p) => ({
        bookmaker: id,
        marketId: p.marketId,
        selectionTypeId: p.selectionTypeId,
        price: p.price,
        boosted: p.boosted,
        ...(p.carried ? { carried: true } : {}),
      }));
      const listing = { bookmaker: id, externalId: mine.offer.externalId, home: mine.offer.home, away: mine.offer.away };
      const eventKey = identities ? keptKey(identities, f.members, f.key, taken) : f.key;
      if (eventKey === undefined) return [];
      taken.add(eventKey);
      if (identities) for (const { offer } of f.members) identities.set(identity(offer), { key: eventKey, kickoff: f.kickoff.getTime() });
      return [{ key: eventKey, competitionId: f.competitionId, home: f.home, away: f.away, kickoff: f.kickoff, srId: f.srId, prices, sidesReversed: mine.swapped, listedBy: [id], listing }];
    }),
  };
}

/** Every league the bookmaker listed this run, matched. */
export function matchLeagues(latest: Listings, outcome: BookmakerOutcome, now: number, intervalMs: number, identities?: Identities): Map<number, LeagueFixtures> {
  const perLeague = new Map<number, LeagueFixtures>();
  // The four's keys are their clubs' and stable by themselves: kept identities are for the rest of the board.
  for (const [competitionId, league] of outcome.leagues) if (league.offers) perLeague.set(competitionId, fixturesOf(latest, outcome.key, competitionId, now, intervalMs, isCompetitionId(competitionId) ? undefined : identities));
  return perLeague;
}
