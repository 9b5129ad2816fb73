import { positionFrame, sseFrame } from "#lib/node/sse/frame.ts";
import { frameRing } from "#lib/node/sse/ring.ts";
import type { OddsEvent } from "#shared/contract.ts";
import { writeMarketRoute } from "#shared/stream-route.ts";
import type { ChangeRow } from "../write/changes.ts";

/** How many recent changes a replica keeps for resuming streams (docs/design.md, The API's stream). */
export const RING_CAPACITY = 2_000;

/** What a stream subscriber is told: one SSE frame to write, or that it must end. */
export type FeedSignal = { kind: "frame"; frame: string } | { kind: "end" };

/**
 * A changed event-market's frame. Its `route` field names the competition, market and event, so
 * the web tier files it under its views without parsing the JSON (SSE readers ignore a field they
 * do not know; docs/decisions/013-odds-stream.md).
 */
export function marketFrame(seq: number, event: OddsEvent): string {
  return sseFrame({ id: String(seq), event: "market", route: writeMarketRoute({ competitionId: event.competitionId, marketId: event.markets[0]!.marketId, id: event.id }), data: JSON.stringify(event) });
}

/**
 * The changed event-market as the odds-event shape (docs/design.md, Odds shapes) with its one market, from
 * the freshly built listing. A market that left the listing (no fresh price left, stale, past
 * kick-off) goes out with `odds: []`: the client drops it.
 */
export function changedEvent(row: ChangeRow, byId: ReadonlyMap<string, { event: OddsEvent }>): OddsEvent {
  const listed = byId.get(row.eventId)?.event;
  const market = listed?.markets.find((m) => m.marketId === row.marketId) ?? { marketId: row.marketId, odds: [] };
  if (listed) return { ...listed, markets: [market] };
  const date = new Date(row.kickoff).toISOString();
  return { id: row.eventId, name: `${row.home} vs ${row.away}`, home: row.home, away: row.away, date, competitionId: row.competitionId, markets: [market] };
}

/**
 * One country's live changes on this replica: a ring of recent frames for resuming, and the
 * subscribers (open streams) that hear each new one. Numbers are the database's sequence.
 */
export function liveFeed(capacity: number = RING_CAPACITY) {
  const ring = frameRing<{ seq: number; frame: string }>(capacity);
  // Until the service positions it at the database's latest change: from 0.
  ring.startAt(0);
  const subscribers = new Set<(signal: FeedSignal) => void>();
  let ending = false;

  const broadcast = (signal: FeedSignal) => {
    for (const subscriber of [...subscribers]) subscriber(signal);
  };

  return {
    latest: () => ring.latest() ?? 0,
    /** Starts the ring at `seq`: a replica resumes nobody from before it was listening. */
    startAt: (seq: number) => ring.startAt(seq),
    /** Frames after `seq` to resume a stream, or null when the gap is larger than the ring. */
    since: (seq: number): string[] | null => ring.since(seq)?.map((entry) => entry.frame) ?? null,
    /** Publishes a batch read after a write; only a pair's newest change is sent (it carries the current state). */
    publish(rows: readonly ChangeRow[], listed: ReadonlyMap<string, { event: OddsEvent }>) {
      const newest = new Map<string, ChangeRow>();
      for (const row of rows) newest.set(`${row.eventId}:${row.marketId}`, row);
      for (const row of [...newest.values()].sort((a, b) => a.seq - b.seq)) {
        const entry = { seq: row.seq, frame: marketFrame(row.seq, changedEvent(row, listed)) };
        ring.push(entry);
        broadcast({ kind: "frame", frame: entry.frame });
      }
      for (const row of rows) ring.advanceTo(row.seq);
    },
    /** This replica fell further behind than the ring holds: everyone refetches from `seq`. */
    reset(seq: number) {
      ring.startAt(seq);
      broadcast({ kind: "frame", frame: positionFrame("reset", seq) });
    },
    subscribe(subscriber: (signal: FeedSignal) => void): () => void {
      // A stream opened while the server drains ends at once rather than hold the drain.
      if (ending) {
        subscriber({ kind: "end" });
        return () => undefined;
      }
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    subscriberCount: () => subscribers.size,
    /** Ends every open stream and any opened later (the server drains): clients reconnect elsewhere with their Last-Event-ID. */
    endStreams() {
      ending = true;
      broadcast({ kind: "end" });
    },
  };
}

export type LiveFeed = ReturnType<typeof liveFeed>;
