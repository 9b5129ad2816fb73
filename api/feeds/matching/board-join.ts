/**
 * Every book's whole listing joined into fixtures (docs/design.md, Matching the whole board). The
 * rules of Matching stand: a Sportradar match id first where a book carries one (SportyBet's
 * sr:match, Bet9ja's EXTID, BetKing's ExtProvIDItem), else the kick-off gate and both team names
 * at the matcher's thresholds, and nothing unmatched guessed. What scale changes: a listing is
 * compared only with fixtures of the same competition of ours on the same matchday, and a name is
 * scored against every spelling known for a candidate's teams, the books' spellings the
 * Sportradar joins put beside SportyBet's teams included (board-spellings.ts).
 */
import type { BookBoard, ListedCompetition, ListedFixture } from "../../catalogue/board-listing.ts";
import { BOOKMAKER_ID_BY_KEY, type BookmakerKey } from "../types.ts";
import { zonedMatchday } from "./board-matchday.ts";
import { TeamSpellings } from "./board-spellings.ts";
import { BoardNames, fitSpellings, orientationOf, orientedSides, SCORE_SLACK, spellingsOf, type ListingCluster, type ListingEntry } from "./board-names.ts";
import { passes, sportradarDigits } from "./clusters.ts";
import { DEFAULT_MATCH_OPTIONS, type MatchOptions } from "./types.ts";

/** One fixture as one book lists it, under its competition. */
export interface BoardListing {
  bookmaker: BookmakerKey;
  competition: Omit<ListedCompetition, "fixtures">;
  fixture: ListedFixture;
}

export interface BoardMember {
  listing: BoardListing;
  /** The book lists the sides the other way round from the fixture's. */
  swapped: boolean;
}

export interface JoinedFixture {
  competitionId: number;
  matchday: string;
  /** Kick-off of the fixture's first listing (SportyBet's where it lists it), epoch ms. */
  kickoff: number;
  /** The Sportradar match number, digits only, where a book gave one. */
  srMatch?: string;
  /** At most one per book, in bookmaker id order. */
  members: BoardMember[];
}

export type UnjoinedReason = "waiting" | "ambiguous" | "duplicate" | "invalid kick-off";

export interface UnjoinedListing {
  listing: BoardListing;
  /** `waiting`: its competition is not joined to one of ours yet (docs/design.md, Learning competitions). */
  reason: UnjoinedReason;
  detail: string;
}

export interface BoardJoinInput {
  boards: readonly BookBoard[];
  /** Our competition for a book's listed competition, or undefined while the row is not joined. */
  competitionOf: (bookmaker: BookmakerKey, competition: Omit<ListedCompetition, "fixtures">) => number | undefined;
  /** The zone a competition's matchday is counted in (its region's); UTC when unknown. */
  zoneOf?: (competitionId: number) => string | undefined;
  /** Spellings learnt in earlier cycles; this join's Sportradar joins add to it. */
  spellings?: TeamSpellings;
  options?: MatchOptions;
}

export interface BoardJoin {
  fixtures: JoinedFixture[];
  unjoined: UnjoinedListing[];
  spellings: TeamSpellings;
  /** Spellings this join learnt. */
  learnt: number;
  /** Listings scored by names, and the fixtures of their competition and matchday they met: in all, and the most one met. */
  compared: { listings: number; candidates: number; most: number };
}

const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A total order on listings, so the join never depends on the order books answered in. */
function compareEntries(a: Omit<ListingEntry, "rank">, b: Omit<ListingEntry, "rank">): number {
  const [x, y] = [a.listing, b.listing];
  return (
    a.competitionId - b.competitionId ||
    a.at - b.at ||
    BOOKMAKER_ID_BY_KEY[x.bookmaker] - BOOKMAKER_ID_BY_KEY[y.bookmaker] ||
    text(x.competition.bookId, y.competition.bookId) ||
    text(x.fixture.home, y.fixture.home) ||
    text(x.fixture.away, y.fixture.away)
  );
}

