/**
 * What the collector hands the store until the site serves more than the spec's eight markets
 * (docs/design.md, Catalogue steps, step 7): the adapters read every compared market the catalogue
 * maps, but only markets 1-8 (`shared/reference.ts`) are written. The store, the listing's change
 * log and the live stream take any market id, while the answers, the tools and the pages read only
 * the eight, so a ninth market's change would go out as a frame no page can show, and its rows
 * would cost storage no answer uses. Step 6 and step 7's serving half lift this.
 */
import { isMarketId } from "#shared/reference.ts";
import type { Offer } from "../types.ts";
import type { BookmakerOutcome } from "./run-fetch.ts";

/** Each offer with its prices of markets 1-8 only; an offer left with none is no offer, as an adapter leaves out one without prices. */
export function servedOffers(offers: readonly Offer[]): Offer[] {
  return offers.flatMap((offer) => {
    const prices = offer.prices.filter((p) => isMarketId(p.marketId));
    if (prices.length === 0) return [];
    return [prices.length === offer.prices.length ? offer : { ...offer, prices }];
  });
}

/** A bookmaker's run with every league's offers served as `servedOffers` says, so its counts are of what is written. */
export function servedOutcome(outcome: BookmakerOutcome): BookmakerOutcome {
  const leagues = new Map([...outcome.leagues].map(([id, league]) => [id, league.offers ? { ...league, offers: servedOffers(league.offers) } : league]));
  return { ...outcome, leagues };
}
