/**
 * True probabilities of every catalogue type's selections (docs/design.md, Simulator), from the
 * same goals model as the four families (goals-model.ts: independent Poisson with the Dixon-Coles
 * low-score correction):
 * - the full-time score matrix is goals-model.ts's, so 1X2 read from it is the 1X2 priced there;
 * - halves: each side's goals split into halves independently, FIRST_HALF_SHARE of them in the first
 *   (a Poisson process thinned: given h full-time goals, the first half's are binomial(h, share)),
 *   so the half markets and HT/FT add up to the full-time matrix exactly;
 * - 1UP and 2UP: given the final score the goals' order is uniformly random (what constant-rate
 *   Poisson scoring implies), so the chance a side was ever k up follows from the ballot
 *   (reflection) count: C(h+a, h-k) of the C(h+a, h) orders reach a home lead of k.
 */
import { MAX_GOALS, scoreMatrix, type GoalExpectation } from "./goals-model.ts";

/** Share of each side's expected goals scored in the first half: about 45 % in top-flight football. */
export const FIRST_HALF_SHARE = 0.45;
/** Highest score per side a correct-score selection names; the rest is "any other". */
export const CS_MAX = 4;


function binomialTable(share: number): number[][] {
  const table: number[][] = [];
  for (let n = 0; n <= MAX_GOALS; n++) {
    const row: number[] = [];
    let c = 1;
    for (let k = 0; k <= n; k++) {
      row.push(c * share ** k * (1 - share) ** (n - k));
      c = (c * (n - k)) / (k + 1);
    }
    table.push(row);
  }
  return table;
}
const SPLIT = binomialTable(FIRST_HALF_SHARE);

function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return c;
}

/** P(the home side was ever `lead` goals up | final h:a), goals in uniformly random order. */
function everLeads(h: number, a: number, lead: number): number {
  if (h - a >= lead) return 1;
  if (h < lead) return 0;
  return choose(h + a, h - lead) / choose(h + a, h);
}

interface HalfTotals {
  /** P(first-half result) by result index (0 home, 1 draw, 2 away). */
  firstResult: Float64Array;
  /** [first-half result x 3 + full-time result]. */
  htft: Float64Array;
  /** P(first-half goals = n), P(second-half goals = n). */
  firstGoals: Float64Array;
  secondGoals: Float64Array;
  homeWinsAHalf: number;
  awayWinsAHalf: number;
}

const resultIndex = (h: number, a: number): number => (h > a ? 0 : h === a ? 1 : 2);

export class MarketModel {
  /** matrix[h][a]: P(full time h:a), summing to 1. */
  readonly matrix: number[][];
  private halvesMemo: HalfTotals | undefined;
  private readonly asianMemo = new Map<number, [number, number]>();

  constructor(xg: GoalExpectation) {
    this.matrix = scoreMatrix(xg);
  }

  private sum(test: (h: number, a: number) => boolean): number {
    let total = 0;
    for (let h = 0; h < this.matrix.length; h++) {
      const row = this.matrix[h] as number[];
      for (let a = 0; a < row.length; a++) if (test(h, a)) total += row[a] as number;
    }
    return total;
  }

  private get halves(): HalfTotals {
    if (this.halvesMemo) return this.halvesMemo;
    const firstResult = new Float64Array(3);
    const htft = new Float64Array(9);
    const firstGoals = new Float64Array(2 * MAX_GOALS + 1);
    const secondGoals = new Float64Array(2 * MAX_GOALS + 1);
    let homeWinsAHalf = 0;
    let awayWinsAHalf = 0;
    for (let h = 0; h < this.matrix.length; h++) {
      const row = this.matrix[h] as number[];
      const splitH = SPLIT[h] as number[];
      for (let a = 0; a < row.length; a++) {
        const p = row[a] as number;
        // Scores this unlikely change no price at two decimals.
        if (p < 1e-9) continue;
        const ft = resultIndex(h, a);
        const splitA = SPLIT[a] as number[];
        for (let h1 = 0; h1 <= h; h1++) {
          const ph = p * (splitH[h1] as number);
          for (let a1 = 0; a1 <= a; a1++) {
            const q = ph * (splitA[a1] as number);
            const h2 = h - h1;
            const a2 = a - a1;
            const ht = resultIndex(h1, a1);
            firstResult[ht] = (firstResult[ht] as number) + q;
            htft[ht * 3 + ft] = (htft[ht * 3 + ft] as number) + q;
            firstGoals[h1 + a1] = (firstGoals[h1 + a1] as number) + q;
            secondGoals[h2 + a2] = (secondGoals[h2 + a2] as number) + q;
            if (h1 > a1 || h2 > a2) homeWinsAHalf += q;
            if (a1 > h1 || a2 > h2) awayWinsAHalf += q;
          }
        }
      }
    }
    // Renormalised over what the skipped cells leave, so each half market sums to 1.
    const total = firstResult.reduce((s, q) => s + q, 0);
    const scale = (values: Float64Array) => values.map((q) => q / total);
    return (this.halvesMemo = {
      firstResult: scale(firstResult),
      htft: scale(htft),
      firstGoals: scale(firstGoals),
      secondGoals: scale(secondGoals),
      homeWinsAHalf: homeWinsAHalf / total,
      awayWinsAHalf: awayWinsAHalf / total,
    });
  }

