import type { Logger } from "pino";
import type { Db } from "../db/database.ts";
import type { AlertChannel } from "../db/schema.ts";
import { ALERT_SENDER_LOCK, holdsLock, leaderLock, releaseLock, type LeaderLock } from "../feeds/collector/leader-lock.ts";
import { claimDue, releaseStaleClaims, markDropped, markFailed, payloadOf, sentMarker, pruneOutbox, release, type AlertPayload, type OutboxRow } from "./outbox.ts";

/**
 * The one alert sender (docs/design.md, The sender): on PostgreSQL the replica holding the sender's
 * advisory lock, on SQLite the one process. It claims due rows, hands each to its channel and marks
 * it sent only once the channel acknowledged it: a crash in between sends that row again (at least
 * once), never one already marked.
 */

/** What a channel made of one row. */
export type SendOutcome =
  | { status: "sent" }
  /** Try again later: after `retryAfterMs` when the channel asked for it (Telegram's 429), else after the next back-off step. */
  | { status: "retry"; error: string; retryAfterMs?: number | undefined }
  /** The channel paused as a whole (Telegram's broadcast limit): this row and the channel's others wait `pauseMs`. */
  | { status: "paused"; error: string; pauseMs: number }
  /** Never: the bettor has no such channel any more, or it refused the row for good (a push endpoint gone). */
  | { status: "gone"; error: string };

export interface ChannelSender {
  channel: AlertChannel;
  /** Rows this channel sends at once. */
  concurrency: number;
  /** Called with each claimed batch of the channel's rows before any is sent: what every row needs, read once (e-mail's addresses and digests). */
  prepare?(rows: readonly OutboxRow[]): Promise<void>;
  send(row: OutboxRow, payload: AlertPayload): Promise<SendOutcome>;
}

/**
 * What a channel reads for each bettor of a claimed batch (addresses, links, browsers), read once
 * for the whole batch by `prepare` rather than once a row: a burst of thousands would otherwise queue
 * thousands of reads for the database's few connections. A row outside the batch reads its own.
 */
export function perBatch<T>(load: (userIds: readonly string[]) => Promise<Map<string, T>>) {
  let facts = new Map<string, T>();
  let prepared = new Set<number>();
  return {
    async prepare(rows: readonly OutboxRow[]): Promise<void> {
      prepared = new Set();
      facts = await load([...new Set(rows.map((row) => row.user_id))]);
      prepared = new Set(rows.map((row) => row.id));
    },
    async of(row: OutboxRow): Promise<T | undefined> {
      if (prepared.has(row.id)) return facts.get(row.user_id);
      return (await load([row.user_id])).get(row.user_id);
    },
  };
}

export interface SenderOptions {
  db: Db;
  databaseUrl: string;
  channels: readonly ChannelSender[];
  logger: Logger;
  clock?: () => number;
  /** How often the outbox is looked at without a kick (ms). */
  pollMs?: number;
  /** Rows claimed at once, and how long a claim holds them. */
  batch?: number;
  leaseMs?: number;
}

export interface AlertSender {
  /** Something was written: look now rather than at the next poll. */
  kick(): void;
  /** Resolves once the outbox holds nothing due (tests and the bench). */
  idle(): Promise<void>;
  /** Rows this sender marked sent, dropped, or put back for a retry since it started. */
  counts(): { sent: number; dropped: number; retried: number };
  stop(): Promise<void>;
}

const PRUNE_EVERY_MS = 3_600_000;

/** One sender's state, shared by the functions of its passes. */
interface SenderState {
  db: Db;
  logger: Logger;
  clock: () => number;
  batch: number;
  leaseMs: number;
  byChannel: Map<AlertChannel, ChannelSender>;
  /** Marks a row sent, with the rows acknowledged beside it in one statement. */
  markSent: (id: number, at: number) => Promise<void>;
  lock: LeaderLock;
  pausedUntil: Map<AlertChannel, number>;
  counts: { sent: number; dropped: number; retried: number };
  stopped: boolean;
  lastPrune: number;
  /** Whether the last pass held the lock: a sender that has just taken it frees the rows a dead one had claimed. */
  holding: boolean;
}

/** Marks one row after its channel's answer. */
async function settle(state: SenderState, row: OutboxRow, outcome: SendOutcome): Promise<void> {
  const { db, counts } = state;
  const at = state.clock();
  switch (outcome.status) {
    case "sent":
      await state.markSent(row.id, at);
      counts.sent += 1;
      return;
    case "gone":
      await markDropped(db.kysely, row.id, at, outcome.error);
      counts.dropped += 1;
      return;
    case "paused":
      state.pausedUntil.set(row.channel, at + outcome.pauseMs);
      await release(db.kysely, row.id, at + outcome.pauseMs);
      counts.retried += 1;
      return;
    case "retry": {
      const result = await markFailed(db.kysely, row, at, outcome.error, outcome.retryAfterMs);
      if (result === "dropped") {
        counts.dropped += 1;
        state.logger.warn({ channel: row.channel, id: row.id, error: outcome.error }, "an alert was given up after every retry");
      } else counts.retried += 1;
      return;
    }
  }
}

