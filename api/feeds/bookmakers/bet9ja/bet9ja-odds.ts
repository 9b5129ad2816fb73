/** Bet9ja's flat odds map, shared by its league list and its per-event call. */
import { PriceSet, catalogueSelection, type ProductSelection } from "../common.ts";

/**
 * `S_<MARKET>[@<LINE>]_<OUTCOME>`, e.g. "S_1X2_1", "S_OU@2.5_O", "S_GGNG_Y", "S_AH@-0.25_1" (the
 * line is the goals added to home: docs/design.md, Lines), "S_HTFT_1/X", "S_CSFT_2:1".
 */
const ODDS_KEY = /^S_([A-Z0-9]+)(?:@(-?[0-9.]+))?_([A-Z0-9:/]+)$/;
/** Bet9ja prices a closed line "1" and quotes real 1.01s (Over 0.5): only 1 and below are closed. */
const CLOSED_AT_OR_BELOW = 1;

interface OddsKey {
  selection: ProductSelection;
  /** "S_1X2", "S_OU@2.5": how BOOSTED_MARKETS would name the market. */
  market: string;
  /** "S_OU" for a lined market: a boost of every line. */
  marketFamily: string;
}

function parseKey(key: string): OddsKey | undefined {
  const match = ODDS_KEY.exec(key);
  if (!match) return undefined;
  const [, market = "", line, outcome = ""] = match;
  const named = { market: line === undefined ? `S_${market}` : `S_${market}@${line}`, marketFamily: `S_${market}` };
  // As the loaded catalogue maps "S_<MARKET>" and the outcome; a market without lines keyed with a line ("S_1X2@1_1", handicaps and the like) is not ours.
  const selection = catalogueSelection("bet9ja", `S_${market}`, outcome, line, { strictLines: true });
  return selection ? { selection, ...named } : undefined;
}

/**
 * GetEvent's boost fields (docs/design.md, Bet9ja feed): `BOOSTED_ODDS` lists boosted odds
 * keys, `BOOSTED_MARKETS` boosted markets, `IS_BOOSTED` says the event has some. Both real
 * captures carry them empty, so entries are read as the odds map names things ("S_1X2_1",
 * "S_1X2"), as text or inside an object; `IS_BOOSTED` alone names no price and flags none.
 */
export interface Bet9jaBoosts {
  odds: Set<string>;
  markets: Set<string>;
}

function namesIn(list: unknown): Set<string> {
  const names = new Set<string>();
  if (!Array.isArray(list)) return names;
  for (const entry of list) {
    const values = typeof entry === "object" && entry !== null ? Object.values(entry) : [entry];
    for (const value of values) if (typeof value === "string") names.add(value.startsWith("S_") ? value : `S_${value}`);
  }
  return names;
}

export function readBoosts(event: { BOOSTED_ODDS?: unknown; BOOSTED_MARKETS?: unknown }): Bet9jaBoosts {
  return { odds: namesIn(event.BOOSTED_ODDS), markets: namesIn(event.BOOSTED_MARKETS) };
}

const NO_BOOSTS: Bet9jaBoosts = { odds: new Set(), markets: new Set() };

/** Prices of an odds map, and every product selection the map quotes (usable or placeholder). */
export function readOdds(odds: Record<string, unknown>, boosts: Bet9jaBoosts = NO_BOOSTS): { prices: PriceSet; quoted: Set<number> } {
  const prices = new PriceSet(CLOSED_AT_OR_BELOW);
  const quoted = new Set<number>();
  for (const [key, value] of Object.entries(odds)) {
    const parsed = parseKey(key);
    if (!parsed) continue;
    quoted.add(parsed.selection.selectionTypeId);
    const boosted = boosts.odds.has(key) || boosts.markets.has(parsed.market) || boosts.markets.has(parsed.marketFamily);
    prices.add(parsed.selection, value, boosted);
  }
  return { prices, quoted };
}
