import type { Offer } from "../types.ts";

export interface FixtureMember {
  offer: Offer;
  /** The bookmaker lists the sides the other way round: remap its prices with `swapSides`. */
  swapped: boolean;
}

export interface MatchedFixture {
  /** Event identity for the odds store; see `fixtureKey` for why it stays put between runs. */
  key: string;
  competitionId: number;
  /** Display names: the canonical club's name when known, else the members' most used spelling. */
  home: string;
  away: string;
  homeClubId?: string;
  awayClubId?: string;
  /** The kick-off most members agree on; ties go to the earliest. */
  kickoff: Date;
  srId?: string;
  /** At most one per bookmaker, in bookmaker id order. */
  members: FixtureMember[];
}

export type UnmatchedReason = "ambiguous" | "duplicate" | "unknown team" | "conflict" | "invalid kick-off";

export interface UnmatchedOffer {
  offer: Offer;
  reason: UnmatchedReason;
  /** For the operator: which names or which fixture were involved. */
  detail: string;
}

export interface MatchResult {
  fixtures: MatchedFixture[];
  unmatched: UnmatchedOffer[];
}

export interface MatchOptions {
  /** Largest kick-off difference between two listings of one fixture. */
  windowMs?: number;
  /** Each team's similarity must reach this. */
  minTeamScore?: number;
  /** The two teams' mean similarity must reach this. */
  minMeanScore?: number;
  /** The best fixture must beat the runner-up by this much, else the offer is ambiguous. */
  minMargin?: number;
}

/**
 * 2 hours tolerates a one-hour time-zone slip (a site's naive local time, BST) and a TV
 * re-timing, yet stays under the 2.5 hours between Saturday's 12:30, 15:00 and 17:30 slots,
 * so fuzzy names only ever compete with fixtures of the same slot. The score thresholds are
 * the ones public aggregators use (docs/design.md, Matching).
 */
export const DEFAULT_MATCH_OPTIONS: Readonly<Required<MatchOptions>> = {
  windowMs: 2 * 60 * 60 * 1000,
  minTeamScore: 0.72,
  minMeanScore: 0.8,
  minMargin: 0.05,
};
