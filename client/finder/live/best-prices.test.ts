import { describe, expect, it } from "vitest";
import { bookmakerShortName } from "#shared/reference.ts";
import { market, oddsEvent, providerOdds } from "../../../tests/client/harness.tsx";
import { bestOutcomes } from "./best-prices.ts";

describe("bestOutcomes", () => {
  it("gives each outcome its highest price as shown and every bookmaker that prints it", () => {
    const event = oddsEvent({
      markets: [
        market(1, [
          providerOdds(1, [[1, 2.1], [2, 3.4001], [3, 3.2]]),
          providerOdds(2, [[1, 2.25], [2, 3.4], [3, 3.1]]),
          providerOdds(3, [[1, 2.2], [2, 3.3]]),
        ]),
      ],
    });
    expect(bestOutcomes(event, 1)).toEqual([
      { selectionTypeId: 1, value: 2.25, providers: [2] },
      { selectionTypeId: 2, value: 3.4, providers: [1, 2] },
      { selectionTypeId: 3, value: 3.2, providers: [1] },
    ]);
  });

  it("leaves stale bookmakers out while a fresh one prices the market, as the API's Best does", () => {
    const stale = { ...providerOdds(1, [[14, 9.0], [15, 1.1]]), stale: true as const };
    const fresh = providerOdds(2, [[14, 1.8], [15, 1.95]]);
    expect(bestOutcomes(oddsEvent({ markets: [market(7, [stale, fresh])] }), 7).map((o) => [o.value, o.providers])).toEqual([[1.8, [2]], [1.95, [2]]]);
    expect(bestOutcomes(oddsEvent({ markets: [market(7, [stale])] }), 7).map((o) => [o.value, o.providers])).toEqual([[9, [1]], [1.1, [1]]]);
  });

  it("has no price for an outcome nobody offers, or a market the event lacks", () => {
    const event = oddsEvent({ markets: [market(1, [providerOdds(1, [[1, 2.1]])])] });
    expect(bestOutcomes(event, 1).map((o) => o.value)).toEqual([2.1, null, null]);
    expect(bestOutcomes(event, 4)).toEqual([
      { selectionTypeId: 8, value: null, providers: [] },
      { selectionTypeId: 9, value: null, providers: [] },
    ]);
  });
});

describe("bookmakerShortName", () => {
  it("names each bookmaker in two characters, and an unknown one by its id", () => {
    expect([1, 2, 3, 4, 5, 9].map(bookmakerShortName)).toEqual(["Bet9ja", "BetKing", "Sporty", "Naira", "1xBet", "P9"]);
  });
});
