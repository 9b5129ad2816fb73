import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Request, Response } from "express";
import { chooseCoding, codedEtag, etagMatches } from "./content-coding.ts";

/** A JSON answer built once: its bytes, its gzip, its brotli (made on first need) and its strong ETag. */
export interface CachedAnswer {
  /** The identity representation's ETag; each coding gets its own (content-coding.ts). */
  etag: string;
  gzip: Buffer;
  /** The uncompressed JSON (a function where it is inflated only on need). */
  json: string | Buffer | (() => Buffer);
  br(): Buffer;
}

/**
 * Brotli of a body, compressed on the first call and kept. Quality 5: a few milliseconds for an
 * odds listing, still smaller than gzip; the precompressed assets and pages get 11 at build.
 */
export function brotliOnce(body: () => string | Buffer): () => Buffer {
  let br: Buffer | undefined;
  return () => (br ??= brotliCompressSync(body(), { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
}

/** A cached answer whose JSON is held as text (the API's answers; the web tier's copies keep only gzip). */
export type JsonAnswer = CachedAnswer & { json: string };

/** A serialised answer with its gzip, its brotli on first need and an ETag from its SHA-256. */
export function prepareJson(json: string): JsonAnswer {
  return { json, gzip: gzipSync(json), br: brotliOnce(() => json), etag: `"${createHash("sha256").update(json).digest("base64url").slice(0, 27)}"` };
}

/** Public odds (the summary, the sample): a browser may keep them but asks again each time, a 304 while the ETag holds. */
export const PUBLIC_ODDS_CACHE_CONTROL = "private, no-cache";

export interface CachedAnswerHeaders {
  /** PUBLIC_ODDS_CACHE_CONTROL, or PRIVATE_NO_STORE (private-no-store.ts) for an answer to a token. */
  cacheControl: string;
  /** Accept-Encoding, and what else the answer depends on (the API's: Authorization). */
  vary: string;
}

/**
 * Sends a prepared JSON answer in the coding the client takes best (content-coding.ts), with that
 * representation's ETag, or 304 when If-None-Match names it. Both tiers answer odds this way (the
 * API from its cache, the web tier from its one-second copy), so no serving costs a serialisation.
 */
export function sendCached(req: Request, res: Response, answer: CachedAnswer, headers: CachedAnswerHeaders): void {
  const coding = chooseCoding(req.headers, ["br", "gzip"]);
  const etag = codedEtag(answer.etag, coding);
  res.setHeader("ETag", etag);
  res.setHeader("Cache-Control", headers.cacheControl);
  res.setHeader("Vary", headers.vary);
  if (etagMatches(req.header("if-none-match"), etag)) return void res.status(304).end();
  if (coding !== "identity") res.setHeader("Content-Encoding", coding);
  const body = coding === "br" ? answer.br() : coding === "gzip" ? answer.gzip : typeof answer.json === "function" ? answer.json() : answer.json;
  // Written whole with Node's own end, not Express's send: the freshness check, type and length
  // are ours already, and send's own steps were a measurable part of the busiest answer's cost
  // (docs/benchmarks.md). Node leaves the body out of an answer to HEAD.
  res.setHeader("Content-Type", JSON_TYPE);
  // In bytes: the identity body may be a string, whose length counts UTF-16 units ("Atlético").
  res.setHeader("Content-Length", Buffer.byteLength(body));
  res.end(body);
}

const JSON_TYPE = "application/json; charset=utf-8";
