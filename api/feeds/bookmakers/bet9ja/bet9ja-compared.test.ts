import { describe, expect, it } from "vitest";
import { pricesOf, quotes, typesOf } from "../../../../tests/fixtures/feeds/compared.ts";
import { readFeedFixture } from "../../../../tests/fixtures/feeds/read-fixture.ts";
import { offersOf } from "../../../../tests/fixtures/feeds/results.ts";
import { bet9ja } from "./bet9ja.ts";

const NOW = new Date("2026-09-14T12:00:00Z");
/** A GetEvent whose odds map quotes every type Bet9ja's keys are known for, lines in and out of the grid, a closed line and keys we do not compare. */
const EVENT = "bet9ja-GetEvent-compared-markets.json";
const offer = () => offersOf(bet9ja.capture.parseEvent(readFeedFixture(EVENT), 1, NOW))[0];

describe("bet9ja's compared markets (docs/design.md, Market catalogue)", () => {
  it("quotes the types its keys are known for, and no price for 1UP and 2UP, which it does not offer", () => {
    expect(typesOf(offer())).toEqual([
      "ft-1x2", "ft-total", "ft-home-total", "ft-away-total", "1h-total", "2h-total", "ft-draw-no-bet", "1h-1x2", "ht-ft",
      "ft-correct-score", "ft-handicap", "ft-asian-handicap", "ft-home-win-either-half", "ft-away-win-either-half",
    ]);
  });

  it("reads S_OU@5.5, both team totals from the one S_HAOU market (OH/UH, OA/UA) and the halves' S_OU1T and S_OU2T", () => {
    const o = offer();
    expect(pricesOf(o, "ft-total")).toEqual(quotes("ft-total", [[5.5, "over", 10.5], [5.5, "under", 1.04], [6.5, "over", 23], [6.5, "under", 1.01]]));
    expect(pricesOf(o, "ft-home-total")).toEqual(quotes("ft-home-total", [[0.5, "over", 1.21], [0.5, "under", 3.6], [1.5, "over", 2.23], [1.5, "under", 1.53], [2.5, "over", 5.25], [2.5, "under", 1.09]]));
    expect(pricesOf(o, "ft-away-total")).toEqual(quotes("ft-away-total", [[0.5, "over", 1.28], [0.5, "under", 3.1], [1.5, "over", 2.55], [1.5, "under", 1.41], [2.5, "over", 6.5], [2.5, "under", 1.05]]));
    expect(pricesOf(o, "1h-total")).toEqual(quotes("1h-total", [[0.5, "over", 1.35], [0.5, "under", 2.76], [1.5, "over", 2.73], [1.5, "under", 1.36], [2.5, "over", 7.1], [2.5, "under", 1.04]]));
    expect(pricesOf(o, "2h-total")).toEqual(quotes("2h-total", [[0.5, "over", 1.19], [0.5, "under", 3.65], [1.5, "over", 2.06], [1.5, "under", 1.62]]));
  });

  it("reads S_DNB, S_1X21T, S_HTFT's 1/X keys, S_CSFT's 2:1 keys with OTH, and either half", () => {
    const o = offer();
    expect(pricesOf(o, "ft-draw-no-bet")).toEqual(quotes("ft-draw-no-bet", [[null, "home", 1.67], [null, "away", 2.03]]));
    expect(pricesOf(o, "1h-1x2")).toEqual(quotes("1h-1x2", [[null, "home", 2.93], [null, "draw", 2.03], [null, "away", 3.4]]));
    expect(pricesOf(o, "ht-ft")).toEqual(
      quotes("ht-ft", [[null, "home/home", 3.8], [null, "home/draw", 13], [null, "home/away", 25], [null, "draw/home", 5.8], [null, "draw/draw", 4.45], [null, "draw/away", 6.8], [null, "away/home", 23], [null, "away/draw", 13], [null, "away/away", 4.7]]),
    );
    const scores = pricesOf(o, "ft-correct-score");
    expect(scores).toHaveLength(26);
    expect([scores[0], scores[7], scores[25]]).toEqual(quotes("ft-correct-score", [[null, "0:0", 6.5], [null, "1:2", 17.5], [null, "other", 26]]));
    expect(pricesOf(o, "ft-home-win-either-half")).toEqual(quotes("ft-home-win-either-half", [[null, "yes", 1.71], [null, "no", 1.94]]));
    expect(pricesOf(o, "ft-away-win-either-half")).toEqual(quotes("ft-away-win-either-half", [[null, "yes", 1.95], [null, "no", 1.7]]));
  });

  it("reads S_1X2HND@-1 as the home side's -1 and S_AH's signed and quarter lines, leaving out a closed line and lines beyond the grid", () => {
    const o = offer();
    expect(pricesOf(o, "ft-handicap")).toEqual(
      quotes("ft-handicap", [[-1, "home", 4.9], [-1, "draw", 4.05], [-1, "away", 1.48], [1, "home", 1.34], [1, "draw", 4.1], [1, "away", 6.3], [2, "home", 1.12], [2, "draw", 7.9], [2, "away", 15]]),
    );
    expect(pricesOf(o, "ft-asian-handicap")).toEqual(
      quotes("ft-asian-handicap", [[-0.25, "home", 3.9], [-0.25, "away", 1.19], [0.5, "home", 2.29], [0.5, "away", 1.66], [1, "home", 1.7], [1, "away", 1.99]]),
    );
  });
});
