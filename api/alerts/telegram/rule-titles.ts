/**
 * `/alerts` in Telegram (docs/design.md, Alerts, What a bettor follows): how many rules the linked
 * bettor has and what each follows, in a few words. Only that bettor's rows are read.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

const KIND_WORDS: Record<string, string> = {
  target: "Price target",
  move: "Price move",
  slip: "Your betslip",
  sure: "New sure bets",
  drop: "Dropping odds",
};

/** Each rule of `userId` in words, oldest first: its kind, the match it is about and its threshold. */
export async function ruleTitles(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("alert_rules")
    .leftJoin("events", "events.id", "alert_rules.event_id")
    .select(["alert_rules.kind", "alert_rules.threshold", "alert_rules.muted_until", "events.home", "events.away"])
    .where("alert_rules.user_id", "=", userId)
    .orderBy("alert_rules.created_at")
    .orderBy("alert_rules.id")
    .execute();
  return rows.map((row) => {
    const match = row.home && row.away ? `: ${row.home} v ${row.away}` : "";
    const threshold = row.kind === "target" ? ` at ${Number(row.threshold).toFixed(2)} or more` : ` (${Number(row.threshold)}%)`;
    return `${KIND_WORDS[row.kind] ?? row.kind}${match}${threshold}`;
  });
}