/** Every listing of every board, with our competition and matchday, or the reason it waits. */
function entriesOf(input: BoardJoinInput, refs: BoardNames): { entries: ListingEntry[]; unjoined: UnjoinedListing[] } {
  const unjoined: UnjoinedListing[] = [];
  const prepared: Omit<ListingEntry, "rank">[] = [];
  for (const board of input.boards) {
    for (const { fixtures, ...competition } of board.competitions) {
      const competitionId = input.competitionOf(board.bookmaker, competition);
      for (const fixture of fixtures ?? []) {
        const listing = { bookmaker: board.bookmaker, competition, fixture };
        if (competitionId === undefined) {
          unjoined.push({ listing, reason: "waiting", detail: `${board.bookmaker} ${competition.bookId} "${competition.name}" is not joined to a competition of ours` });
        } else if (!Number.isFinite(fixture.kickoff)) {
          unjoined.push({ listing, reason: "invalid kick-off", detail: "kick-off is not a valid instant" });
        } else {
          const zone = input.zoneOf?.(competitionId) ?? "UTC";
          const home = refs.of(fixture.home, competitionId);
          const away = refs.of(fixture.away, competitionId);
          prepared.push({ listing, competitionId, matchday: zonedMatchday(fixture.kickoff, zone), at: fixture.kickoff, home, away });
        }
      }
    }
  }
  return { entries: prepared.sort(compareEntries).map((entry, rank) => ({ ...entry, rank })), unjoined };
}

const SPORTYBET: BookmakerKey = "sportybet";

