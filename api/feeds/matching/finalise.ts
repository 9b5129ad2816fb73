import { BOOKMAKER_ID_BY_KEY } from "../types.ts";
import type { Club } from "./club.ts";
import { fit, sides, type Cluster, type Member } from "./clusters.ts";
import { fixtureKey } from "./fixture-key.ts";
import type { TeamRef } from "./similarity.ts";
import type { MatchedFixture, UnmatchedOffer } from "./types.ts";

/** The most frequent value; ties go to the one `before` puts first. */
function mostCommon<T>(
  values: readonly T[],
  id: (value: T) => string,
  before: (a: T, b: T) => number,
): T | undefined {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(id(value), (counts.get(id(value)) ?? 0) + 1);
  return [...values].sort((a, b) => (counts.get(id(b)) ?? 0) - (counts.get(id(a)) ?? 0) || before(a, b))[0];
}

/**
 * One offer per bookmaker: of two from the same bookmaker the one that fits the other
 * bookmakers' names better stays (with no other bookmaker, the first in order).
 */
function keepOnePerBookmaker(members: readonly Member[]): { kept: Member[]; duplicates: UnmatchedOffer[] } {
  const scoreOf = (member: Member) =>
    fit(
      member.entry,
      members.filter((other) => other.entry.offer.bookmaker !== member.entry.offer.bookmaker),
    ).mean;
  const kept: Member[] = [];
  const duplicates: UnmatchedOffer[] = [];
  for (const bookmaker of new Set(members.map((member) => member.entry.offer.bookmaker))) {
    const own = members
      .filter((member) => member.entry.offer.bookmaker === bookmaker)
      .map((member) => ({ member, score: scoreOf(member) }))
      .sort((a, b) => b.score - a.score || a.member.entry.rank - b.member.entry.rank);
    const [winner, ...losers] = own;
    if (winner) kept.push(winner.member);
    for (const { member } of losers) {
      duplicates.push({
        offer: member.entry.offer,
        reason: "duplicate",
        detail: `${bookmaker} also lists this fixture as ${winner?.member.entry.offer.externalId ?? "?"}`,
      });
    }
  }
  return { kept, duplicates };
}

/** The sides most bookmakers list; on a tie the first member's. */
function orientByMajority(members: readonly Member[]): Member[] {
  const reversed = members.filter((member) => member.swapped).length;
  if (reversed * 2 <= members.length) return [...members];
  return members.map((member) => ({ ...member, swapped: !member.swapped }));
}

function side(members: readonly Member[], which: 0 | 1): { club: Club | undefined; name: string } {
  const refs = members.map((member) => sides(member)[which]);
  const club = mostCommon(
    refs.flatMap((ref) => (ref.club ? [ref.club] : [])),
    (known) => known.id,
    () => 0,
  );
  return { club, name: club?.name ?? displayName(refs) };
}

/**
 * For a club the table lacks: the spelling most bookmakers agree on once normalised, the
 * fullest on a tie ("Wycombe Wanderers" over "Wycombe W."), written in its shortest raw form
 * (without the "FC" one bookmaker adds).
 */
function displayName(refs: readonly TeamRef[]): string {
  const spelling = mostCommon(
    refs,
    (ref) => ref.normalised,
    (a, b) => b.normalised.length - a.normalised.length,
  );
  const sameSpelling = refs.filter((ref) => ref.normalised === spelling?.normalised);
  return [...sameSpelling].sort((a, b) => a.name.length - b.name.length)[0]?.name ?? "";
}

/** Turns a cluster into a fixture, dropping a bookmaker's second offer. */
export function finalise(cluster: Cluster): { fixture: MatchedFixture; duplicates: UnmatchedOffer[] } {
  const { kept, duplicates } = keepOnePerBookmaker(cluster.members);
  const members = orientByMajority(kept.sort((a, b) => a.entry.rank - b.entry.rank));
  const home = side(members, 0);
  const away = side(members, 1);
  // Consensus beats one bookmaker's stray time; on a tie the earlier time keeps the fixture
  // from lingering in listings after the real kick-off.
  const at =
    mostCommon(
      members.map((member) => member.entry.at),
      String,
      (a, b) => a - b,
    ) ?? cluster.anchor;
  const kickoff = new Date(at);
  const fixture: MatchedFixture = {
    key: fixtureKey({
      competitionId: cluster.competitionId,
      kickoff,
      home: { clubId: home.club?.id, name: home.name },
      away: { clubId: away.club?.id, name: away.name },
      srId: cluster.srId,
    }),
    competitionId: cluster.competitionId,
    home: home.name,
    away: away.name,
    ...(home.club ? { homeClubId: home.club.id } : {}),
    ...(away.club ? { awayClubId: away.club.id } : {}),
    kickoff,
    ...(cluster.srId !== undefined ? { srId: cluster.srId } : {}),
    members: members
      .sort((a, b) => BOOKMAKER_ID_BY_KEY[a.entry.offer.bookmaker] - BOOKMAKER_ID_BY_KEY[b.entry.offer.bookmaker])
      .map((member) => ({ offer: member.entry.offer, swapped: member.swapped })),
  };
  return { fixture, duplicates };
}
