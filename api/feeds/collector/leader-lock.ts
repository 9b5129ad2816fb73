import pg from "pg";
import type { Logger } from "pino";
import type { Db } from "../../db/database.ts";

/** Any 64-bit number the replicas agree on: the PostgreSQL advisory lock that elects the collector. */
const COLLECTOR_LOCK = 7_274_637_001;
/** The alert sender's own lock (docs/design.md, The sender): one sender across replicas, wherever the collector is. */
export const ALERT_SENDER_LOCK = 7_274_637_002;
/** A lock connection that does not answer within this is taken for dead. */
const LOCK_CHECK_TIMEOUT_MS = 5_000;

/**
 * Which replica collects feeds. On SQLite there is one replica, and it always collects. On
 * PostgreSQL the replica holding an advisory lock does; the lock lives and dies with one
 * connection, which is checked before every cycle and every write, so a replica whose lock
 * connection died (even silently) stops collecting and another one takes the lock over.
 */
export interface LeaderLock {
  dialect: Db["dialect"];
  databaseUrl: string;
  logger: Logger;
  client: pg.Client | undefined;
  /** Released for good: a lock won while releasing is handed straight back. */
  released: boolean;
  /** The advisory lock's number, and what holding it makes this replica do (for the log). */
  lockId: number;
  role: string;
}

export function leaderLock(options: { dialect: Db["dialect"]; databaseUrl: string; logger: Logger; lockId?: number; role?: string }): LeaderLock {
  return { lockId: COLLECTOR_LOCK, role: "collects feeds", ...options, client: undefined, released: false };
}

export function isLeader(lock: LeaderLock): boolean {
  return lock.dialect !== "postgres" || lock.client !== undefined;
}

function dropLock(lock: LeaderLock, client: pg.Client, reason: unknown) {
  if (lock.client !== client) return;
  lock.client = undefined;
  lock.logger.error({ err: reason }, `lost the advisory lock connection: this replica no longer ${lock.role}`);
  // Whatever the connection's state, it must not hold the lock any longer.
  void client.end().catch(() => undefined);
}

/** The lock connection still answers (a dead one has released the lock on the server). */
export async function lockStillHeld(lock: LeaderLock): Promise<boolean> {
  if (lock.dialect !== "postgres") return true;
  const client = lock.client;
  if (!client) return false;
  try {
    await client.query("select 1");
    return lock.client === client;
  } catch (error) {
    dropLock(lock, client, error);
    return false;
  }
}

/** Asks PostgreSQL for the lock on a connection of its own; false when another replica holds it. */
async function tryTakeLock(lock: LeaderLock): Promise<boolean> {
  const client = new pg.Client({ connectionString: lock.databaseUrl, connectionTimeoutMillis: LOCK_CHECK_TIMEOUT_MS, query_timeout: LOCK_CHECK_TIMEOUT_MS, keepAlive: true });
  client.on("error", (error) => dropLock(lock, client, error));
  try {
    await client.connect();
    const { rows } = await client.query<{ locked: boolean }>("select pg_try_advisory_lock($1) as locked", [lock.lockId]);
    if (!rows[0]?.locked || lock.released) {
      await client.end();
      return false;
    }
    lock.client = client;
    lock.logger.info(`this replica ${lock.role} (advisory lock held)`);
    return true;
  } catch (error) {
    lock.logger.error({ err: error }, `could not ask for the advisory lock of the replica that ${lock.role}`);
    await client.end().catch(() => undefined);
    return false;
  }
}

/** Whether this replica may collect now: it still holds the lock, or has just taken it. */
export async function holdsLock(lock: LeaderLock): Promise<boolean> {
  if (lock.dialect !== "postgres") return true;
  if (lock.client) return lockStillHeld(lock);
  return tryTakeLock(lock);
}

export async function releaseLock(lock: LeaderLock): Promise<void> {
  lock.released = true;
  const client = lock.client;
  lock.client = undefined;
  await client?.end().catch(() => undefined);
}
