import type { Response } from "express";
import { streamEncoder, type LiveFrame, type StreamCoding } from "./stream-coding.ts";

export interface BackpressureLimits {
  /** A browser with more than this queued in this process (bytes not yet handed to the kernel) is dropped at once. */
  maxQueuedBytes: number;
  /** A browser that has taken none of what is queued for it this long is dropped. */
  maxStallMs: number;
}

/**
 * At most 32 KB queued, and a browser that has taken nothing for a minute is dropped: a stream
 * holds no compression context (stream-coding.ts), so its memory is its socket and this queue
 * (docs/decisions/026-web-tier-verifies-tokens-by-asking.md: its "Stream memory" point).
 */
export const DEFAULT_LIMITS: BackpressureLimits = { maxQueuedBytes: 32 << 10, maxStallMs: 60_000 };

/**
 * One browser's SSE response with bounded memory: a slow browser is dropped (it reconnects with
 * its Last-Event-ID and resumes), never buffered for without bound.
 */
export function browserStream(res: Response, limits: BackpressureLimits, onDropped: () => void, coding: StreamCoding = "identity") {
  const encoder = streamEncoder(coding);
  // When something is queued: the time the queue last shrank (or was first seen queued).
  let stuckSince: number | undefined;
  let lastQueued = 0;
  const open = () => !res.writableEnded && !res.destroyed;
  const drop = () => {
    if (!open()) return;
    onDropped();
    res.destroy();
  };
  return {
    open,
    /** Writes a frame; false when nothing was written (ended, dropped now or before). */
    write(frame: LiveFrame): boolean {
      if (!open()) return false;
      res.write(encoder.encode(frame));
      if (res.writableLength > limits.maxQueuedBytes) {
        drop();
        return false;
      }
      return true;
    },
    /** Called every heartbeat: drops a browser that has taken nothing of its queue for `maxStallMs`. */
    checkStall(now: number) {
      const queued = res.writableLength;
      if (queued === 0) stuckSince = undefined;
      else if (stuckSince === undefined || queued < lastQueued) stuckSince = now;
      else if (now - stuckSince >= limits.maxStallMs) drop();
      lastQueued = queued;
    },
    /** Ends the response, closing a compressed body properly. */
    end() {
      if (!open()) return;
      const last = encoder.finish();
      if (last) res.end(last);
      else res.end();
    },
  };
}

export type BrowserStream = ReturnType<typeof browserStream>;
