import type { Response } from "express";

export interface BackpressureLimits {
  /** A browser with more than this queued (our buffer plus the socket's) is dropped at once. */
  maxQueuedBytes: number;
  /** A browser whose response has refused writes (`write()` false, no `drain`) this long is dropped. */
  maxStallMs: number;
}

export const DEFAULT_LIMITS: BackpressureLimits = { maxQueuedBytes: 1 << 20, maxStallMs: 30_000 };

/**
 * One browser's SSE response with bounded memory: a slow browser is dropped (it reconnects with
 * its Last-Event-ID and resumes), never buffered for without bound.
 */
export function browserStream(res: Response, limits: BackpressureLimits, onDropped: () => void) {
  let blockedSince: number | undefined;
  const open = () => !res.writableEnded && !res.destroyed;
  const drop = () => {
    if (!open()) return;
    onDropped();
    res.destroy();
  };
  res.on("drain", () => (blockedSince = undefined));
  return {
    open,
    /** Writes a chunk; false when nothing was written (ended, dropped now or before). */
    write(chunk: string): boolean {
      if (!open()) return false;
      if (!res.write(chunk)) blockedSince ??= Date.now();
      // The compression middleware's flush: each frame leaves at once, compressed.
      (res as Response & { flush?: () => void }).flush?.();
      if (res.writableLength > limits.maxQueuedBytes) {
        drop();
        return false;
      }
      return true;
    },
    /** Called every heartbeat: drops a browser whose writes have been refused for too long. */
    checkStall(now: number) {
      if (blockedSince !== undefined && now - blockedSince >= limits.maxStallMs) drop();
    },
    end() {
      if (open()) res.end();
    },
  };
}

export type BrowserStream = ReturnType<typeof browserStream>;
