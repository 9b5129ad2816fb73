import { describe, expect, it } from "vitest";
import { pricesOf, quotes, typesOf } from "../../../../tests/fixtures/feeds/compared.ts";
import { readFeedFixture } from "../../../../tests/fixtures/feeds/read-fixture.ts";
import { offersOf } from "../../../../tests/fixtures/feeds/results.ts";
import { betking } from "./betking.ts";

const NOW = new Date("2026-09-14T12:00:00Z");
/** The m.betking.com match view: lined markets with their `spreadMarkets`, 3-way handicaps by `line=0:1`, a LOCK selection, an unknown correct-score id. */
const VIEW = "betking-matchview-compared-markets.json";
/** The CDN prematch listing, lines in `SpecialBetValue`. */
const LISTING = "betking-prematch-compared-markets.json";
const view = () => offersOf(betking.capture.parseEvent(readFeedFixture(VIEW), 1, NOW))[0];
const listed = () => offersOf(betking.parseLeague(readFeedFixture(LISTING), 1, NOW))[0];

describe("betking's compared markets (docs/design.md, Market catalogue)", () => {
  it("quotes the types its ids are known for, and no price for the others (Draw No Bet, halves, either half, 1UP and 2UP)", () => {
    expect(typesOf(view())).toEqual(["ft-1x2", "ft-total", "ft-home-total", "ft-away-total", "ht-ft", "ft-correct-score", "ft-handicap", "ft-asian-handicap"]);
  });

  it("reads every line of a lined market from its spreadMarkets: totals 2.5 and 5.5, team totals 10283 and 10284 in their grid", () => {
    const o = view();
    expect(pricesOf(o, "ft-total")).toEqual(quotes("ft-total", [[2.5, "over", 1.85], [2.5, "under", 1.95], [5.5, "over", 9.5], [5.5, "under", 1.04], [6.5, "over", 19]]));
    expect(pricesOf(o, "ft-home-total")).toEqual(quotes("ft-home-total", [[0.5, "over", 1.3], [0.5, "under", 3.3], [1.5, "over", 2.35], [1.5, "under", 1.55], [2.5, "over", 5], [2.5, "under", 1.15]]));
    expect(pricesOf(o, "ft-away-total")).toEqual(quotes("ft-away-total", [[0.5, "over", 1.45], [0.5, "under", 2.65], [1.5, "over", 3.05], [1.5, "under", 1.36]]));
  });

  it("reads HT/FT (9881) and the correct scores whose ids are known, Others among them; an unknown score id has no price", () => {
    const o = view();
    expect(pricesOf(o, "ht-ft")).toEqual(
      quotes("ht-ft", [[null, "home/home", 3.7], [null, "home/draw", 14], [null, "home/away", 34], [null, "draw/home", 5.9], [null, "draw/draw", 4.7], [null, "draw/away", 7], [null, "away/home", 30], [null, "away/draw", 14], [null, "away/away", 4.8]]),
    );
    const scores = pricesOf(o, "ft-correct-score");
    expect(scores).toHaveLength(21);
    expect([scores[0], scores[20]]).toEqual(quotes("ft-correct-score", [[null, "1:0", 7], [null, "other", 21]]));
  });

  it("reads the 3-way handicap's line=0:1 as the home side's -1 and the Asian line=-0.5 as -0.5, a LOCK selection and lines beyond the grid left out", () => {
    const o = view();
    expect(pricesOf(o, "ft-handicap")).toEqual(quotes("ft-handicap", [[-1, "home", 4.5], [-1, "draw", 4.1], [-1, "away", 1.6], [1, "home", 1.38], [1, "draw", 4.8], [1, "away", 6.4]]));
    expect(pricesOf(o, "ft-asian-handicap")).toEqual(
      quotes("ft-asian-handicap", [[-1.5, "home", 4.5], [-1.5, "away", 1.2], [-0.5, "home", 2.4], [-0.5, "away", 1.56], [0.25, "home", 1.6], [0.25, "away", 2.3], [1.5, "away", 6]]),
    );
  });

  it("reads the same markets from the CDN listing's SpecialBetValue", () => {
    const o = listed();
    expect(typesOf(o)).toEqual(["ft-1x2", "ft-total", "ft-home-total", "ft-away-total", "ft-handicap", "ft-asian-handicap"]);
    expect(pricesOf(o, "ft-home-total")).toEqual(quotes("ft-home-total", [[0.5, "over", 1.31], [0.5, "under", 3.25], [2.5, "over", 5.1], [2.5, "under", 1.15]]));
    expect(pricesOf(o, "ft-away-total")).toEqual(quotes("ft-away-total", [[1.5, "over", 3], [1.5, "under", 1.37]]));
    expect(pricesOf(o, "ft-handicap")).toEqual(quotes("ft-handicap", [[-1, "home", 4.4], [-1, "draw", 4], [-1, "away", 1.62]]));
    expect(pricesOf(o, "ft-asian-handicap")).toEqual(quotes("ft-asian-handicap", [[-0.75, "home", 2.6], [-0.75, "away", 1.48]]));
    expect(pricesOf(o, "ft-total")).toEqual(quotes("ft-total", [[5.5, "over", 9], [5.5, "under", 1.05]]));
  });
});
