/**
 * One learning cycle against the database (docs/design.md, Learning competitions): the rows as
 * stored, the books' listings read this cycle, the rules (learn.ts), the outcome written. Run by the
 * collecting replica only, after every book's listing of the cycle is in.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { buildFiles } from "../feeds/bookmakers/feed-catalogue.ts";
import type { BookBoard } from "./board-listing.ts";
import { learnCompetitions, type LearnEvent, type LearnEventKind, type LearnState } from "./learn.ts";
import { learnNames, type LearnNames } from "./learn-names.ts";
import { readLearnRows, writeLearnt } from "./learn-repository.ts";

let names: LearnNames | undefined;

export interface LearnReport {
  counts: Record<LearnEventKind, number>;
  /** Every change but "held", which repeats each cycle until a rule decides. */
  changes: LearnEvent[];
}

export async function learnFromBoards(db: Kysely<Database>, boards: readonly BookBoard[], state: LearnState, now: number): Promise<LearnReport> {
  names ??= learnNames(buildFiles());
  const rows = await readLearnRows(db);
  const outcome = learnCompetitions({ ...rows, boards, names, now }, state);
  const ids = await writeLearnt(db, outcome);
  const counts: Record<LearnEventKind, number> = { joined: 0, new: 0, held: 0, conflict: 0, renamed: 0, gone: 0 };
  for (const e of outcome.events) counts[e.kind] += 1;
  const real = (id: number | null) => (id !== null && id < 0 ? (ids.get(id) ?? id) : id);
  return { counts, changes: outcome.events.filter((e) => e.kind !== "held").map((e) => ({ ...e, competitionId: real(e.competitionId) })) };
}
