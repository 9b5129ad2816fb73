/**
 * How each bookmaker turns true probabilities into prices. Targets span the 1.5-8 % that real
 * top-league margins run at (docs/design.md, Typical margins): 1xBet near
 * 1.5 %, SportyBet's 1X2 near 3 % with its O/U near 6 %, Bet9ja and NairaBet up to 8 %. So the
 * margin badges show both colours a real top-league market can earn (primary at or below 5 %,
 * warning above). Double Chance targets use the "halved" definition (docs/design.md, Margins).
 */
import type { BookmakerKey } from "../../types.ts";

/** The four families the simulator always priced. */
export type LegacyKind = "1X2" | "DC" | "OU" | "BTTS";
/**
 * The catalogue's other types (docs/design.md, Market catalogue): team totals, half totals, Draw
 * No Bet, first-half 1X2, HT/FT, correct score, 3-way and Asian handicaps, win either half, 1UP/2UP.
 */
export type CatalogueKind =
  | "HOU"
  | "AOU"
  | "1HOU"
  | "2HOU"
  | "DNB"
  | "1H1X2"
  | "HTFT"
  | "CS"
  | "HCP"
  | "AH"
  | "HWEH"
  | "AWEH"
  | "1UP"
  | "2UP";
export type MarketKind = LegacyKind | CatalogueKind;

export interface MarginProfile {
  /** Target margins as fractions (0.055 = 5.5 %). */
  margins: Record<MarketKind, number>;
  /** Decimal places of quoted prices. */
  decimals: number;
}

/**
 * The other types as real books load them (docs/design.md, Simulator): many-way markets
 * (correct score, HT/FT) 15-30 %, team and half totals 6-9 %, Asian handicap 4-6 %, 1xBet lower
 * everywhere. A book prices only the types markets.json gives it ids for; the others' entries are
 * there for completeness.
 */
export const MARGIN_PROFILES: Record<BookmakerKey, MarginProfile> = {
  bet9ja: {
    margins: {
      "1X2": 0.055,
      OU: 0.065,
      BTTS: 0.075,
      DC: 0.078,
      HOU: 0.08, AOU: 0.08, "1HOU": 0.085, "2HOU": 0.085, DNB: 0.065, "1H1X2": 0.09, HTFT: 0.26, CS: 0.28, HCP: 0.09, AH: 0.055, HWEH: 0.08, AWEH: 0.08, "1UP": 0.09, "2UP": 0.09,
    },
    decimals: 2,
  },
  sportybet: {
    margins: {
      "1X2": 0.03,
      OU: 0.06,
      BTTS: 0.055,
      DC: 0.045,
      HOU: 0.07, AOU: 0.07, "1HOU": 0.075, "2HOU": 0.075, DNB: 0.05, "1H1X2": 0.075, HTFT: 0.2, CS: 0.22, HCP: 0.075, AH: 0.045, HWEH: 0.07, AWEH: 0.07, "1UP": 0.08, "2UP": 0.07,
    },
    decimals: 2,
  },
  betking: {
    margins: {
      "1X2": 0.045,
      OU: 0.05,
      BTTS: 0.065,
      DC: 0.07,
      HOU: 0.075, AOU: 0.075, "1HOU": 0.08, "2HOU": 0.08, DNB: 0.06, "1H1X2": 0.085, HTFT: 0.23, CS: 0.25, HCP: 0.085, AH: 0.05, HWEH: 0.075, AWEH: 0.075, "1UP": 0.085, "2UP": 0.085,
    },
    decimals: 2,
  },
  nairabet: {
    margins: {
      "1X2": 0.05,
      OU: 0.07,
      BTTS: 0.078,
      DC: 0.075,
      HOU: 0.085, AOU: 0.085, "1HOU": 0.09, "2HOU": 0.09, DNB: 0.07, "1H1X2": 0.09, HTFT: 0.27, CS: 0.3, HCP: 0.09, AH: 0.06, HWEH: 0.085, AWEH: 0.085, "1UP": 0.09, "2UP": 0.09,
    },
    decimals: 2,
  },
  "1xbet": {
    margins: {
      "1X2": 0.018,
      OU: 0.02,
      BTTS: 0.03,
      DC: 0.028,
      HOU: 0.035, AOU: 0.035, "1HOU": 0.04, "2HOU": 0.04, DNB: 0.025, "1H1X2": 0.04, HTFT: 0.12, CS: 0.15, HCP: 0.04, AH: 0.025, HWEH: 0.035, AWEH: 0.035, "1UP": 0.04, "2UP": 0.04,
    },
    decimals: 3,
  },
};

/** NairaBet's "Enhanced Prices" 1X2 runs near 3 % (the captured payload's three boosted markets all sum to 1.031). */
export const ENHANCED_MARGIN = 0.031;

/** Below this a price reads as a suspended placeholder (docs/design.md, Adapters), so live prices never go there. */
export const MIN_PRICE = 1.02;

/**
 * Power-method margin: each probability p becomes p^c with c < 1 chosen so the implied
 * probabilities sum to `covered * (1 + margin)`. Unlike a flat multiplier it loads the
 * long shots more, as real books do, and never pushes a heavy favourite to 1.00.
 * `covered` is 2 for Double Chance (its selections cover every result twice).
 */
export function applyMargin(probabilities: readonly number[], margin: number, covered = 1): number[] {
  const target = covered * (1 + margin);
  const sum = (c: number) => probabilities.reduce((s, p) => s + p ** c, 0);
  let low = 0.05;
  let high = 1;
  for (let i = 0; i < 50; i++) {
    const mid = (low + high) / 2;
    if (sum(mid) > target) low = mid;
    else high = mid;
  }
  const c = (low + high) / 2;
  return probabilities.map((p) => 1 / p ** c);
}

/**
 * The same power-method margin solved by Newton's method (Σ p^c is convex and falling in c, so from
 * c = 1 it converges in a few steps): for the catalogue's other types, which are many and need no
 * bit-for-bit agreement with `applyMargin`'s bisection, whose prices the four families keep.
 */
export function applyMarginQuick(probabilities: readonly number[], margin: number, covered = 1): number[] {
  const target = covered * (1 + margin);
  const logs = probabilities.map((p) => Math.log(Math.max(p, 1e-12)));
  let c = 1;
  for (let i = 0; i < 12; i++) {
    let sum = 0;
    let slope = 0;
    for (const l of logs) {
      const term = Math.exp(c * l);
      sum += term;
      slope += term * l;
    }
    const next = Math.min(1, Math.max(0.05, c - (sum - target) / slope));
    if (Math.abs(next - c) < 1e-10) {
      c = next;
      break;
    }
    c = next;
  }
  return logs.map((l) => Math.exp(-c * l));
}

export function roundPrice(price: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.max(MIN_PRICE, Math.round(price * factor) / factor);
}

/** Margin in percent as docs/design.md, Margins defines it. */
export function marginPercent(prices: readonly number[], covered = 1): number {
  return (prices.reduce((s, p) => s + 1 / p, 0) / covered - 1) * 100;
}
