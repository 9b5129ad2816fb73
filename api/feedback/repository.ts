import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

/** Feedback repository: SQL in, nothing out. No user id column exists to fill (the spec promises anonymous feedback). */
export function feedbackRepository(db: Kysely<Database>) {
  return {
    async insert(entry: { message: string; country: number; createdAt: number }): Promise<void> {
      await db.insertInto("feedback").values({ id: randomUUID(), message: entry.message, country: entry.country, created_at: entry.createdAt }).execute();
    },
  };
}

export type FeedbackRepository = ReturnType<typeof feedbackRepository>;
