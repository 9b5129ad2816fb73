import { SELECTIONS, type MarketIds } from "../common.ts";

/** OddsTypeID -> OddTypeID -> product selection; the site's listing and its match view use the same ids. */
export const BETKING_SELECTIONS: MarketIds<number> = {
  fixed: {
    110: { 4: SELECTIONS.home, 2: SELECTIONS.draw, 5: SELECTIONS.away },
    146: { 9: SELECTIONS.homeOrDraw, 10: SELECTIONS.homeOrAway, 11: SELECTIONS.drawOrAway },
    302: { 74: SELECTIONS.bttsYes, 76: SELECTIONS.bttsNo },
  },
  totals: 160,
  totalSides: { 12: "over", 13: "under" },
};