/** Listings with a Sportradar id, one fixture per competition and id, SportyBet's listing first. */
function joinBySportradar(entries: readonly ListingEntry[], refs: BoardNames, spellings: TeamSpellings, options: Required<MatchOptions>) {
  const groups = new Map<string, ListingEntry[]>();
  for (const entry of entries) {
    const sr = entry.listing.fixture.srMatch;
    const digits = sr === undefined ? undefined : sportradarDigits(sr);
    if (digits === undefined) continue;
    const key = `${entry.competitionId}:${digits}`;
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  const clusters: ListingCluster[] = [];
  const duplicates: UnjoinedListing[] = [];
  let learnt = 0;
  for (const [key, group] of groups) {
    const [first, ...rest] = [...group].sort((a, b) => Number(b.listing.bookmaker === SPORTYBET) - Number(a.listing.bookmaker === SPORTYBET) || a.rank - b.rank);
    if (!first) continue;
    const cluster: ListingCluster = { competitionId: first.competitionId, matchday: first.matchday, anchor: first.at, srMatch: key.slice(key.indexOf(":") + 1), members: [{ entry: first, swapped: false }] };
    // Of a book's two listings of one id, the one whose names fit the first listing's better stays, as the matcher keeps one per book.
    const closeness = new Map(rest.map((e) => [e, fitSpellings(refs, e, [first.home], [first.away]).mean]));
    const ordered = [...rest].sort(
      (a, b) => BOOKMAKER_ID_BY_KEY[a.listing.bookmaker] - BOOKMAKER_ID_BY_KEY[b.listing.bookmaker] || (closeness.get(b) ?? 0) - (closeness.get(a) ?? 0) || a.rank - b.rank,
    );
    for (const entry of ordered) {
      const same = cluster.members.find((m) => m.entry.listing.bookmaker === entry.listing.bookmaker);
      if (same) {
        duplicates.push({ listing: entry.listing, reason: "duplicate", detail: `${entry.listing.bookmaker} also lists sr:match:${cluster.srMatch} as ${same.entry.listing.fixture.home} v ${same.entry.listing.fixture.away}` });
        continue;
      }
      const { swapped, decided } = orientationOf(entry, cluster, refs, spellings, options);
      cluster.members.push({ entry, swapped });
      const ids = first.listing.bookmaker === SPORTYBET ? first.listing.fixture.teamIds : undefined;
      if (!ids || !decided) continue;
      const [home, away] = swapped ? [entry.listing.fixture.away, entry.listing.fixture.home] : [entry.listing.fixture.home, entry.listing.fixture.away];
      learnt += Number(spellings.add(ids[0], entry.listing.bookmaker, home)) + Number(spellings.add(ids[1], entry.listing.bookmaker, away));
    }
    clusters.push(cluster);
  }
  return { clusters, duplicates, learnt };
}

function describe(cluster: ListingCluster): string {
  const first = cluster.members[0];
  const names = first ? orientedSides(first).names : undefined;
  return `${names?.[0].name ?? "?"} v ${names?.[1].name ?? "?"}`;
}

/**
 * Joins every book's listing into fixtures: Sportradar ids first (learning the spellings they
 * put side by side), then each listing without one against the fixtures of its competition and
 * matchday that its book does not list yet, within the kick-off window, by both team names. A
 * listing nothing fits is a fixture of its own; one that fits two nearly alike is reported
 * `ambiguous` and joined to neither. Deterministic: the order the books answered in changes
 * nothing.
 */
export function joinBoard(input: BoardJoinInput): BoardJoin {
  const options = { ...DEFAULT_MATCH_OPTIONS, ...input.options };
  const spellings = input.spellings ?? new TeamSpellings();
  const refs = new BoardNames();
  const { entries, unjoined } = entriesOf(input, refs);
  const bySr = joinBySportradar(entries, refs, spellings, options);
  const days = new Map<string, ListingCluster[]>();
  const dayOf = (c: { competitionId: number; matchday: string }) => `${c.competitionId}|${c.matchday}`;
  const add = (cluster: ListingCluster) => days.set(dayOf(cluster), [...(days.get(dayOf(cluster)) ?? []), cluster]);
  bySr.clusters.forEach(add);

  const ambiguous: UnjoinedListing[] = [];
  const compared = { listings: 0, candidates: 0, most: 0 };
  for (const entry of entries) {
    const sr = entry.listing.fixture.srMatch;
    if (sr !== undefined && sportradarDigits(sr) !== undefined) continue;
    const sameDay = days.get(dayOf(entry)) ?? [];
    compared.listings += 1;
    compared.candidates += sameDay.length;
    compared.most = Math.max(compared.most, sameDay.length);
    const ranked = sameDay
      .filter((c) => Math.abs(c.anchor - entry.at) <= options.windowMs && !c.members.some((m) => m.entry.listing.bookmaker === entry.listing.bookmaker))
      .map((cluster) => ({ cluster, score: fitSpellings(refs, entry, ...spellingsOf(cluster, spellings, refs)) }))
      .sort((a, b) => b.score.mean - a.score.mean || a.cluster.anchor - b.cluster.anchor);
    const [best, runnerUp] = ranked;
    if (!best || !passes(best.score, options)) {
      add({ competitionId: entry.competitionId, matchday: entry.matchday, anchor: entry.at, members: [{ entry, swapped: false }] });
    } else if (runnerUp && best.score.mean - runnerUp.score.mean < options.minMargin - SCORE_SLACK) {
      ambiguous.push({
        listing: entry.listing,
        reason: "ambiguous",
        detail: `fits both ${describe(best.cluster)} (${best.score.mean.toFixed(2)}) and ${describe(runnerUp.cluster)} (${runnerUp.score.mean.toFixed(2)})`,
      });
    } else {
      best.cluster.members.push({ entry, swapped: best.score.swapped });
    }
  }

  const fixtures = [...days.values()].flat().map(
    (c): JoinedFixture => ({
      competitionId: c.competitionId,
      matchday: c.matchday,
      kickoff: c.anchor,
      ...(c.srMatch !== undefined ? { srMatch: c.srMatch } : {}),
      members: [...c.members]
        .sort((a, b) => BOOKMAKER_ID_BY_KEY[a.entry.listing.bookmaker] - BOOKMAKER_ID_BY_KEY[b.entry.listing.bookmaker])
        .map((m) => ({ listing: m.entry.listing, swapped: m.swapped })),
    }),
  );
  fixtures.sort((a, b) => a.kickoff - b.kickoff || a.competitionId - b.competitionId || text(a.srMatch ?? "", b.srMatch ?? "") || text(a.members[0]?.listing.fixture.home ?? "", b.members[0]?.listing.fixture.home ?? ""));
  return { fixtures, unjoined: [...unjoined, ...bySr.duplicates, ...ambiguous], spellings, learnt: bySr.learnt, compared };
}
