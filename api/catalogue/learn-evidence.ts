/**
 * The evidence the join rules weigh a book's competition against
 * (docs/design.md, Learning competitions): every competition of ours with the names it is known by, and the fixtures this
 * cycle's listings give it through the book rows already joined, by Sportradar match and by region.
 */
import type { Selectable } from "kysely";
import type { CompetitionBooksTable, CompetitionsTable } from "../db/schema.ts";
import type { BookmakerKey } from "../feeds/types.ts";
import { teamRef } from "../feeds/matching/similarity.ts";
import type { ListedFixture } from "./board-listing.ts";
import type { Evidence, EvidenceFixture, KnownCompetition } from "./join-rules.ts";
import { comparableName, regionOf, type LearnNames } from "./learn-names.ts";

export type CompetitionRow = Selectable<CompetitionsTable>;
export type BookRow = Selectable<CompetitionBooksTable>;

/** A joined book row's fixtures this cycle. */
export interface JoinedListing {
  bookmaker: BookmakerKey;
  competitionId: number;
  fixtures: readonly ListedFixture[];
}

/** Team names prepared once per fixture: rule 4 compares each many times. */
const prepared = new WeakMap<ListedFixture, Pick<EvidenceFixture, "home" | "away">>();

function refsOf(f: ListedFixture) {
  let refs = prepared.get(f);
  if (!refs) prepared.set(f, (refs = { home: teamRef(f.home), away: teamRef(f.away) }));
  return refs;
}

export function buildEvidence(competitions: Iterable<CompetitionRow>, books: Iterable<BookRow>, joined: readonly JoinedListing[], names: LearnNames): Evidence {
  const known = new Map<number, KnownCompetition & { names: Set<string> }>();
  for (const c of competitions) {
    if (c.status === "merged") continue;
    const own = [comparableName(names, c.name, c.region_id), ...(names.aliases.get(c.id) ?? [])];
    known.set(c.id, { id: c.id, regionId: c.region_id, srTournament: c.sr_tournament, names: new Set(own) });
  }
  for (const row of books) {
    if (row.status !== "joined" || row.competition_id === null) continue;
    const k = known.get(row.competition_id);
    const region = regionOf(names, row.region_name) ?? k?.regionId ?? null;
    k?.names.add(comparableName(names, row.name, region));
  }
  const srMatches = new Map<string, { bookmaker: BookmakerKey; competitionId: number }[]>();
  const fixturesByRegion = new Map<number, EvidenceFixture[]>();
  for (const listing of joined) {
    const region = known.get(listing.competitionId)?.regionId ?? null;
    for (const f of listing.fixtures) {
      if (f.srMatch !== undefined) srMatches.set(f.srMatch, [...(srMatches.get(f.srMatch) ?? []), { bookmaker: listing.bookmaker, competitionId: listing.competitionId }]);
      if (region === null) continue;
      const list = fixturesByRegion.get(region) ?? [];
      list.push({ bookmaker: listing.bookmaker, competitionId: listing.competitionId, kickoff: f.kickoff, ...refsOf(f) });
      fixturesByRegion.set(region, list);
    }
  }
  return { competitions: known, srMatches, fixturesByRegion };
}
