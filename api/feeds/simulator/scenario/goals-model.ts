/**
 * True outcome probabilities from expected goals: independent Poisson scores with the
 * Dixon-Coles low-score correction (plain Poisson under-prices draws, which real books do not).
 */

export interface GoalExpectation {
  home: number;
  away: number;
}

export interface TrueProbabilities {
  home: number;
  draw: number;
  away: number;
  /** P(total goals > line) per line (0.5 ... 6.5). */
  over: Map<number, number>;
  bothScore: number;
}

export const MAX_GOALS = 10;
/** Dixon and Coles (1997) fitted values near -0.1; a little milder keeps draws near 26-28 %. */
const RHO = -0.08;
export const TOTAL_LINES = [0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5] as const;

function poisson(lambda: number): number[] {
  const p = [Math.exp(-lambda)];
  for (let k = 1; k <= MAX_GOALS; k++) p.push(((p[k - 1] ?? 0) * lambda) / k);
  return p;
}

function lowScoreCorrection(h: number, a: number, xg: GoalExpectation): number {
  if (h === 0 && a === 0) return 1 - xg.home * xg.away * RHO;
  if (h === 0 && a === 1) return 1 + xg.home * RHO;
  if (h === 1 && a === 0) return 1 + xg.away * RHO;
  if (h === 1 && a === 1) return 1 - RHO;
  return 1;
}

export function outcomeProbabilities(xg: GoalExpectation): TrueProbabilities {
  const ph = poisson(xg.home);
  const pa = poisson(xg.away);
  let total = 0;
  let home = 0;
  let draw = 0;
  let bothScore = 0;
  const byTotal = new Array<number>(2 * MAX_GOALS + 1).fill(0);
  for (let h = 0; h <= MAX_GOALS; h++) {
    for (let a = 0; a <= MAX_GOALS; a++) {
      const p = (ph[h] ?? 0) * (pa[a] ?? 0) * lowScoreCorrection(h, a, xg);
      total += p;
      if (h > a) home += p;
      else if (h === a) draw += p;
      if (h > 0 && a > 0) bothScore += p;
      byTotal[h + a] = (byTotal[h + a] ?? 0) + p;
    }
  }
  const over = new Map<number, number>();
  for (const line of TOTAL_LINES) {
    const under = byTotal.slice(0, Math.ceil(line)).reduce((s, p) => s + p, 0);
    over.set(line, 1 - under / total);
  }
  return {
    home: home / total,
    draw: draw / total,
    away: (total - home - draw) / total,
    over,
    bothScore: bothScore / total,
  };
}

/**
 * The full-time score matrix, matrix[h][a] = P(h:a) for scores up to MAX_GOALS each, normalised
 * to 1: the cells `outcomeProbabilities` sums, for the markets beyond the four (market-model.ts).
 */
export function scoreMatrix(xg: GoalExpectation): number[][] {
  const ph = poisson(xg.home);
  const pa = poisson(xg.away);
  const matrix = ph.map((p, h) => pa.map((q, a) => p * q * lowScoreCorrection(h, a, xg)));
  const total = matrix.reduce((s, row) => s + row.reduce((r, p) => r + p, 0), 0);
  return matrix.map((row) => row.map((p) => p / total));
}
