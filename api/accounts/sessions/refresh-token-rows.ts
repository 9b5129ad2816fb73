import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { Database, RefreshTokensTable } from "../../db/schema.ts";
import { sha256 } from "./secrets.ts";

export type RefreshRow = Selectable<RefreshTokensTable>;

/** What the refresh-token SQL needs: the database and the clock every timestamp comes from. */
export interface RefreshRowsDeps {
  db: Kysely<Database>;
  clock: () => number;
}

/** Stores a token as its SHA-256; storing the same successor twice (racing uses of its predecessor) keeps one row. */
export async function storeToken(
  { db, clock }: RefreshRowsDeps,
  token: string,
  row: Pick<RefreshRow, "user_id" | "family_id" | "session_key" | "expires_at">,
) {
  await db
    .insertInto("refresh_tokens")
    .values({
      id: randomUUID(),
      user_id: row.user_id,
      family_id: row.family_id,
      session_key: row.session_key,
      token_hash: sha256(token),
      created_at: clock(),
      expires_at: row.expires_at,
      rotated_at: null,
      revoked_at: null,
    })
    .onConflict((oc) => oc.column("token_hash").doNothing())
    .execute();
}

export function rowByToken({ db }: RefreshRowsDeps, token: string) {
  return db
    .selectFrom("refresh_tokens")
    .selectAll()
    .where("token_hash", "=", sha256(token))
    .executeTakeFirst();
}

/** Marks the token rotated, once: false when another use of it got there first. */
export async function claimRow({ db, clock }: RefreshRowsDeps, row: RefreshRow): Promise<boolean> {
  const claimed = await db
    .updateTable("refresh_tokens")
    .set({ rotated_at: clock() })
    .where("id", "=", row.id)
    .where("rotated_at", "is", null)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/**
 * Sound: nothing in the family is revoked and it has one live head. Successors are derived, so a
 * second head only appears if the secret changed between two uses of one token; it is caught here.
 */
export async function familySound({ db }: RefreshRowsDeps, familyId: string) {
  const family = db.selectFrom("refresh_tokens").select("id").where("family_id", "=", familyId);
  const revoked = await family.where("revoked_at", "is not", null).limit(1).execute();
  const heads = await family
    .where("rotated_at", "is", null)
    .where("revoked_at", "is", null)
    .limit(2)
    .execute();
  return revoked.length === 0 && heads.length === 1;
}

export async function revokeFamilyRows({ db, clock }: RefreshRowsDeps, familyId: string) {
  await db
    .updateTable("refresh_tokens")
    .set({ revoked_at: clock() })
    .where("family_id", "=", familyId)
    .where("revoked_at", "is", null)
    .execute();
}

export async function revokeUserRows({ db, clock }: RefreshRowsDeps, userId: string) {
  await db
    .updateTable("refresh_tokens")
    .set({ revoked_at: clock() })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .execute();
}
