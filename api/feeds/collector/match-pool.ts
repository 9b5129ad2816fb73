import { freshSince } from "../../odds/read/freshness.ts";
import type { FixtureInput } from "../../odds/write/store.ts";
import type { BookmakerOutcome } from "./run-fetch.ts";
import type { FollowUpState } from "./follow-ups.ts";
import { matchOffers, type UnmatchedOffer } from "../matching/index.ts";
import { BOOKMAKER_ID_BY_KEY, type BookmakerKey, type Offer } from "../types.ts";
import { servedOffers } from "./served-markets.ts";

/** Each bookmaker's last good listing per league: the others match against it between its runs. */
export type Listings = Map<BookmakerKey, Map<number, { offers: Offer[]; at: number }>>;

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
    mine.set(competitionId, { offers: servedOffers(offers), at: now });
  }
}

/**
 * The bookmaker's fixtures in one league, matched against every bookmaker's fresh listing. Its
 * prices go to the store as it listed them, with whether it lists the sides reversed: the store
 * alone settles the event's orientation.
 */
export function fixturesOf(latest: Listings, key: BookmakerKey, competitionId: number, now: number, intervalMs: number): LeagueFixtures {
  const pool = [...latest.values()].flatMap((byLeague) => {
    const entry = byLeague.get(competitionId);
    return entry && entry.at >= freshSince(now, intervalMs) ? entry.offers.filter((o) => o.kickoff.getTime() > now) : [];
  });
  const { fixtures, unmatched } = matchOffers(pool);
  const id = BOOKMAKER_ID_BY_KEY[key];
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
      return [{ key: f.key, competitionId: f.competitionId, home: f.home, away: f.away, kickoff: f.kickoff, srId: f.srId, prices, sidesReversed: mine.swapped, listedBy: [id], listing }];
    }),
  };
}

/** Every league the bookmaker listed this run, matched. */
export function matchLeagues(latest: Listings, outcome: BookmakerOutcome, now: number, intervalMs: number): Map<number, LeagueFixtures> {
  const perLeague = new Map<number, LeagueFixtures>();
  for (const [competitionId, league] of outcome.leagues) if (league.offers) perLeague.set(competitionId, fixturesOf(latest, outcome.key, competitionId, now, intervalMs));
  return perLeague;
}
