/**
 * The rules' and settings' SQL (docs/design.md, What a bettor follows): every query is one user's,
 * by `user_id`, so another bettor's rule is never read or touched. Every rule write moves the rules
 * version in its transaction, which tells detection to reload (docs/design.md, Detection).
 */
import { sql, type Kysely, type Selectable, type Transaction } from "kysely";
import type { AlertKind, AlertRulesTable, AlertSettingsTable, Database } from "../../db/schema.ts";

export type RuleRow = Selectable<AlertRulesTable>;
type Conn = Kysely<Database> | Transaction<Database>;

async function bumpVersion(trx: Conn): Promise<void> {
  await trx.updateTable("alert_rules_version").set((eb) => ({ version: eb("version", "+", 1) })).where("id", "=", 1).execute();
}

export async function rulesVersion(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom("alert_rules_version").select("version").where("id", "=", 1).executeTakeFirst();
  return Number(row?.version ?? 0);
}

export function listRules(db: Kysely<Database>, userId: string): Promise<RuleRow[]> {
  return db.selectFrom("alert_rules").selectAll().where("user_id", "=", userId).orderBy("created_at").orderBy("id").execute();
}

export function findRule(db: Kysely<Database>, userId: string, id: string): Promise<RuleRow | undefined> {
  return db.selectFrom("alert_rules").selectAll().where("user_id", "=", userId).where("id", "=", id).executeTakeFirst();
}

export interface NewRule {
  id: string;
  userId: string;
  kind: AlertKind;
  subject: string;
  eventId: string | null;
  threshold: number;
  channels: number;
  createdAt: number;
  lastFired: string | null;
}

/**
 * The user's rule of this subject: the one just written, or the one they had, now with the threshold
 * and channels just asked for ("Alert me" again on the same thing changes what it waits for, never
 * adds a second rule). "full" when they follow `max` already and this is new.
 */
export async function insertRule(db: Kysely<Database>, rule: NewRule, max: number): Promise<{ row: RuleRow; created: boolean } | "full"> {
  return db.transaction().execute(async (trx) => {
    const same = () => trx.selectFrom("alert_rules").selectAll().where("user_id", "=", rule.userId).where("kind", "=", rule.kind).where("subject", "=", rule.subject).executeTakeFirst();
    const existing = await same();
    if (existing) {
      if (existing.threshold === rule.threshold && existing.channels === rule.channels) return { row: existing, created: false };
      const row = await trx.updateTable("alert_rules").set({ threshold: rule.threshold, channels: rule.channels }).where("id", "=", existing.id).returningAll().executeTakeFirstOrThrow();
      await bumpVersion(trx);
      return { row, created: false };
    }
    const counted = await trx.selectFrom("alert_rules").select(sql<number>`count(*)`.as("n")).where("user_id", "=", rule.userId).executeTakeFirstOrThrow();
    if (Number(counted.n) >= max) return "full" as const;
    const inserted = await trx
      .insertInto("alert_rules")
      .values({ id: rule.id, user_id: rule.userId, kind: rule.kind, subject: rule.subject, event_id: rule.eventId, threshold: rule.threshold, channels: rule.channels, muted_until: null, created_at: rule.createdAt, last_fired: rule.lastFired })
      .onConflict((oc) => oc.columns(["user_id", "kind", "subject"]).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!inserted) return { row: (await same())!, created: false };
    await bumpVersion(trx);
    return { row: inserted, created: true };
  });
}

export async function updateRule(db: Kysely<Database>, userId: string, id: string, set: Partial<Pick<RuleRow, "muted_until" | "channels" | "threshold">>): Promise<RuleRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.updateTable("alert_rules").set(set).where("user_id", "=", userId).where("id", "=", id).returningAll().executeTakeFirst();
    if (row) await bumpVersion(trx);
    return row;
  });
}

export async function deleteRule(db: Kysely<Database>, userId: string, id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom("alert_rules").where("user_id", "=", userId).where("id", "=", id).executeTakeFirst();
    const deleted = Number(result.numDeletedRows) > 0;
    if (deleted) await bumpVersion(trx);
    return deleted;
  });
}

export type SettingsRow = Selectable<AlertSettingsTable>;

export function readSettingsRow(db: Kysely<Database>, userId: string): Promise<SettingsRow | undefined> {
  return db.selectFrom("alert_settings").selectAll().where("user_id", "=", userId).executeTakeFirst();
}

export async function saveSettingsRow(db: Kysely<Database>, row: SettingsRow): Promise<void> {
  const { user_id: _user, ...rest } = row;
  await db
    .insertInto("alert_settings")
    .values(row)
    .onConflict((oc) => oc.column("user_id").doUpdateSet(rest))
    .execute();
}

/** Whether the bettor linked Telegram (and muted it there), and how many browsers they subscribed for push. */
export async function channelFacts(db: Kysely<Database>, userId: string): Promise<{ telegram: { muted_until: number | null } | undefined; pushSubscriptions: number }> {
  const telegram = await db.selectFrom("telegram_links").select("muted_until").where("user_id", "=", userId).executeTakeFirst();
  const push = await db.selectFrom("push_subscriptions").select(sql<number>`count(*)`.as("n")).where("user_id", "=", userId).executeTakeFirstOrThrow();
  return { telegram, pushSubscriptions: Number(push.n) };
}
