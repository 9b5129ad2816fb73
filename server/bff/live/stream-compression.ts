import compression from "compression";
import type { RequestHandler } from "express";
import Negotiator from "negotiator";

/**
 * A live stream's compression: gzip with a 4 KB window and a small hash table, about 20 KB of
 * memory a stream (the default deflate context is about 256 KB, brotli's 120-540 KB). Frames are
 * small JSON with the same keys again and again, so a 4 KB window keeps most of the gain. The
 * compressor takes 4 KB before it refuses input (browser-stream.ts bounds what follows).
 * Brotli is never offered here: its context costs more than our per-stream budget
 * (docs/decisions/026-web-tier-verifies-tokens-by-asking.md, "Stream memory").
 */
export const STREAM_ZLIB = { windowBits: 12, memLevel: 5, highWaterMark: 4096 } as const;

const gzipStream = compression({ ...STREAM_ZLIB, threshold: 0, filter: () => true });

export const streamCompression: RequestHandler = (req, res, next) => {
  const coding = new Negotiator(req).encoding(["gzip", "identity"]);
  // The compression middleware picks brotli whenever it is accepted: it is shown gzip or nothing.
  req.headers["accept-encoding"] = coding === "gzip" ? "gzip" : "identity";
  gzipStream(req, res, next);
};
