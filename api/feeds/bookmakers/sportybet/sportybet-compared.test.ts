import { describe, expect, it } from "vitest";
import { pricesOf, quotes, typesOf } from "../../../../tests/fixtures/feeds/compared.ts";
import { readFeedFixture } from "../../../../tests/fixtures/feeds/read-fixture.ts";
import { offersOf } from "../../../../tests/fixtures/feeds/results.ts";
import { sportybet } from "./sportybet.ts";

const NOW = new Date("2026-09-14T12:00:00Z");
/** A factsCenter/event quoting every compared type, lines in and out of the grid, whole lines, a suspended market and markets we do not compare. */
const EVENT = "sportybet-event-compared-markets.json";
const offer = () => offersOf(sportybet.capture.parseEvent(readFeedFixture(EVENT), 1, NOW))[0];

describe("sportybet's compared markets (docs/design.md, Market catalogue)", () => {
  it("quotes every compared type but Away to Win Either Half, suspended here, and nothing of the markets we do not compare", () => {
    expect(typesOf(offer())).toEqual([
      "ft-1x2", "ft-total", "ft-home-total", "ft-away-total", "1h-total", "2h-total", "ft-draw-no-bet", "1h-1x2", "ht-ft",
      "ft-correct-score", "ft-handicap", "ft-asian-handicap", "ft-home-win-either-half", "ft-1up", "ft-2up",
    ]);
  });

  it("reads totals from total= at .5 lines of each type's grid: Over/Under 5.5, team totals 19 and 20, halves 68 and 90", () => {
    const o = offer();
    expect(pricesOf(o, "ft-total")).toEqual(quotes("ft-total", [[5.5, "over", 9], [5.5, "under", 1.05], [6.5, "over", 21]]));
    expect(pricesOf(o, "ft-home-total")).toEqual(quotes("ft-home-total", [[0.5, "over", 1.3], [0.5, "under", 3.4], [1.5, "over", 2.4], [1.5, "under", 1.55], [2.5, "over", 5.2], [2.5, "under", 1.14]]));
    expect(pricesOf(o, "ft-away-total")).toEqual(quotes("ft-away-total", [[0.5, "over", 1.45], [0.5, "under", 2.7], [1.5, "over", 3.1], [1.5, "under", 1.35], [2.5, "over", 7.5], [2.5, "under", 1.08]]));
    expect(pricesOf(o, "1h-total")).toEqual(quotes("1h-total", [[0.5, "over", 1.42], [0.5, "under", 2.8], [1.5, "over", 2.85], [1.5, "under", 1.41], [2.5, "over", 6.8], [2.5, "under", 1.09]]));
    // 2.5 is beyond the second half's grid (0.5-1.5): no market, no price.
    expect(pricesOf(o, "2h-total")).toEqual(quotes("2h-total", [[0.5, "over", 1.26], [0.5, "under", 3.8], [1.5, "over", 2.2], [1.5, "under", 1.66]]));
  });

  it("reads Draw No Bet, the first half's 1X2, HT/FT, every correct score with Other, and Home to Win Either Half", () => {
    const o = offer();
    expect(pricesOf(o, "ft-draw-no-bet")).toEqual(quotes("ft-draw-no-bet", [[null, "home", 1.7], [null, "away", 2.15]]));
    expect(pricesOf(o, "1h-1x2")).toEqual(quotes("1h-1x2", [[null, "home", 3], [null, "draw", 2.15], [null, "away", 3.6]]));
    expect(pricesOf(o, "ht-ft")).toEqual(
      quotes("ht-ft", [[null, "home/home", 3.76], [null, "home/draw", 13.78], [null, "home/away", 34.85], [null, "draw/home", 5.86], [null, "draw/draw", 4.8], [null, "draw/away", 6.92], [null, "away/home", 30.26], [null, "away/draw", 14.13], [null, "away/away", 4.87]]),
    );
    const scores = pricesOf(o, "ft-correct-score");
    expect(scores).toHaveLength(26);
    expect(scores.filter((p) => [0, 2, 24, 25].includes(scores.indexOf(p)))).toEqual(quotes("ft-correct-score", [[null, "0:0", 6], [null, "0:2", 14.5], [null, "4:4", 37], [null, "other", 17]]));
    expect(pricesOf(o, "ft-home-win-either-half")).toEqual(quotes("ft-home-win-either-half", [[null, "yes", 1.68], [null, "no", 2]]));
    expect(pricesOf(o, "ft-away-win-either-half")).toEqual([]);
  });

  it("reads hcp=0:1 as the home side's -1 and 1:0 as +1 in the 3-way handicap, and Asian hcp=-0.25 as -0.25, in the grid only", () => {
    const o = offer();
    expect(pricesOf(o, "ft-handicap")).toEqual(
      quotes("ft-handicap", [[-1, "home", 4.6], [-1, "draw", 4.2], [-1, "away", 1.58], [1, "home", 1.36], [1, "draw", 4.9], [1, "away", 6.5], [2, "home", 1.1], [2, "draw", 8.2], [2, "away", 16.5]]),
    );
    expect(pricesOf(o, "ft-asian-handicap")).toEqual(
      quotes("ft-asian-handicap", [[-1.5, "home", 4.6], [-1.5, "away", 1.19], [-0.25, "home", 2.05], [-0.25, "away", 1.8], [0, "home", 1.71], [0, "away", 2.1], [0.75, "home", 1.3], [0.75, "away", 3.4]]),
    );
  });

  it("reads 1UP (60200) and 2UP (60100), SportyBet's own markets", () => {
    const o = offer();
    expect(pricesOf(o, "ft-1up")).toEqual(quotes("ft-1up", [[null, "home", 1.66], [null, "draw", 3.3], [null, "away", 1.88]]));
    expect(pricesOf(o, "ft-2up")).toEqual(quotes("ft-2up", [[null, "home", 2.21], [null, "draw", 3.3], [null, "away", 2.71]]));
  });
});
