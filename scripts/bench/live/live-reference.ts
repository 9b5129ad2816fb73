import { join } from "node:path";
import Database from "better-sqlite3";
import { oddsStreamChecksum } from "#shared/checksum.ts";
import type { OddsEvent } from "#shared/contract.ts";
import { openSse, type SseConnection } from "./sse.ts";
import type { BenchUser, Stack } from "../stack.ts";

/** One `event: market` frame of the API's own stream: the changed event-market and its sequence. */
export interface MarketChange {
  seq: number;
  receivedAt: number;
  event: OddsEvent;
}

export interface Reference {
  changes: MarketChange[];
  connection: SseConnection;
}

/**
 * The API's `/odds/stream?country=1` straight from the API (bearer token, stream checksum): what
 * every change was, to compare the web tier's streams and the page against (decision 013).
 */
export async function referenceStream(stack: Stack, user: BenchUser): Promise<Reference> {
  const changes: MarketChange[] = [];
  const url = `${stack.api}/odds/stream?country=1&k=${oddsStreamChecksum(user.ak, 1)}`;
  const connection = await openSse(url, { authorization: `Bearer ${user.token}` }, (frame) => {
    if (frame.event === "market") changes.push({ seq: Number(frame.id), receivedAt: frame.receivedAt, event: JSON.parse(frame.data) as OddsEvent });
  });
  if (connection.status !== 200) throw new Error(`the API's /odds/stream answered ${connection.status}: ${await connection.body}`);
  return { changes, connection };
}

/**
 * The collector's write time of each change after `afterSeq`: `odds_changes.at` (epoch ms, set in
 * the writing transaction), read from the stack's SQLite file without writing to it.
 */
export function writeTimes(stack: Stack, afterSeq: number): Map<number, number> {
  const db = new Database(join(stack.dataDir, "app.db"), { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare("select seq, at from odds_changes where seq > ?").all(afterSeq) as { seq: number; at: number }[];
    return new Map(rows.map((row) => [Number(row.seq), Number(row.at)]));
  } finally {
    db.close();
  }
}

