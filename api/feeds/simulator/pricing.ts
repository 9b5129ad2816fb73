/**
 * One bookmaker's prices for one fixture at one instant. Everything is a hash of
 * (seed, bookmaker, fixture, time bucket), so prices are reproducible at any instant without
 * state, constant within a PRICE_STEP_MS bucket, and drift from one bucket to the next.
 */
import type { BookmakerKey } from "../types.ts";
import { outcomeProbabilities, TOTAL_LINES, type GoalExpectation } from "./goals-model.ts";
import { leagueById } from "./leagues.ts";
import { applyMargin, ENHANCED_MARGIN, MARGIN_PROFILES, roundPrice, type MarketKind } from "./margins.ts";
import { signedUnit, unit } from "./random.ts";
import { DAY_MS, type SimFixture } from "./schedule.ts";

/** Prices only change on these boundaries; kick-offs fall on them too, so a bucket's payload is fixed. */
export const PRICE_STEP_MS = 5 * 60_000;

export interface QuotedMarket {
  kind: MarketKind;
  /** Goal line of an Over/Under market, else null. */
  line: number | null;
  /** In the market's selection order: 1/X/2, 1X/12/X2, over/under, yes/no. */
  prices: number[];
  suspended: boolean;
  /** Only NairaBet marks boosts ("1x2 - Enhanced Prices"); the others carry no such flag. */
  boosted: boolean;
}

const HOME_ADVANTAGE = 0.12;
/** Log expected goals per strength point on each side: 18 points apart is about 2.6 v 0.7. */
const STRENGTH_SCALE = 0.03;
/** Step-noise octaves [period, amplitude in log expected goals]: quick jitter over slow trends. */
const DRIFT_OCTAVES: [number, number][] = [
  [PRICE_STEP_MS, 0.012],
  [6 * PRICE_STEP_MS, 0.025],
  [48 * PRICE_STEP_MS, 0.04],
  [DAY_MS, 0.05],
];
const SERVED_LINES: Record<BookmakerKey, readonly number[]> = {
  // Bet9ja's league list carries O/U 0.5-6.5 (feeds README); the others stop at 4.5.
  bet9ja: TOTAL_LINES,
  sportybet: [0.5, 1.5, 2.5, 3.5, 4.5],
  betking: [0.5, 1.5, 2.5, 3.5, 4.5],
  nairabet: [0.5, 1.5, 2.5, 3.5, 4.5],
  "1xbet": [0.5, 1.5, 2.5, 3.5, 4.5],
};
/** Share of fixtures where a bookmaker does not offer a market at all, so the data looks real. */
const GAPS: Partial<Record<BookmakerKey, Partial<Record<string, number>>>> = {
  bet9ja: { "OU0.5": 0.3 },
  betking: { "OU4.5": 0.2 },
  nairabet: { BTTS: 0.15 },
  "1xbet": { BTTS: 0.3 },
};
const UNLISTED_SHARE = 0.04;
const SUSPENDED_SHARE = 0.02;
const BOOSTED_SHARE = 0.3;
const BOOST_PERIOD_MS = 6 * 60 * 60_000;

function drift(seed: number, fixture: SimFixture, side: string, t: number): number {
  return DRIFT_OCTAVES.reduce(
    (sum, [period, amplitude]) =>
      sum + amplitude * signedUnit(seed, "drift", fixture.serial, side, period, Math.floor(t / period)),
    0,
  );
}

/** The market's consensus expected goals: strengths, home advantage, a fixture twist, drift. */
export function consensusGoals(seed: number, fixture: SimFixture, t: number): GoalExpectation {
  const base = leagueById(fixture.competitionId)?.goalsPerTeam ?? 1.35;
  const gap = STRENGTH_SCALE * (fixture.home.strength - fixture.away.strength);
  const twist = (side: string) => 0.06 * signedUnit(seed, "twist", fixture.serial, side);
  return {
    home: base * Math.exp(gap + HOME_ADVANTAGE + twist("h") + drift(seed, fixture, "h", t)),
    away: base * Math.exp(-gap - HOME_ADVANTAGE + twist("a") + drift(seed, fixture, "a", t)),
  };
}

