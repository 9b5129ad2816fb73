import { CLUBS, canonicalClub, normaliseTeamName } from "./teams.ts";
import type { Club } from "./club.ts";

/** A team name prepared once per offer, because the matcher compares each one many times. */
export interface TeamRef {
  name: string;
  normalised: string;
  club: Club | undefined;
}

export function teamRef(name: string, competitionId?: number): TeamRef {
  return { name, normalised: normaliseTeamName(name), club: canonicalClub(name, competitionId) };
}

const normalisedNamesByClub: ReadonlyMap<string, readonly string[]> = new Map(
  CLUBS.map((club) => [club.id, [...new Set([club.name, ...club.aliases].map(normaliseTeamName))]]),
);

function bigrams(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i < text.length - 1; i += 1) {
    const pair = text.slice(i, i + 2);
    counts.set(pair, (counts.get(pair) ?? 0) + 1);
  }
  return counts;
}

/** Sørensen-Dice over character bigrams (a multiset, so "aaaa" is not "aa"), spaces ignored. */
function diceOfNormalised(a: string, b: string): number {
  const left = a.replace(/ /g, "");
  const right = b.replace(/ /g, "");
  if (left === right) return 1;
  const leftPairs = bigrams(left);
  const rightPairs = bigrams(right);
  const total = left.length - 1 + (right.length - 1);
  if (leftPairs.size === 0 || rightPairs.size === 0) return 0;
  let shared = 0;
  for (const [pair, count] of leftPairs) shared += Math.min(count, rightPairs.get(pair) ?? 0);
  return (2 * shared) / total;
}

/** Bigram Dice coefficient of two team names after normalisation, 0..1. */
export function diceSimilarity(a: string, b: string): number {
  return diceOfNormalised(normaliseTeamName(a), normaliseTeamName(b));
}

/**
 * One word against another. A prefix is how bookmakers abbreviate ("Man", "Atl", "Wolverhampton W"),
 * and a same-initial subsequence how they contract ("Mgladbach"); anything else falls back to Dice.
 */
function tokenScore(a: string, b: string): number {
  if (a === b) return 1;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (long.startsWith(short)) return short.length >= 3 ? 0.9 : 0.7;
  if (short.length >= 3 && short[0] === long[0] && isSubsequence(short, long)) return 0.85;
  return diceOfNormalised(a, b);
}

function isSubsequence(short: string, long: string): boolean {
  let at = 0;
  for (const letter of long) if (letter === short[at]) at += 1;
  return at === short.length;
}

/** Below this a word pairing is coincidence ("madrid"/"sociedad" share one bigram), not evidence. */
const TOKEN_FLOOR = 0.5;

/**
 * Pairs the words of two names greedily, best pair first, each word used once. The total is
 * averaged over the shorter and the longer name alike, so a name that is a subset of the
 * other ("Verona" in "Hellas Verona") scores 0.75: likely, not certain.
 */
function tokenAlignment(a: string, b: string): number {
  const left = a.split(" ");
  const right = b.split(" ");
  const pairs: { i: number; j: number; score: number }[] = [];
  left.forEach((x, i) =>
    right.forEach((y, j) => {
      const score = tokenScore(x, y);
      if (score >= TOKEN_FLOOR) pairs.push({ i, j, score });
    }),
  );
  pairs.sort((p, q) => q.score - p.score || p.i - q.i || p.j - q.j);
  const usedLeft = new Set<number>();
  const usedRight = new Set<number>();
  let total = 0;
  for (const { i, j, score } of pairs) {
    if (usedLeft.has(i) || usedRight.has(j)) continue;
    usedLeft.add(i);
    usedRight.add(j);
    total += score;
  }
  const shorter = Math.min(left.length, right.length);
  const longer = Math.max(left.length, right.length);
  return (total / shorter + total / longer) / 2;
}

/**
 * Word alignment leads; Dice may only lift it halfway towards itself. Dice alone rewards a
 * shared city ("Manchester City" vs "Manchester United" is 0.71 on bigrams), which would
 * sit right at the per-team threshold.
 */
function nameSimilarity(a: string, b: string): number {
  if (a.replace(/ /g, "") === b.replace(/ /g, "")) return 1;
  const aligned = tokenAlignment(a, b);
  return Math.max(aligned, (aligned + diceOfNormalised(a, b)) / 2);
}

/**
 * Two known clubs are the same club or not at all: aliases ("Spurs", "Inter") need not look
 * alike, and near-identical names of two known clubs (the Borussias) must never pair. A known
 * club against an unknown name is scored on the best of the club's spellings.
 */
export function refSimilarity(a: TeamRef, b: TeamRef): number {
  if (a.club && b.club) return a.club.id === b.club.id ? 1 : 0;
  const known = a.club ?? b.club;
  if (known) {
    const other = a.club ? b : a;
    const spellings = normalisedNamesByClub.get(known.id) ?? [];
    return Math.max(0, ...spellings.map((spelling) => nameSimilarity(spelling, other.normalised)));
  }
  return nameSimilarity(a.normalised, b.normalised);
}

/** How likely two bookmakers' team names are the same club, 0..1. */
export function teamSimilarity(a: string, b: string, competitionId?: number): number {
  return refSimilarity(teamRef(a, competitionId), teamRef(b, competitionId));
}
