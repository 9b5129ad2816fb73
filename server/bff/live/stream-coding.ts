import type { Request } from "express";
import Negotiator from "negotiator";
import { constants, crc32, deflateRawSync } from "node:zlib";

/**
 * One SSE frame's text, and its compressed bytes made at most once however many browsers get it.
 * Each frame is compressed on its own (raw deflate, sync-flushed, no reference to earlier frames):
 * a frame's JSON repeats its own keys, so it shrinks to about a quarter alone, and a stream then
 * needs no compression context of its own: a deflate context costs 100-260 KB in Node (its hash
 * table does not shrink with memLevel), brotli's 60-480 KB, against a 64 KB budget a stream
 * (docs/decisions/026-web-tier-verifies-tokens-by-asking.md: its "Stream memory" point).
 */
export interface LiveFrame {
  readonly text: string;
  deflated?: Buffer;
}

export const liveFrame = (text: string): LiveFrame => ({ text });

function deflatedOf(frame: LiveFrame): Buffer {
  frame.deflated ??= deflateRawSync(frame.text, { finishFlush: constants.Z_SYNC_FLUSH });
  return frame.deflated;
}

export type StreamCoding = "gzip" | "identity";

/** gzip when the browser accepts it (q-values and `*` as RFC 9110 12.5.3 says); brotli is never used for a stream. */
export function streamCoding(req: Request): StreamCoding {
  return new Negotiator(req).encoding(["gzip", "identity"]) === "gzip" ? "gzip" : "identity";
}

/** RFC 1952: magic, deflate, no flags, no time, no extra flags, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255]);
/** A final, empty fixed-Huffman block: the deflate stream ends here (RFC 1951 3.2.6). */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/**
 * One response's gzip member built from shared per-frame blocks: the header first, each frame's
 * deflate bytes, and at the end the final block with CRC-32 and length of everything sent. Its
 * state is two numbers.
 */
export function streamEncoder(coding: StreamCoding) {
  let started = false;
  let crc = 0;
  let size = 0;
  return {
    /** The bytes that carry `frame` on this response. */
    encode(frame: LiveFrame): Buffer | string {
      if (coding === "identity") return frame.text;
      crc = crc32(frame.text, crc);
      size = (size + Buffer.byteLength(frame.text)) >>> 0;
      const body = deflatedOf(frame);
      if (started) return body;
      started = true;
      return Buffer.concat([GZIP_HEADER, body]);
    },
    /** What closes the body properly, if anything was sent. */
    finish(): Buffer | undefined {
      if (coding === "identity") return undefined;
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(crc >>> 0, 0);
      trailer.writeUInt32LE(size, 4);
      return Buffer.concat([...(started ? [] : [GZIP_HEADER]), FINAL_BLOCK, trailer]);
    },
  };
}
