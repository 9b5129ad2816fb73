import { sql, type Kysely, type Selectable, type Transaction } from "kysely";
import type { AlertChannel, AlertKind, AlertOutboxTable, Database } from "../db/schema.ts";
import { inChunks } from "../db/in-chunks.ts";

/**
 * The alert outbox (docs/design.md, Alerts; decision 051): one row per alert and channel, written with
 * the detection that fired it, drained by the one sender. A row is sent at least once: it is marked
 * sent only after its channel acknowledged it, and its idempotency key makes a replayed detection
 * write nothing.
 */

/** A booking code ready at the best book, or the legs to mint one from when a channel can (Telegram's button). */
export interface AlertCode {
  provider: number;
  code: string;
}

/** What every channel sends: a title, a few plain lines, the page it opens, and the code where there is one. */
export interface AlertPayload {
  title: string;
  lines: string[];
  /** A path on the site (`/match/...`, `/betslip`, `/sure-bets`): each channel makes it absolute. */
  path: string;
  code?: AlertCode | undefined;
}

export interface NewAlert {
  userId: string;
  channel: AlertChannel;
  kind: AlertKind;
  /** The rule and its subject: a newer unsent alert of one topic replaces the older (docs/design.md, Detection). */
  topic: string;
  /** Rule, subject and the figure fired on: the same firing twice writes one row. */
  idempotencyKey: string;
  payload: AlertPayload;
  urgent: boolean;
  /** Quiet hours: not sent before this (epoch ms); now when absent. */
  notBefore?: number | undefined;
}

export type OutboxRow = Selectable<AlertOutboxTable>;

/** Where the sender gives up on a row: it is dropped and counted (docs/design.md, The sender). */
export const RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 3_600_000] as const;

/** Rows per statement: well under both databases' bound-parameter limits (10 columns a row). */
const ROWS_PER_STATEMENT = 500;

const groupOf = (row: { user_id: string; channel: string; topic: string }) => JSON.stringify([row.user_id, row.channel, row.topic]);

/**
 * Writes alerts in the caller's transaction (with the rule's `last_fired`), as if one at a time in
 * the order given, but a batch of rows a statement: a key already written (or earlier in the list)
 * is skipped; an older unsent, unclaimed row of the same user, channel and topic is dropped as
 * replaced by a newer alert (an earlier one of the list too). Returns how many rows were written.
 */
export async function enqueueAlerts(trx: Kysely<Database> | Transaction<Database>, alerts: readonly NewAlert[], now: number): Promise<number> {
  const seen = new Set<string>();
  const unique = alerts.filter((alert) => !seen.has(alert.idempotencyKey) && seen.add(alert.idempotencyKey));
  let written = 0;
  for (const batch of inChunks(unique, ROWS_PER_STATEMENT)) {
    const inserted = await trx
      .insertInto("alert_outbox")
      .values(
        batch.map((alert) => ({
          user_id: alert.userId,
          channel: alert.channel,
          kind: alert.kind,
          topic: alert.topic,
          idempotency_key: alert.idempotencyKey,
          payload: JSON.stringify(alert.payload),
          urgent: alert.urgent ? 1 : 0,
          created_at: now,
          next_attempt_at: Math.max(now, alert.notBefore ?? now),
          attempts: 0,
        })),
      )
      .onConflict((oc) => oc.column("idempotency_key").doNothing())
      .returning(["id", "idempotency_key", "user_id", "channel", "topic"])
      .execute();
    written += inserted.length;
    if (inserted.length > 0) await dropReplaced(trx, batch, inserted, now);
  }
  return written;
}

/**
 * The rows a statement's new rows replace: of each (user, channel, topic) written, every unsent,
 * unclaimed row older than the newest written (the list's order decides among the statement's own
 * rows, whatever ids the database gave them). Read through the topic index, then dropped by id.
 */
async function dropReplaced(
  trx: Kysely<Database> | Transaction<Database>,
  batch: readonly NewAlert[],
  inserted: readonly { id: number; idempotency_key: string; user_id: string; channel: AlertChannel; topic: string }[],
  now: number,
): Promise<void> {
  const position = new Map(batch.map((alert, index) => [alert.idempotencyKey, index]));
  const newest = new Map<string, { id: number; at: number }>();
  for (const row of inserted) {
    const at = position.get(row.idempotency_key) ?? -1;
    const group = groupOf(row);
    const held = newest.get(group);
    if (!held || at > held.at) newest.set(group, { id: row.id, at });
  }
  const mine = new Set(inserted.map((row) => row.id));
  const candidates = await trx
    .selectFrom("alert_outbox")
    .select(["id", "user_id", "channel", "topic"])
    .where("user_id", "in", [...new Set(inserted.map((row) => row.user_id))])
    .where("channel", "in", [...new Set(inserted.map((row) => row.channel))])
    .where("topic", "in", [...new Set(inserted.map((row) => row.topic))])
    .where("sent_at", "is", null)
    .where("dropped_at", "is", null)
    // A row a sender holds may be on its way: it is let go (at least once), not pulled back.
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", now)]))
    .execute();
  const replaced = candidates
    .filter((row) => {
      const kept = newest.get(groupOf(row));
      return kept !== undefined && row.id !== kept.id && (row.id < kept.id || mine.has(row.id));
    })
    .map((row) => row.id);
  for (const ids of inChunks(replaced, ROWS_PER_STATEMENT)) {
    await trx.updateTable("alert_outbox").set({ dropped_at: now, error: "replaced by a newer alert" }).where("id", "in", ids).execute();
  }
}

/**
 * Claims up to `limit` due rows (of one channel, or of all but some) for `leaseMs`: not sent, not dropped, due, and not held by a live
 * claim. On PostgreSQL the rows are locked while claimed (`for update skip locked`), so two senders
 * never claim one row; on SQLite the claim is one write transaction. Oldest first, urgent first.
 */
