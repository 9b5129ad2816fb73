import type { Response } from "express";

export interface BackpressureLimits {
  /** A browser with more than this queued in this process (compressed bytes not yet handed to the kernel) is dropped at once. */
  maxQueuedBytes: number;
  /** A browser dropped at once when this much more is written while the compressor refuses input (its buffer is full). */
  maxRefusedBytes: number;
  /** A browser that has taken none of what is queued for it this long is dropped. */
  maxStallMs: number;
}

/**
 * A browser that has taken nothing for a minute is dropped, so a stream at rest holds its ~20 KB
 * deflate context (stream-compression.ts) and little else. Within one burst of frames (a feed run
 * changes a whole league at once; the bettor tools' view gets every market) the compressor and
 * the socket may hold more for a moment: at most 32 KB compressed and 64 KB not yet compressed
 * (docs/decisions/026-web-tier-verifies-tokens-by-asking.md, "Stream memory").
 */
export const DEFAULT_LIMITS: BackpressureLimits = { maxQueuedBytes: 32 << 10, maxRefusedBytes: 64 << 10, maxStallMs: 60_000 };

/**
 * One browser's SSE response with bounded memory: a slow browser is dropped (it reconnects with
 * its Last-Event-ID and resumes), never buffered for without bound.
 */
export function browserStream(res: Response, limits: BackpressureLimits, onDropped: () => void) {
  // Progress: when something is queued, the time it last shrank (or was first seen queued).
  let stuckSince: number | undefined;
  let lastQueued = 0;
  // Bytes written since the compressor (or the socket) last refused input and has not drained.
  let refused: number | undefined;
  const open = () => !res.writableEnded && !res.destroyed;
  const drop = () => {
    if (!open()) return;
    onDropped();
    res.destroy();
  };
  res.on("drain", () => (refused = undefined));
  return {
    open,
    /** Writes a chunk; false when nothing was written (ended, dropped now or before). */
    write(chunk: string): boolean {
      if (!open()) return false;
      if (refused !== undefined) refused += chunk.length;
      if (!res.write(chunk)) refused ??= 0;
      // The compression middleware's flush: each frame leaves at once, compressed.
      (res as Response & { flush?: () => void }).flush?.();
      if (res.writableLength > limits.maxQueuedBytes || (refused ?? 0) > limits.maxRefusedBytes) {
        drop();
        return false;
      }
      return true;
    },
    /**
     * Called every heartbeat: drops a browser that has taken nothing of what is queued for it (in
     * this process, or refused by the compressor) for `maxStallMs`.
     */
    checkStall(now: number) {
      const queued = res.writableLength;
      if (queued === 0 && refused === undefined) {
        stuckSince = undefined;
      } else if (stuckSince === undefined || queued < lastQueued) {
        stuckSince = now;
      } else if (now - stuckSince >= limits.maxStallMs) {
        drop();
      }
      lastQueued = queued;
    },
    end() {
      if (open()) res.end();
    },
  };
}

export type BrowserStream = ReturnType<typeof browserStream>;
