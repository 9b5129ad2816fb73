/**
 * Learning's SQL (docs/design.md, Learning competitions): the competition and book rows the rules
 * read, and one cycle's outcome written in one transaction behind the catalogue's write lock: new
 * competitions first (the database gives their ids, from 10,000), then the book rows that name them.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { BookRow, CompetitionRow } from "./learn-evidence.ts";
import type { LearnOutcome } from "./learn.ts";
import { lockCatalogueWrites } from "./repository.ts";

export async function readLearnRows(db: Kysely<Database>): Promise<{ competitions: CompetitionRow[]; books: BookRow[] }> {
  const [competitions, books] = await Promise.all([
    db.selectFrom("competitions").selectAll().orderBy("id").execute(),
    db.selectFrom("competition_books").selectAll().orderBy("bookmaker").orderBy("book_id").execute(),
  ]);
  return { competitions, books };
}

/** Writes the outcome; answers the ids the database gave the new competitions, by their provisional (negative) ids. */
export async function writeLearnt(db: Kysely<Database>, outcome: LearnOutcome): Promise<Map<number, number>> {
  return db.transaction().execute(async (trx) => {
    await lockCatalogueWrites(trx);
    const ids = new Map<number, number>();
    for (const { id, ...row } of outcome.competitions) {
      if (id < 0) {
        const inserted = await trx.insertInto("competitions").values(row).returning("id").executeTakeFirstOrThrow();
        ids.set(id, inserted.id);
      } else {
        await trx.updateTable("competitions").set(row).where("id", "=", id).execute();
      }
    }
    for (const row of outcome.books) {
      const competition_id = row.competition_id !== null && row.competition_id < 0 ? (ids.get(row.competition_id) ?? null) : row.competition_id;
      const { bookmaker, book_id, ...rest } = { ...row, competition_id };
      await trx
        .insertInto("competition_books")
        .values({ bookmaker, book_id, ...rest })
        .onConflict((oc) => oc.columns(["bookmaker", "book_id"]).doUpdateSet(rest))
        .execute();
    }
    return ids;
  });
}

/** Book rows an operator should look at: held, in conflict, or joined to a competition that appeared by itself. */
export async function learntRows(db: Kysely<Database>): Promise<(BookRow & { competition_name: string | null })[]> {
  return db
    .selectFrom("competition_books as b")
    .leftJoin("competitions as c", "c.id", "b.competition_id")
    .selectAll("b")
    .select("c.name as competition_name")
    .where((w) => w.or([w("b.status", "in", ["held", "conflict"]), w("b.joined_by", "=", "new")]))
    .orderBy("b.status")
    .orderBy("b.bookmaker")
    .orderBy("b.book_id")
    .execute();
}

export async function findBookRow(db: Kysely<Database>, bookmaker: number, bookId: string): Promise<BookRow | undefined> {
  return db.selectFrom("competition_books").selectAll().where("bookmaker", "=", bookmaker).where("book_id", "=", bookId).executeTakeFirst();
}

export async function findCompetition(db: Kysely<Database>, id: number): Promise<CompetitionRow | undefined> {
  return db.selectFrom("competitions").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function competitionKeys(db: Kysely<Database>): Promise<Set<string>> {
  return new Set((await db.selectFrom("competitions").select("key").execute()).map((r) => r.key));
}

/** An operator's join: the rules never undo it (docs/design.md, Learning competitions). */
export async function joinByOperator(db: Kysely<Database>, bookmaker: number, bookId: string, competitionId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockCatalogueWrites(trx);
    await trx.updateTable("competition_books").set({ competition_id: competitionId, joined_by: "operator", status: "joined" }).where("bookmaker", "=", bookmaker).where("book_id", "=", bookId).execute();
  });
}

/** An operator's split: a new competition, the row joined to it by the operator; answers the new id. */
export async function splitByOperator(db: Kysely<Database>, bookmaker: number, bookId: string, competition: Omit<CompetitionRow, "id">): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await lockCatalogueWrites(trx);
    const { id } = await trx.insertInto("competitions").values(competition).returning("id").executeTakeFirstOrThrow();
    await trx.updateTable("competition_books").set({ competition_id: id, joined_by: "operator", status: "joined" }).where("bookmaker", "=", bookmaker).where("book_id", "=", bookId).execute();
    return id;
  });
}

export async function renameCompetitionRow(db: Kysely<Database>, id: number, name: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockCatalogueWrites(trx);
    await trx.updateTable("competitions").set({ name }).where("id", "=", id).execute();
  });
}
