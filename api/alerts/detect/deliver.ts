/**
 * Writing what fired (docs/design.md, Detection): per firing, one outbox row per channel the bettor
 * has (Telegram when linked, push when subscribed, e-mail unless turned off) and the rule asked for,
 * held to the end of quiet hours unless urgent, in one transaction with the rules' `last_fired`.
 * enqueueAlerts (api/alerts/outbox.ts) writes a batch of rows a statement, so 10,000 followers of one
 * match are written in seconds.
 */
import type { Kysely, Transaction } from "kysely";
import type { AlertChannel, Database } from "../../db/schema.ts";
import { enqueueAlerts, type NewAlert } from "../outbox.ts";
import type { Baseline, Firing } from "./judge.ts";
import { quietUntil } from "./quiet.ts";
import { inChunks } from "../../db/in-chunks.ts";

/** Bettors per read and rules per `last_fired` update, and firings per transaction: well under both databases' bound-parameter limits. */
const ROWS_PER_STATEMENT = 500;
const FIRINGS_PER_TRANSACTION = 2_000;
const CHANNEL_BITS: Readonly<Record<AlertChannel, number>> = { telegram: 1, push: 2, email: 4 };

/** Where alerts reach one bettor, and when they may. */
export interface Reach {
  channels: AlertChannel[];
  timeZone: string;
  quietFrom: number | null;
  quietTo: number | null;
  /** Telegram's own /mute holds its rows until then. */
  telegramMutedUntil: number | null;
}

/** Each bettor's channels and quiet hours, read for all of them in a few statements. */
export async function readReach(db: Kysely<Database>, userIds: readonly string[]): Promise<Map<string, Reach>> {
  const reach = new Map<string, Reach>();
  for (const ids of inChunks([...new Set(userIds)], ROWS_PER_STATEMENT)) {
    const [settings, links, pushes] = await Promise.all([
      db.selectFrom("alert_settings").selectAll().where("user_id", "in", ids).execute(),
      db.selectFrom("telegram_links").select(["user_id", "muted_until"]).where("user_id", "in", ids).execute(),
      db.selectFrom("push_subscriptions").select("user_id").distinct().where("user_id", "in", ids).execute(),
    ]);
    const byUser = new Map(settings.map((s) => [s.user_id, s]));
    const linked = new Map(links.map((l) => [l.user_id, l.muted_until]));
    const pushing = new Set(pushes.map((p) => p.user_id));
    for (const id of ids) {
      const own = byUser.get(id);
      const channels: AlertChannel[] = [];
      if (linked.has(id)) channels.push("telegram");
      if (pushing.has(id)) channels.push("push");
      if (own?.email_off !== 1) channels.push("email");
      // docs/design.md, The sender: 22:00-07:00 in Lagos until the bettor says otherwise.
      reach.set(id, { channels, timeZone: own?.time_zone ?? "Africa/Lagos", quietFrom: own ? own.quiet_from : 22 * 60, quietTo: own ? own.quiet_to : 7 * 60, telegramMutedUntil: linked.get(id) ?? null });
    }
  }
  return reach;
}

/** The outbox rows of one firing: a row per channel the bettor has and the rule names. */
export function alertsOf(firing: Firing, reach: Reach | undefined, now: number): NewAlert[] {
  if (!reach) return [];
  const notBefore = firing.urgent ? now : quietUntil({ timeZone: reach.timeZone, from: reach.quietFrom, to: reach.quietTo }, now);
  return reach.channels
    .filter((channel) => (firing.rule.channels & CHANNEL_BITS[channel]) !== 0)
    .map((channel) => ({
      userId: firing.rule.user_id,
      channel,
      kind: firing.kind,
      topic: firing.topic,
      idempotencyKey: `${channel}:${firing.rule.id}:${firing.figure}`,
      payload: firing.payload,
      urgent: firing.urgent,
      notBefore: channel === "telegram" && reach.telegramMutedUntil !== null ? Math.max(notBefore, reach.telegramMutedUntil) : notBefore,
    }));
}

/** The rules' new `last_fired`, one statement per distinct figure (10,000 followers of one price: one value). */
async function writeLastFired(trx: Transaction<Database>, updates: readonly { id: string; lastFired: string }[]): Promise<void> {
  const byValue = new Map<string, string[]>();
  for (const { id, lastFired } of updates) {
    const ids = byValue.get(lastFired);
    if (ids) ids.push(id);
    else byValue.set(lastFired, [id]);
  }
  for (const [value, ids] of byValue) for (const batch of inChunks(ids, ROWS_PER_STATEMENT)) await trx.updateTable("alert_rules").set({ last_fired: value }).where("id", "in", batch).execute();
}

/**
 * Writes the firings' rows and every rule's new `last_fired` (firings and starting points), a
 * transaction per batch of firings; returns how many outbox rows were written (0 on a replay).
 * `committed` hears of each transaction's rows as it commits: the sender starts on the first
 * thousands while the rest are written.
 */
export async function writeFirings(
  db: Kysely<Database>,
  firings: readonly Firing[],
  baselines: readonly Baseline[],
  reach: ReadonlyMap<string, Reach>,
  now: number,
  committed: (rows: number) => void = () => undefined,
): Promise<number> {
  let written = 0;
  const batches = inChunks(firings, FIRINGS_PER_TRANSACTION);
  if (batches.length === 0 && baselines.length > 0) batches.push([]);
  for (const [index, batch] of batches.entries()) {
    const rows = await db.transaction().execute(async (trx) => {
      const rows = await enqueueAlerts(trx, batch.flatMap((firing) => alertsOf(firing, reach.get(firing.rule.user_id), now)), now);
      // A rule firing twice in a pass (a sure-bet rule on two bets) keeps the last figure, which holds both.
      const updates = new Map(batch.map((firing) => [firing.rule.id, firing.lastFired]));
      if (index === 0) for (const b of baselines) if (!updates.has(b.rule.id)) updates.set(b.rule.id, b.lastFired);
      await writeLastFired(trx, [...updates].map(([id, lastFired]) => ({ id, lastFired })));
      return rows;
    });
    written += rows;
    if (rows > 0) committed(rows);
  }
  return written;
}
