import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, OneTimeCodesTable } from "../db/schema.ts";
import { hmac, randomCode, safeEqual } from "./sessions/secrets.ts";

/** docs/design.md, One-time codes: codes live 10 minutes, are single use and die after 5 wrong tries. */
export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;

export type Purpose = OneTimeCodesTable["purpose"];
export type CodeCheck = "ok" | "invalid" | "expired" | "used";
export interface IssuedCode {
  id: string;
  createdAt: number;
  /** Null: not (yet) known to be delivered. */
  mailedAt: number | null;
}

interface CodesDeps {
  db: Kysely<Database>;
  secret: string;
  clock: () => number;
}

/** One-time codes, stored as an HMAC (never the code itself). Only the newest code of a purpose counts. */
export function oneTimeCodes(db: Kysely<Database>, secret: string, clock: () => number) {
  const deps: CodesDeps = { db, secret, clock };
  return {
    issue: (userId: string, purpose: Purpose) => issue(deps, userId, purpose),
    markMailed: (id: string) => markMailed(deps, id),
    issuedSince: (userId: string, purpose: Purpose, since: number) =>
      issuedSince(deps, userId, purpose, since),
    consume: (userId: string, purpose: Purpose, typed: string) => consume(deps, userId, purpose, typed),
  };
}

function digest({ secret }: CodesDeps, userId: string, purpose: Purpose, code: string) {
  return hmac(secret, `${purpose}:${userId}:${code}`);
}

/** A new code, not yet marked mailed: `id` names it for `markMailed`. */
async function issue(
  deps: CodesDeps,
  userId: string,
  purpose: Purpose,
): Promise<{ id: string; code: string }> {
  const code = randomCode();
  const now = deps.clock();
  const id = randomUUID();
  await deps.db
    .insertInto("one_time_codes")
    .values({
      id,
      user_id: userId,
      purpose,
      code_hash: digest(deps, userId, purpose, code),
      attempts: 0,
      created_at: now,
      expires_at: now + CODE_TTL_MS,
      used_at: null,
      mailed_at: null,
    })
    .execute();
  return { id, code };
}

/** The code's mail was delivered: a crash or failure before this leaves the code "stranded". */
async function markMailed({ db, clock }: CodesDeps, id: string): Promise<void> {
  await db.updateTable("one_time_codes").set({ mailed_at: clock() }).where("id", "=", id).execute();
}

/** The codes of this purpose issued since `since`, newest first. */
async function issuedSince(
  { db }: CodesDeps,
  userId: string,
  purpose: Purpose,
  since: number,
): Promise<IssuedCode[]> {
  const rows = await db
    .selectFrom("one_time_codes")
    .select(["id", "created_at", "mailed_at"])
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .where("created_at", ">", since)
    .orderBy("created_at", "desc")
    .execute();
  return rows.map((row) => ({ id: row.id, createdAt: row.created_at, mailedAt: row.mailed_at }));
}

/**
 * Checks a code and consumes it when right. Only the newest code of the purpose counts.
 * Every guess is counted first, in one conditional update, and judged only when it was
 * counted: parallel guesses can never get more than MAX_CODE_ATTEMPTS tries at a code.
 * The code is compared trimmed: a pasted space must not spend one of the tries
 * (docs/design.md, One-time codes).
 */
async function consume(deps: CodesDeps, userId: string, purpose: Purpose, typed: string): Promise<CodeCheck> {
  const latest = await latestCode(deps, userId, purpose);
  if (!latest) return "invalid";
  const matches = safeEqual(latest.code_hash, digest(deps, userId, purpose, typed.trim()));
  if (!(await countGuess(deps, latest.id))) {
    // Not counted: the code is used up (possibly by a parallel right answer) or out of tries.
    if (!matches) return "invalid";
    return (await usedAt(deps, latest.id)) != null ? "used" : "invalid";
  }
  if (!matches) return "invalid";
  if (deps.clock() > latest.expires_at) return "expired";
  return (await markUsed(deps, latest.id)) ? "ok" : "used";
}

function latestCode({ db }: CodesDeps, userId: string, purpose: Purpose) {
  return db
    .selectFrom("one_time_codes")
    .select(["id", "code_hash", "expires_at"])
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** Counts one guess at the code, unless it is used or out of tries: false when it was not counted. */
async function countGuess({ db }: CodesDeps, id: string): Promise<boolean> {
  const counted = await db
    .updateTable("one_time_codes")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("id", "=", id)
    .where("attempts", "<", MAX_CODE_ATTEMPTS)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(counted.numUpdatedRows) === 1;
}

async function usedAt({ db }: CodesDeps, id: string) {
  const row = await db.selectFrom("one_time_codes").select("used_at").where("id", "=", id).executeTakeFirst();
  return row?.used_at;
}

/** Conditional update: two concurrent right answers consume the code once. */
async function markUsed({ db, clock }: CodesDeps, id: string): Promise<boolean> {
  const consumed = await db
    .updateTable("one_time_codes")
    .set({ used_at: clock() })
    .where("id", "=", id)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(consumed.numUpdatedRows) === 1;
}

export type OneTimeCodes = ReturnType<typeof oneTimeCodes>;
