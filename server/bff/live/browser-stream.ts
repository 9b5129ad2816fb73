import type { Response } from "express";
import { consumerGuard, type ConsumerLimits } from "#lib/node/sse/consumer-guard.ts";
import { streamEncoder, type LiveFrame, type StreamCoding } from "./stream-coding.ts";

/**
 * At most 32 KB queued, and a browser that has taken nothing for a minute is dropped: a stream
 * holds no compression context (stream-coding.ts), so its memory is its socket and this queue
 * (docs/decisions/026-web-tier-verifies-tokens-by-asking.md: its "Stream memory" point).
 */
export const DEFAULT_LIMITS: ConsumerLimits = { maxQueuedBytes: 32 << 10, maxStallMs: 60_000 };

export interface BrowserStreamOptions {
  limits: ConsumerLimits;
  /** How often the hub calls `checkStall` (its heartbeat). */
  heartbeatMs: number;
  onDropped: () => void;
  coding?: StreamCoding;
}

/**
 * One browser's SSE response with bounded memory (lib/node/sse/consumer-guard.ts): a slow browser
 * is dropped (it reconnects with its Last-Event-ID and resumes), never buffered for without bound.
 */
export function browserStream(res: Response, options: BrowserStreamOptions) {
  const encoder = streamEncoder(options.coding ?? "identity");
  const guard = consumerGuard(res, options.limits, options.heartbeatMs);
  const open = () => !res.writableEnded && !res.destroyed;
  const drop = () => {
    if (!open()) return;
    options.onDropped();
    res.destroy();
  };
  return {
    open,
    /** Writes a frame; false when nothing was written (ended, dropped now or before). */
    write(frame: LiveFrame): boolean {
      if (!open()) return false;
      const bytes = encoder.encode(frame);
      res.write(bytes);
      if (guard.wrote(Buffer.byteLength(bytes))) {
        drop();
        return false;
      }
      return true;
    },
    /** Called every heartbeat: drops a browser that has taken nothing of its queue for `maxStallMs`. */
    checkStall() {
      if (guard.stalled()) drop();
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