async function sendOne(state: SenderState, row: OutboxRow): Promise<void> {
  const channel = state.byChannel.get(row.channel);
  const now = state.clock();
  if (!channel) {
    await markDropped(state.db.kysely, row.id, now, `no ${row.channel} channel on this deployment`);
    state.counts.dropped += 1;
    return;
  }
  const paused = state.pausedUntil.get(row.channel) ?? 0;
  if (paused > now) {
    await release(state.db.kysely, row.id, paused);
    return;
  }
  let outcome: SendOutcome;
  try {
    outcome = await channel.send(row, payloadOf(row));
  } catch (error) {
    outcome = { status: "retry", error: error instanceof Error ? error.message : String(error) };
  }
  await settle(state, row, outcome);
}

/** Each channel's rows at its own concurrency, the channels side by side. */
async function sendAll(state: SenderState, rows: readonly OutboxRow[]): Promise<void> {
  const groups = new Map<AlertChannel, OutboxRow[]>();
  for (const row of rows) groups.set(row.channel, [...(groups.get(row.channel) ?? []), row]);
  await Promise.all(
    [...groups].map(async ([channel, queue]) => {
      const sender = state.byChannel.get(channel);
      const width = Math.max(1, sender?.concurrency ?? 1);
      // A batch that could not be prepared is still sent: the channel reads what each row needs itself.
      await sender?.prepare?.(queue).catch((error: unknown) => state.logger.warn({ err: error, channel }, "an alert batch could not be prepared; its rows are read one by one"));
      let next = 0;
      const worker = async () => {
        while (!state.stopped && next < queue.length) {
          const row = queue[next++]!;
          await sendOne(state, row).catch((error: unknown) => state.logger.error({ err: error, id: row.id }, "an alert row could not be marked"));
        }
      };
      await Promise.all(Array.from({ length: Math.min(width, queue.length) }, worker));
      // Rows left when stopping go back at once for the next sender.
      for (const row of queue.slice(next)) await release(state.db.kysely, row.id, state.clock()).catch(() => undefined);
    }),
  );
}

/** Every due row of one channel (or of the channels not listed), batch after batch. */
async function drainChannel(state: SenderState, filter: { channel?: AlertChannel; exceptChannels?: readonly AlertChannel[] }): Promise<void> {
  for (;;) {
    if (state.stopped) return;
    const rows = await claimDue(state.db.kysely, { now: state.clock(), limit: state.batch, leaseMs: state.leaseMs, postgres: state.db.dialect === "postgres", ...filter });
    if (rows.length === 0) return;
    await sendAll(state, rows);
  }
}

/** Sends every due row, batch after batch, while this replica holds the sender's lock. */
async function drain(state: SenderState): Promise<void> {
  if (state.stopped) return;
  const held = await holdsLock(state.lock);
  const taken = held && !state.holding;
  state.holding = held;
  if (!held) return;
  // Only one sender holds the lock: a claim it did not make is a dead sender's, due again now.
  if (taken) await releaseStaleClaims(state.db.kysely);
  // Each channel drains side by side at its own pace; rows of a channel this deployment lacks are dropped.
  const channels = [...state.byChannel.keys()];
  await Promise.all([...channels.map((channel) => drainChannel(state, { channel })), drainChannel(state, { exceptChannels: channels })]);
  const now = state.clock();
  if (now - state.lastPrune > PRUNE_EVERY_MS) {
    state.lastPrune = now;
    await pruneOutbox(state.db.kysely, now);
  }
}

function senderState(options: SenderOptions): SenderState {
  const { db, logger } = options;
  return {
    db,
    logger,
    clock: options.clock ?? Date.now,
    batch: options.batch ?? 500,
    leaseMs: options.leaseMs ?? 60_000,
    byChannel: new Map(options.channels.map((c) => [c.channel, c])),
    markSent: sentMarker(db.kysely),
    lock: leaderLock({ dialect: db.dialect, databaseUrl: options.databaseUrl, logger, lockId: ALERT_SENDER_LOCK, role: "sends alerts" }),
    pausedUntil: new Map(),
    counts: { sent: 0, dropped: 0, retried: 0 },
    stopped: false,
    lastPrune: 0,
    holding: false,
  };
}

export function startAlertSender(options: SenderOptions): AlertSender {
  const { logger } = options;
  const state = senderState(options);
  const pollMs = options.pollMs ?? 500;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let again = false;
  let idleWaiters: (() => void)[] = [];

  function schedule(delay: number) {
    if (state.stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delay);
    timer.unref();
  }

  function tick() {
    running = running
      .then(async () => {
        do {
          again = false;
          await drain(state);
        } while (again && !state.stopped);
      })
      .catch((error: unknown) => logger.error({ err: error }, "the alert sender's pass failed; it tries again"))
      .finally(() => {
        const waiters = idleWaiters;
        idleWaiters = [];
        for (const done of waiters) done();
        schedule(pollMs);
      });
  }

  const kick = () => {
    again = true;
    schedule(0);
  };
  schedule(0);
  return {
    kick,
    idle: () =>
      new Promise((resolve) => {
        idleWaiters.push(resolve);
        kick();
      }),
    counts: () => ({ ...state.counts }),
    async stop() {
      state.stopped = true;
      clearTimeout(timer);
      await running.catch(() => undefined);
      await releaseLock(state.lock);
    },
  };
}
