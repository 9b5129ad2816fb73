/**
 * What an operator does to learnt rows with `npm run feeds:catalogue`
 * (docs/design.md, Learning competitions): join a book's row to a competition, split it into a
 * competition of its own, rename a competition. Each checks its input first and changes nothing when refused; a join or a
 * split is written `joined_by` `operator`, which the join rules never undo.
 */
import type { Kysely } from "kysely";
import { FIRST_LEARNT_ID } from "../db/migrations.ts";
import type { Database } from "../db/schema.ts";
import { buildFiles } from "../feeds/bookmakers/feed-catalogue.ts";
import { BOOKMAKER_ID_BY_KEY, BOOKMAKER_KEYS, type BookmakerKey } from "../feeds/types.ts";
import type { BookRow } from "./learn-evidence.ts";
import { displayName, learnNames, learntKey, learntKind, LEARNT_RANK, regionOf } from "./learn-names.ts";
import { competitionKeys, findBookRow, findCompetition, joinByOperator, renameCompetitionRow, splitByOperator } from "./learn-repository.ts";

export class OperatorError extends Error {}

async function bookRow(db: Kysely<Database>, bookmaker: string, bookId: string): Promise<BookRow> {
  if (!(BOOKMAKER_KEYS as string[]).includes(bookmaker)) throw new OperatorError(`unknown bookmaker "${bookmaker}": one of ${BOOKMAKER_KEYS.join(", ")}`);
  const row = await findBookRow(db, BOOKMAKER_ID_BY_KEY[bookmaker as BookmakerKey], bookId);
  if (!row) throw new OperatorError(`${bookmaker} has no competition row "${bookId}"`);
  return row;
}

async function liveCompetition(db: Kysely<Database>, id: number) {
  const competition = Number.isSafeInteger(id) ? await findCompetition(db, id) : undefined;
  if (!competition) throw new OperatorError(`no competition ${id}`);
  if (competition.status === "merged") throw new OperatorError(`competition ${id} is merged into ${competition.merged_into}`);
  return competition;
}

export async function operatorJoin(db: Kysely<Database>, bookmaker: string, bookId: string, competitionId: number): Promise<void> {
  const row = await bookRow(db, bookmaker, bookId);
  await liveCompetition(db, competitionId);
  await joinByOperator(db, row.bookmaker, row.book_id, competitionId);
}

/** The row becomes a competition of its own, named as the book names it (country prefix dropped) unless `name` is given. */
export async function operatorSplit(db: Kysely<Database>, bookmaker: string, bookId: string, now: number, name?: string): Promise<number> {
  const row = await bookRow(db, bookmaker, bookId);
  const names = learnNames(buildFiles());
  const regionId = regionOf(names, row.region_name);
  const title = name?.trim() || displayName(names, row.name, regionId);
  const key = learntKey(names, regionId, title, await competitionKeys(db));
  return splitByOperator(db, row.bookmaker, row.book_id, { key, name: title, region_id: regionId, kind: learntKind(names, regionId), tier: null, sr_tournament: null, status: "active", merged_into: null, rank: LEARNT_RANK, created_at: now, last_listed_at: row.last_seen_at });
}

/** A seed competition's name is the file's, written at every start (decision 043): it is changed there, not here. */
export async function operatorRename(db: Kysely<Database>, competitionId: number, name: string): Promise<void> {
  if (name.trim() === "") throw new OperatorError("a competition's name cannot be blank");
  await liveCompetition(db, competitionId);
  if (competitionId < FIRST_LEARNT_ID.competitions) throw new OperatorError(`competition ${competitionId} is the seed's: its name is changed in api/catalogue/data/competitions.json`);
  await renameCompetitionRow(db, competitionId, name.trim());
}
