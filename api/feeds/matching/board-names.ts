/**
 * The whole-board join's names (docs/design.md, Matching the whole board): listings prepared for
 * it, fixtures as they grow, and how a listing's names are scored against every spelling known
 * for a fixture's teams, with the matcher's own similarity and thresholds.
 */
import type { BoardListing } from "./board-join.ts";
import type { TeamSpellings } from "./board-spellings.ts";
import { passes, type Fit } from "./clusters.ts";
import { refSimilarity, teamRef, type TeamRef } from "./similarity.ts";
import type { MatchOptions } from "./types.ts";

/** A listing with our competition, its matchday in the competition's zone, its names prepared and its place in the join's order. */
export interface ListingEntry {
  listing: BoardListing;
  competitionId: number;
  matchday: string;
  at: number;
  home: TeamRef;
  away: TeamRef;
  rank: number;
}

/** A listing in a fixture; `swapped` when its book lists the sides the other way round. */
export interface ListingMember {
  entry: ListingEntry;
  swapped: boolean;
}

/** A fixture as the join grows it: the kick-off gate measures from `anchor`, its first listing's kick-off. */
export interface ListingCluster {
  competitionId: number;
  matchday: string;
  anchor: number;
  srMatch?: string;
  members: ListingMember[];
}

/** Scores are sums of fractions: compare with a little slack, as the matcher does. */
export const SCORE_SLACK = 1e-9;

/** Team names prepared once, and pairs of them scored once, per join: a name meets many candidates. */
export class BoardNames {
  private readonly cache = new Map<string, TeamRef>();
  private readonly scores = new Map<TeamRef, Map<TeamRef, number>>();

  similarity(a: TeamRef, b: TeamRef): number {
    let row = this.scores.get(a);
    if (!row) this.scores.set(a, (row = new Map()));
    let score = row.get(b);
    if (score === undefined) row.set(b, (score = refSimilarity(a, b)));
    return score;
  }

  of(name: string, competitionId: number): TeamRef {
    const key = `${competitionId}\u0000${name}`;
    let ref = this.cache.get(key);
    if (!ref) this.cache.set(key, (ref = teamRef(name, competitionId)));
    return ref;
  }
}

/** The best of an offer's names against each side's spellings, in both orientations. */
export function fitSpellings(refs: BoardNames, entry: ListingEntry, homes: readonly TeamRef[], aways: readonly TeamRef[]): Fit {
  const best = (ref: TeamRef, spellings: readonly TeamRef[]) => Math.max(0, ...spellings.map((s) => refs.similarity(ref, s)));
  const [home, away] = [best(entry.home, homes), best(entry.away, aways)];
  const [crossedHome, crossedAway] = [best(entry.away, homes), best(entry.home, aways)];
  const straight = (home + away) / 2;
  const crossed = (crossedHome + crossedAway) / 2;
  return crossed > straight ? { home: crossedHome, away: crossedAway, mean: crossed, swapped: true } : { home, away, mean: straight, swapped: false };
}

/** The other orientation's mean, to tell whether the names decided the orientation at all. */
function otherMean(refs: BoardNames, entry: ListingEntry, homes: readonly TeamRef[], aways: readonly TeamRef[], chosen: Fit): number {
  const best = (ref: TeamRef, spellings: readonly TeamRef[]) => Math.max(0, ...spellings.map((s) => refs.similarity(ref, s)));
  return chosen.swapped ? (best(entry.home, homes) + best(entry.away, aways)) / 2 : (best(entry.away, homes) + best(entry.home, aways)) / 2;
}

/** A member's names and SportyBet competitor ids in the fixture's orientation. */
export function orientedSides(member: ListingMember): { names: [TeamRef, TeamRef]; ids?: [string, string] } {
  const { home, away, listing } = member.entry;
  const ids = listing.fixture.teamIds;
  if (!member.swapped) return { names: [home, away], ...(ids ? { ids } : {}) };
  return { names: [away, home], ...(ids ? { ids: [ids[1], ids[0]] } : {}) };
}

/** Each side's spellings: every member's, and every spelling learnt for the SportyBet team. */
export function spellingsOf(cluster: ListingCluster, spellings: TeamSpellings, refs: BoardNames): [TeamRef[], TeamRef[]] {
  const homes: TeamRef[] = [];
  const aways: TeamRef[] = [];
  for (const member of cluster.members) {
    const { names, ids } = orientedSides(member);
    homes.push(names[0]);
    aways.push(names[1]);
    if (!ids) continue;
    for (const name of spellings.of(ids[0])) homes.push(refs.of(name, cluster.competitionId));
    for (const name of spellings.of(ids[1])) aways.push(refs.of(name, cluster.competitionId));
  }
  return [[...new Set(homes)], [...new Set(aways)]];
}

/**
 * The Sportradar id decides membership; names only say whether a book lists the sides reversed
 * (a final on neutral ground). They decide it when one orientation fits at least one team at the
 * matcher's team threshold and leads the other by its margin, or, as the matcher has it, when the
 * reversed orientation passes.
 */
export function orientationOf(entry: ListingEntry, cluster: ListingCluster, refs: BoardNames, spellings: TeamSpellings, options: Required<MatchOptions>): { swapped: boolean; decided: boolean } {
  const [homes, aways] = spellingsOf(cluster, spellings, refs);
  const chosen = fitSpellings(refs, entry, homes, aways);
  const decided = Math.max(chosen.home, chosen.away) >= options.minTeamScore - SCORE_SLACK && chosen.mean - otherMean(refs, entry, homes, aways, chosen) >= options.minMargin - SCORE_SLACK;
  return { swapped: chosen.swapped && (decided || passes(chosen, options)), decided };
}
