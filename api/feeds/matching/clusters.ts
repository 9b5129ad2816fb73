import { BOOKMAKER_ID_BY_KEY, type Offer } from "../types.ts";
import { refSimilarity, teamRef, type TeamRef } from "./similarity.ts";
import type { MatchOptions, UnmatchedOffer } from "./types.ts";

/** An offer with its names prepared and its place in the deterministic order. */
export interface Entry {
  offer: Offer;
  home: TeamRef;
  away: TeamRef;
  at: number;
  rank: number;
}

export interface Member {
  entry: Entry;
  swapped: boolean;
}

export interface Cluster {
  competitionId: number;
  /** Kick-off of the first member: the point the time gate measures from. */
  anchor: number;
  srId: string | undefined;
  members: Member[];
}

export interface Fit {
  home: number;
  away: number;
  mean: number;
  /** The offer's home team is the cluster's away team. */
  swapped: boolean;
}

export function toEntries(offers: readonly Offer[]): Omit<Entry, "rank">[] {
  return offers.map((offer) => ({
    offer,
    home: teamRef(offer.home, offer.competitionId),
    away: teamRef(offer.away, offer.competitionId),
    at: offer.kickoff.getTime(),
  }));
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A total order on offers, so the result never depends on the order adapters answered in. */
export function compareEntries(a: Omit<Entry, "rank">, b: Omit<Entry, "rank">): number {
  return (
    a.offer.competitionId - b.offer.competitionId ||
    a.at - b.at ||
    BOOKMAKER_ID_BY_KEY[a.offer.bookmaker] - BOOKMAKER_ID_BY_KEY[b.offer.bookmaker] ||
    compareText(a.offer.externalId, b.offer.externalId) ||
    compareText(a.offer.home, b.offer.home) ||
    compareText(a.offer.away, b.offer.away) ||
    compareText(a.offer.srId ?? "", b.offer.srId ?? "") ||
    compareText(JSON.stringify(a.offer.prices), JSON.stringify(b.offer.prices))
  );
}

/** The member's team names in the cluster's orientation. */
export function sides(member: Member): [TeamRef, TeamRef] {
  const { home, away } = member.entry;
  return member.swapped ? [away, home] : [home, away];
}

/**
 * An offer against a cluster, in both orientations. Each side takes its best score over the
 * members, because every member is another spelling of the same two clubs.
 */
export function fit(entry: Entry, members: readonly Member[]): Fit {
  let straight = [0, 0];
  let crossed = [0, 0];
  for (const member of members) {
    const [home, away] = sides(member);
    straight = [
      Math.max(straight[0] ?? 0, refSimilarity(entry.home, home)),
      Math.max(straight[1] ?? 0, refSimilarity(entry.away, away)),
    ];
    crossed = [
      Math.max(crossed[0] ?? 0, refSimilarity(entry.away, home)),
      Math.max(crossed[1] ?? 0, refSimilarity(entry.home, away)),
    ];
  }
  const [home = 0, away = 0] = straight;
  const [crossedHome = 0, crossedAway = 0] = crossed;
  const straightMean = (home + away) / 2;
  const crossedMean = (crossedHome + crossedAway) / 2;
  return crossedMean > straightMean
    ? { home: crossedHome, away: crossedAway, mean: crossedMean, swapped: true }
    : { home, away, mean: straightMean, swapped: false };
}

/** Scores are sums of fractions: compare with a little slack so 0.8 counts as 0.8. */
const EPSILON = 1e-9;

export function passes(score: Fit, options: Required<MatchOptions>): boolean {
  const least = Math.min(score.home, score.away);
  return least >= options.minTeamScore - EPSILON && score.mean >= options.minMeanScore - EPSILON;
}

/**
 * Clusters live in buckets one window wide per competition, so an offer only meets the
 * clusters of its own and the two neighbouring buckets: near-linear instead of all pairs.
 */
class ClusterIndex {
  private readonly buckets = new Map<string, Cluster[]>();
  readonly all: Cluster[] = [];

  constructor(private readonly windowMs: number) {}

  private bucketKey(competitionId: number, at: number, shift: number): string {
    return `${competitionId}:${Math.floor(at / this.windowMs) + shift}`;
  }

  add(cluster: Cluster): void {
    this.all.push(cluster);
    const key = this.bucketKey(cluster.competitionId, cluster.anchor, 0);
    this.buckets.set(key, [...(this.buckets.get(key) ?? []), cluster]);
  }

  near(entry: Entry): Cluster[] {
    const { competitionId } = entry.offer;
    return [-1, 0, 1]
      .flatMap((shift) => this.buckets.get(this.bucketKey(competitionId, entry.at, shift)) ?? [])
      .filter((cluster) => Math.abs(cluster.anchor - entry.at) <= this.windowMs);
  }
}

/**
 * The digits of a Sportradar match id: SportyBet's "sr:match:N", Bet9ja's bare EXTID and
 * BetKing's ExtProvIDItem name one match by the same number (docs/design.md, Matching).
 */
export function sportradarDigits(srId: string): string | undefined {
  const digits = /(\d+)\s*$/.exec(srId)?.[1];
  return digits === undefined ? undefined : String(Number(digits));
}

function seed(entry: Entry, srId: string | undefined): Cluster {
  return {
    competitionId: entry.offer.competitionId,
    anchor: entry.at,
    srId,
    members: [{ entry, swapped: false }],
  };
}

function describe(cluster: Cluster): string {
  const [home, away] = cluster.members[0] ? sides(cluster.members[0]) : [];
  return `${home?.name ?? "?"} v ${away?.name ?? "?"}`;
}

/**
 * Groups entries (already in deterministic order) into clusters: first by Sportradar id, then
 * by kick-off gate and names. Offers with two known clubs go before fuzzy ones, so a fuzzy
 * name is weighed against every well-identified fixture rather than whichever came first.
 * Clusters may still hold two offers of one bookmaker; the caller keeps the better one.
 */
export function buildClusters(
  entries: readonly Entry[],
  options: Required<MatchOptions>,
): { clusters: Cluster[]; ambiguous: UnmatchedOffer[] } {
  const index = new ClusterIndex(options.windowMs);
  const bySrId = new Map<string, Cluster>();
  const ambiguous: UnmatchedOffer[] = [];

  for (const entry of entries) {
    const { srId } = entry.offer;
    const digits = srId === undefined ? undefined : sportradarDigits(srId);
    if (srId === undefined || digits === undefined) continue;
    const cluster = bySrId.get(`${entry.offer.competitionId}:${digits}`);
    if (!cluster) {
      const created = seed(entry, `sr:match:${digits}`);
      bySrId.set(`${entry.offer.competitionId}:${digits}`, created);
      index.add(created);
      continue;
    }
    // The id decides membership; names only say whether the sides are listed reversed.
    const score = fit(entry, cluster.members);
    cluster.members.push({ entry, swapped: score.swapped && passes(score, options) });
  }

  const rest = entries.filter((entry) => entry.offer.srId === undefined || sportradarDigits(entry.offer.srId) === undefined);
  const known = (entry: Entry) => entry.home.club !== undefined && entry.away.club !== undefined;
  for (const entry of [...rest.filter(known), ...rest.filter((entry) => !known(entry))]) {
    const ranked = index
      .near(entry)
      .map((cluster) => ({ cluster, score: fit(entry, cluster.members) }))
      .sort((a, b) => b.score.mean - a.score.mean);
    const [best, runnerUp] = ranked;
    if (!best || !passes(best.score, options)) {
      index.add(seed(entry, undefined));
    } else if (runnerUp && best.score.mean - runnerUp.score.mean < options.minMargin - EPSILON) {
      ambiguous.push({
        offer: entry.offer,
        reason: "ambiguous",
        detail: `fits both ${describe(best.cluster)} (${best.score.mean.toFixed(2)}) and ${describe(runnerUp.cluster)} (${runnerUp.score.mean.toFixed(2)})`,
      });
    } else {
      best.cluster.members.push({ entry, swapped: best.score.swapped });
    }
  }
  return { clusters: index.all, ambiguous };
}
