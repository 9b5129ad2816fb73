import { describe, expect, it } from "vitest";
import type { Offer, OfferPrice } from "../types.ts";
import { followUpState } from "./follow-ups.ts";
import { fixturesOf, rememberListings, type Listings } from "./match-pool.ts";
import { emptyOutcome } from "./run-fetch.ts";
import { servedOffers, servedOutcome } from "./served-markets.ts";

const NOW = Date.UTC(2026, 10, 28, 9);
const price = (marketId: number, selectionTypeId: number, value: number): OfferPrice => ({ marketId, selectionTypeId, price: value, boosted: false });

function offer(externalId: string, prices: OfferPrice[]): Offer {
  return { bookmaker: "sportybet", externalId, srId: `sr:match:${externalId}`, competitionId: 1, home: `Home ${externalId}`, away: `Away ${externalId}`, kickoff: new Date(NOW + 3_600_000), prices };
}

describe("the markets the collector writes until the site serves more (docs/design.md, Catalogue steps, step 7)", () => {
  it("keeps an offer's prices of markets 1-8 and leaves out the compared markets beyond them", () => {
    // Over/Under 5.5 (market 9), Draw No Bet (21) and an Asian handicap line whose selection id is over 100 (95).
    const mixed = offer("1", [price(1, 1, 2.1), price(9, 19, 11), price(21, 43, 1.6), price(29, 95, 1.9), price(8, 18, 1.3)]);
    expect(servedOffers([mixed])).toEqual([{ ...mixed, prices: [price(1, 1, 2.1), price(8, 18, 1.3)] }]);
  });

  it("leaves out an offer quoting only markets beyond the eight, as an adapter leaves out one without prices", () => {
    const outcome = emptyOutcome("sportybet");
    outcome.leagues.set(1, { offers: [offer("1", [price(52, 141, 1.7)]), offer("2", [price(1, 1, 2)])], eventCalls: 0, eventFailures: 0 });
    outcome.leagues.set(2, { error: "down", eventCalls: 0, eventFailures: 0 });

    const served = servedOutcome(outcome);

    expect(served.leagues.get(1)?.offers?.map((o) => o.externalId)).toEqual(["2"]);
    expect(served.leagues.get(2)).toEqual({ error: "down", eventCalls: 0, eventFailures: 0 });
  });

  it("writes no carried extra beyond the eight: a follow-up's whole answer is carried, then kept to the served markets", () => {
    const followUps = followUpState();
    const listed = offer("1", [price(1, 1, 2)]);
    followUps.choose([listed]);
    followUps.answered(listed, offer("1", [price(1, 1, 2), price(7, 14, 1.8), price(21, 43, 1.6)]));
    const outcome = emptyOutcome("sportybet");
    outcome.leagues.set(1, { offers: [listed], eventCalls: 0, eventFailures: 0 });
    const latest: Listings = new Map();

    rememberListings(latest, outcome, followUps, NOW);
    const [fixture] = fixturesOf(latest, "sportybet", 1, NOW, 60_000).fixtures;

    expect(fixture?.prices.map((p) => [p.marketId, p.selectionTypeId, p.carried ?? false])).toEqual([
      [1, 1, false],
      [7, 14, true],
    ]);
  });
});