/** Each book's own view: a standing lean on some clubs plus its traders' moves every 15 minutes. */
function bookmakerGoals(seed: number, bk: BookmakerKey, fixture: SimFixture, t: number): GoalExpectation {
  const xg = consensusGoals(seed, fixture, t);
  const bucket = Math.floor(t / (3 * PRICE_STEP_MS));
  const lean = (side: string, club: string) =>
    0.015 * signedUnit(seed, "lean", bk, club) +
    0.015 * signedUnit(seed, "view", bk, fixture.serial, side, bucket);
  return {
    home: xg.home * Math.exp(lean("h", fixture.home.key)),
    away: xg.away * Math.exp(lean("a", fixture.away.key)),
  };
}

export function listsFixture(seed: number, bk: BookmakerKey, fixture: SimFixture): boolean {
  return unit(seed, "listed", bk, fixture.serial) >= UNLISTED_SHARE;
}

/** All markets one bookmaker quotes for a fixture at instant t, or null when it does not list it. */
export function quoteFixture(
  seed: number,
  bk: BookmakerKey,
  fixture: SimFixture,
  t: number,
): QuotedMarket[] | null {
  if (!listsFixture(seed, bk, fixture)) return null;
  const profile = MARGIN_PROFILES[bk];
  const p = outcomeProbabilities(bookmakerGoals(seed, bk, fixture, t));
  const candidates: { kind: MarketKind; line: number | null; probabilities: number[] }[] = [
    { kind: "1X2", line: null, probabilities: [p.home, p.draw, p.away] },
    { kind: "DC", line: null, probabilities: [p.home + p.draw, p.home + p.away, p.draw + p.away] },
    ...SERVED_LINES[bk].map((line) => {
      const over = p.over.get(line) ?? 0.5;
      return { kind: "OU" as const, line, probabilities: [over, 1 - over] };
    }),
    { kind: "BTTS", line: null, probabilities: [p.bothScore, 1 - p.bothScore] },
  ];
  const boostBucket = Math.floor(t / BOOST_PERIOD_MS);
  const biasBucket = Math.floor(t / (6 * PRICE_STEP_MS));
  const markets: QuotedMarket[] = [];
  for (const { kind, line, probabilities } of candidates) {
    const code = `${kind}${line ?? ""}`;
    if (unit(seed, "gap", bk, fixture.serial, code) < (GAPS[bk]?.[code] ?? 0)) continue;
    const covered = kind === "DC" ? 2 : 1;
    // A small per-selection lean that changes every half hour, so the best price moves between books.
    const leaned = probabilities.map(
      (q, i) => q * Math.exp(0.012 * signedUnit(seed, "bias", bk, fixture.serial, code, i, biasBucket)),
    );
    const scale = covered / leaned.reduce((s, q) => s + q, 0);
    const boosted =
      bk === "nairabet" && kind === "1X2" && unit(seed, "boost", fixture.serial, boostBucket) < BOOSTED_SHARE;
    const margin = boosted
      ? ENHANCED_MARGIN
      : profile.margins[kind] + 0.004 * signedUnit(seed, "margin", bk, fixture.serial, code);
    // Altenar serves some Double Chance prices unrounded (1.2858 in the captured payload).
    const rawDc = bk === "nairabet" && kind === "DC" && unit(seed, "raw-dc", fixture.serial) < 0.3;
    const decimals = rawDc ? 4 : profile.decimals;
    markets.push({
      kind,
      line,
      prices: applyMargin(
        leaned.map((q) => q * scale),
        margin,
        covered,
      ).map((price) => roundPrice(price, decimals)),
      suspended:
        unit(seed, "suspend", bk, fixture.serial, code, Math.floor(t / PRICE_STEP_MS)) < SUSPENDED_SHARE,
      boosted,
    });
  }
  return markets;
}
