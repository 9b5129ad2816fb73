import type { Writable } from "node:stream";

/** How much one stream's consumer may fall behind before it is dropped (it reconnects and resumes). */
export interface ConsumerLimits {
  /** More than this queued in this process (bytes not yet handed to the kernel): dropped at once. */
  maxQueuedBytes: number;
  /** Nothing taken of a non-empty queue for this long, as seen at heartbeats: dropped. */
  maxStallMs: number;
}

/**
 * The slow-consumer guard of a stream, the same on both tiers: memory stays bounded whatever the
 * consumer does. A stall is counted in heartbeats that saw no progress, not in wall time: a burst
 * to a reading consumer, or a busy event loop that could not hand bytes to the kernel, never reads
 * as a stall.
 */
export function consumerGuard(res: Pick<Writable, "writableLength">, limits: ConsumerLimits, heartbeatMs: number) {
  let written = 0;
  let flushed = 0;
  let idleBeats = 0;
  return {
    /** After a write of `bytes`: whether the queue is now over its bound. */
    wrote(bytes: number): boolean {
      written += bytes;
      return res.writableLength > limits.maxQueuedBytes;
    },
    /** At a heartbeat: whether the consumer has taken nothing of its queue for `maxStallMs`. */
    stalled(): boolean {
      const nowFlushed = written - res.writableLength;
      idleBeats = res.writableLength === 0 || nowFlushed > flushed ? 0 : idleBeats + 1;
      flushed = Math.max(flushed, nowFlushed);
      return idleBeats > 0 && idleBeats * heartbeatMs >= limits.maxStallMs;
    },
  };
}