  result(): [number, number, number] {
    return [this.sum((h, a) => h > a), this.sum((h, a) => h === a), this.sum((h, a) => h < a)];
  }

  /** [over, under] of a side's goals (`h`, `a`) or the match's (`h+a`) over a .5 line. */
  total(quantity: "h" | "a" | "h+a", line: number): [number, number] {
    const over = this.sum((h, a) => (quantity === "h" ? h : quantity === "a" ? a : h + a) > line);
    return [over, 1 - over];
  }

  /** [over, under] of a half's goals over a .5 line. */
  halfTotal(half: "1H" | "2H", line: number): [number, number] {
    const goals = half === "1H" ? this.halves.firstGoals : this.halves.secondGoals;
    const over = goals.reduce((s, p, n) => s + (n > line ? p : 0), 0);
    return [over, 1 - over];
  }

  firstHalfResult(): [number, number, number] {
    const [home = 0, draw = 0, away = 0] = this.halves.firstResult;
    return [home, draw, away];
  }

  /** The nine HT/FT outcomes in the catalogue's order: home/home, home/draw, ... away/away. */
  htft(): number[] {
    return [...this.halves.htft];
  }

  /** The catalogue's correct scores 0:0 ... 4:4 (home goals first, then away), then any other. */
  correctScore(): number[] {
    const scores: number[] = [];
    for (let h = 0; h <= CS_MAX; h++) for (let a = 0; a <= CS_MAX; a++) scores.push(this.matrix[h]?.[a] ?? 0);
    return [...scores, 1 - scores.reduce((s, p) => s + p, 0)];
  }

  /** Draw No Bet: the two sides' chances with the draw (a void) left out. */
  drawNoBet(): [number, number] {
    const [home, , away] = this.result();
    return [home / (home + away), away / (home + away)];
  }

  /** The 3-way handicap with `line` goals added to the home side: [home, draw, away]. */
  handicap(line: number): [number, number, number] {
    return [this.sum((h, a) => h + line > a), this.sum((h, a) => h + line === a), this.sum((h, a) => h + line < a)];
  }

  /**
   * An Asian line (goals added to home) as a fair two-way price: on a whole or half line the home
   * side's chance among the outcomes that settle (p_win / (p_win + p_lose), the void share left
   * out); a quarter line the mean of its two neighbours' (docs/design.md, Settlement rules: it
   * stakes half on each).
   */
  asian(line: number): [number, number] {
    const known = this.asianMemo.get(line);
    if (known) return known;
    const fair = this.fairAsian(line);
    this.asianMemo.set(line, fair);
    return fair;
  }

  private fairAsian(line: number): [number, number] {
    if (!Number.isInteger(line * 2)) {
      const [low] = this.asian(line - 0.25);
      const [high] = this.asian(line + 0.25);
      const home = (low + high) / 2;
      return [home, 1 - home];
    }
    const win = this.sum((h, a) => h + line > a);
    const lose = this.sum((h, a) => h + line < a);
    return [win / (win + lose), lose / (win + lose)];
  }

  /** [yes, no]: the side wins the first half or the second. */
  winsEitherHalf(side: "home" | "away"): [number, number] {
    const yes = side === "home" ? this.halves.homeWinsAHalf : this.halves.awayWinsAHalf;
    return [yes, 1 - yes];
  }

  /**
   * SportyBet's 1UP (lead 1) and 2UP (lead 2): a side's bet pays as soon as it leads by that many,
   * else on the result; the draw on the result. So [P(home ever `lead` up), P(draw), P(away ever
   * `lead` up)], which sum to more than 1 (a side can lead and be caught): not an exclusive set.
   */
  earlyPayout(lead: number): [number, number, number] {
    let home = 0;
    let away = 0;
    this.matrix.forEach((row, h) =>
      row.forEach((p, a) => {
        if (p < 1e-12) return;
        home += p * everLeads(h, a, lead);
        away += p * everLeads(a, h, lead);
      }),
    );
    return [home, this.sum((h, a) => h === a), away];
  }
}
