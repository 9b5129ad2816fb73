/** Bet9ja's flat odds map, shared by its league list and its per-event call. */
import { PriceSet, SELECTIONS, overUnder, type Selection } from "./common.ts";

/** `S_<MARKET>[@<LINE>]_<OUTCOME>`, e.g. "S_1X2_1", "S_OU@2.5_O", "S_GGNG_Y". */
const ODDS_KEY = /^S_([A-Z0-9]+)(?:@([0-9.]+))?_([A-Z0-9]+)$/;
const FIXED_KEYS: Record<string, Selection> = {
  "1X2_1": SELECTIONS.home,
  "1X2_X": SELECTIONS.draw,
  "1X2_2": SELECTIONS.away,
  DC_1X: SELECTIONS.homeOrDraw,
  DC_12: SELECTIONS.homeOrAway,
  DC_X2: SELECTIONS.drawOrAway,
  GGNG_Y: SELECTIONS.bttsYes,
  GGNG_N: SELECTIONS.bttsNo,
};
const TOTAL_SIDES: Record<string, "over" | "under"> = { O: "over", U: "under" };

function selectionFor(key: string): Selection | undefined {
  const match = ODDS_KEY.exec(key);
  if (!match) return undefined;
  const [, market = "", line, outcome = ""] = match;
  if (market === "OU") {
    const side = TOTAL_SIDES[outcome];
    return side && overUnder(line, side);
  }
  // A fixed market with a line ("S_1X2@1_1", handicaps and the like) is not ours.
  return line === undefined ? FIXED_KEYS[`${market}_${outcome}`] : undefined;
}

/** Prices of an odds map, and every product selection the map quotes (usable or placeholder). */
export function readOdds(odds: Record<string, unknown>): { prices: PriceSet; quoted: Set<number> } {
  const prices = new PriceSet();
  const quoted = new Set<number>();
  for (const [key, value] of Object.entries(odds)) {
    const selection = selectionFor(key);
    if (!selection) continue;
    quoted.add(selection.selectionTypeId);
    // No boost marker is known (`BP`/`IsBP` is one scraper's guess), so nothing is flagged.
    prices.add(selection, value);
  }
  return { prices, quoted };
}
