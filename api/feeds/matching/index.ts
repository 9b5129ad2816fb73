import type { Offer } from "../types.ts";
import { buildClusters, compareEntries, toEntries, type Entry } from "./clusters.ts";
import { finalise } from "./finalise.ts";
import { CLUBS } from "./teams.ts";
import {
  DEFAULT_MATCH_OPTIONS,
  type MatchedFixture,
  type MatchOptions,
  type MatchResult,
  type UnmatchedOffer,
} from "./types.ts";

export { diceSimilarity, teamSimilarity } from "./similarity.ts";
export { fixtureKey, matchday } from "./fixture-key.ts";
export { DEFAULT_MATCH_OPTIONS } from "./types.ts";
export { CLUBS, canonicalClub, foldText, type Club } from "./teams.ts";
export type {
  FixtureMember,
  MatchedFixture,
  MatchOptions,
  MatchResult,
  UnmatchedOffer,
  UnmatchedReason,
} from "./types.ts";

/**
 * Two fixtures with one key would be one event in the store: the same clubs listed twice on
 * one matchday, hours apart, or under two Sportradar ids. One listing is wrong; the fixture
 * more bookmakers agree on keeps the key (then the earlier one) and the other is reported.
 */
function settleKeyConflicts(fixtures: readonly MatchedFixture[]): {
  kept: MatchedFixture[];
  conflicts: UnmatchedOffer[];
} {
  const byKey = new Map<string, MatchedFixture[]>();
  for (const fixture of fixtures) byKey.set(fixture.key, [...(byKey.get(fixture.key) ?? []), fixture]);
  const kept: MatchedFixture[] = [];
  const conflicts: UnmatchedOffer[] = [];
  for (const group of byKey.values()) {
    const [winner, ...losers] = [...group].sort(
      (a, b) => b.members.length - a.members.length || a.kickoff.getTime() - b.kickoff.getTime(),
    );
    if (winner) kept.push(winner);
    for (const loser of losers) {
      for (const { offer } of loser.members) {
        conflicts.push({
          offer,
          reason: "conflict",
          detail: `${winner?.key ?? "?"} is already listed at ${winner?.kickoff.toISOString() ?? "?"}`,
        });
      }
    }
  }
  return { kept, conflicts };
}

/** The competitions whose clubs the matcher knows by name (the four leagues, teams.ts). */
const WITH_CLUBS = new Set(CLUBS.map((club) => club.competitionId));

/**
 * A fixture only one bookmaker lists, with a name we cannot place: an alias is probably missing.
 * Only where the matcher has a club list: elsewhere on the board every name is one it cannot place,
 * and a fixture at one book is just that (docs/design.md, Collected today).
 */
function unknownTeams(fixture: MatchedFixture): UnmatchedOffer[] {
  const [only] = fixture.members;
  if (!only || fixture.members.length > 1 || !WITH_CLUBS.has(fixture.competitionId)) return [];
  const names = [
    ...(fixture.homeClubId === undefined ? [fixture.home] : []),
    ...(fixture.awayClubId === undefined ? [fixture.away] : []),
  ];
  if (names.length === 0) return [];
  return [
    {
      offer: only.offer,
      reason: "unknown team",
      detail: `no canonical club for ${names.map((n) => `"${n}"`).join(", ")}`,
    },
  ];
}

/**
 * Groups offers from different bookmakers into fixtures (docs/design.md, Matching): a shared
 * Sportradar id first, else the same competition, kick-off within the window and both team
 * names alike, with the best fixture clearly ahead of the next. An offer nothing else matches
 * is a fixture of its own; an ambiguous one is reported, never guessed. Deterministic: the
 * input order does not change the result.
 */
export function matchOffers(offers: readonly Offer[], options: MatchOptions = {}): MatchResult {
  const settings = { ...DEFAULT_MATCH_OPTIONS, ...options };
  const prepared = toEntries(offers);
  const invalid: UnmatchedOffer[] = prepared
    .filter((entry) => Number.isNaN(entry.at))
    .sort(compareEntries)
    .map((entry) => ({
      offer: entry.offer,
      reason: "invalid kick-off",
      detail: "kick-off is not a valid date",
    }));
  const entries: Entry[] = prepared
    .filter((entry) => !Number.isNaN(entry.at))
    .sort(compareEntries)
    .map((entry, rank) => ({ ...entry, rank }));

  const { clusters, ambiguous } = buildClusters(entries, settings);
  const finalised = clusters.map(finalise);
  const { kept, conflicts } = settleKeyConflicts(finalised.map((result) => result.fixture));
  const fixtures = kept.sort(
    (a, b) =>
      a.kickoff.getTime() - b.kickoff.getTime() ||
      a.competitionId - b.competitionId ||
      (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );

  const rankOf = new Map(entries.map((entry) => [entry.offer, entry.rank]));
  const reported = [
    ...ambiguous,
    ...finalised.flatMap((result) => result.duplicates),
    ...conflicts,
    ...fixtures.flatMap(unknownTeams),
  ].sort((a, b) => (rankOf.get(a.offer) ?? 0) - (rankOf.get(b.offer) ?? 0));
  return { fixtures, unmatched: [...reported, ...invalid] };
}