export async function claimDue(
  db: Kysely<Database>,
  options: { now: number; limit: number; leaseMs: number; postgres: boolean; channel?: AlertChannel | undefined; exceptChannels?: readonly AlertChannel[] | undefined },
): Promise<OutboxRow[]> {
  const { now, limit, leaseMs, postgres, channel, exceptChannels } = options;
  return db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom("alert_outbox")
      .select("id")
      .where("sent_at", "is", null)
      .where("dropped_at", "is", null)
      .where("next_attempt_at", "<=", now)
      .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", now)]))
      .orderBy("urgent", "desc")
      .orderBy("id")
      .limit(limit);
    // Each channel drains at its own pace: Telegram's 30 a second never holds push or e-mail back.
    if (channel !== undefined) query = query.where("channel", "=", channel);
    if (exceptChannels !== undefined && exceptChannels.length > 0) query = query.where("channel", "not in", exceptChannels);
    if (postgres) query = query.forUpdate().skipLocked();
    const ids = (await query.execute()).map((r) => r.id);
    if (ids.length === 0) return [];
    return trx.updateTable("alert_outbox").set({ claimed_until: now + leaseMs }).where("id", "in", ids).returningAll().execute();
  }).then((rows) => rows.sort((a, b) => b.urgent - a.urgent || a.id - b.id));
}

/** The channels acknowledged the rows: they are never sent again. */
export async function markSent(db: Kysely<Database>, ids: readonly number[], now: number): Promise<void> {
  for (const chunk of inChunks(ids, ROWS_PER_STATEMENT)) {
    await db.updateTable("alert_outbox").set({ sent_at: now, claimed_until: null, error: null }).where("id", "in", chunk).execute();
  }
}

/**
 * Marks rows sent a statement at a time (docs/design.md, The sender): the rows acknowledged in one
 * turn of the event loop, or while a statement runs, go together in the next. Each caller waits for its own row's mark, so a channel
 * never has more rows acknowledged but unmarked than it sends at once.
 */
export function sentMarker(db: Kysely<Database>): (id: number, now: number) => Promise<void> {
  let pending: { id: number; at: number; done: () => void; fail: (error: unknown) => void }[] = [];
  let running = false;
  async function flush() {
    running = true;
    // The rows acknowledged in this turn of the event loop go together (SQLite answers at once, so nothing else would gather them).
    await new Promise((resolve) => setImmediate(resolve));
    while (pending.length > 0) {
      const batch = pending;
      pending = [];
      try {
        await markSent(db, batch.map((p) => p.id), Math.max(...batch.map((p) => p.at)));
        for (const p of batch) p.done();
      } catch (error) {
        for (const p of batch) p.fail(error);
      }
    }
    running = false;
  }
  return (id, at) =>
    new Promise<void>((done, fail) => {
      pending.push({ id, at, done, fail });
      if (!running) void flush();
    });
}

/**
 * The row failed: tried again after the next back-off step (or `retryAfterMs`, a channel's own ask,
 * without counting an attempt), dropped once the steps run out.
 */
export async function markFailed(db: Kysely<Database>, row: OutboxRow, now: number, error: string, retryAfterMs?: number): Promise<"retry" | "dropped"> {
  if (retryAfterMs !== undefined) {
    await db.updateTable("alert_outbox").set({ next_attempt_at: now + retryAfterMs, claimed_until: null, error }).where("id", "=", row.id).execute();
    return "retry";
  }
  const delay = RETRY_DELAYS_MS[row.attempts];
  if (delay === undefined) {
    await markDropped(db, row.id, now, error);
    return "dropped";
  }
  await db
    .updateTable("alert_outbox")
    .set({ attempts: row.attempts + 1, next_attempt_at: now + delay, claimed_until: null, error })
    .where("id", "=", row.id)
    .execute();
  return "retry";
}

/** Never sent: the bettor has no such channel any more, or the channel refused the row for good. */
export async function markDropped(db: Kysely<Database>, id: number, now: number, error: string): Promise<void> {
  await db.updateTable("alert_outbox").set({ dropped_at: now, claimed_until: null, error }).where("id", "=", id).execute();
}

/** Lets a claimed row go unsent (the sender stopping, a channel paused): due again at `at`. */
export async function release(db: Kysely<Database>, id: number, at: number): Promise<void> {
  await db.updateTable("alert_outbox").set({ claimed_until: null, next_attempt_at: at }).where("id", "=", id).execute();
}

/** Every claim let go (a sender that has just become the one sender: any claim left is a dead sender's). */
export async function releaseStaleClaims(db: Kysely<Database>): Promise<void> {
  await db.updateTable("alert_outbox").set({ claimed_until: null }).where("claimed_until", "is not", null).where("sent_at", "is", null).where("dropped_at", "is", null).execute();
}

/** Sent and dropped rows older than `keepMs` go (7 days by default: docs/design.md, The sender). */
export async function pruneOutbox(db: Kysely<Database>, now: number, keepMs = 7 * 24 * 3_600_000): Promise<number> {
  const cut = now - keepMs;
  const result = await db
    .deleteFrom("alert_outbox")
    .where((eb) => eb.or([eb("sent_at", "<", cut), eb("dropped_at", "<", cut)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Rows waiting to be sent (due or not): the sender's backlog, for metrics and tests. */
export async function outboxBacklog(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("alert_outbox")
    .select(sql<number>`count(*)`.as("n"))
    .where("sent_at", "is", null)
    .where("dropped_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function payloadOf(row: OutboxRow): AlertPayload {
  return JSON.parse(row.payload) as AlertPayload;
}
