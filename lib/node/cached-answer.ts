import type { Request, Response } from "express";

/** A JSON answer built once: its bytes, gzipped bytes and strong ETag. */
export interface CachedAnswer {
  etag: string;
  gzip: Buffer;
  /** The uncompressed JSON (a function where it is inflated only on need). */
  json: string | Buffer | (() => Buffer);
}

/**
 * Sends a prepared JSON answer: 304 to a matching If-None-Match, gzip when the client takes it,
 * otherwise the plain bytes. Both tiers answer odds this way (the API from its cache, the web
 * tier from its one-second copy), so no serving costs a serialisation.
 */
export function sendCached(req: Request, res: Response, answer: CachedAnswer, vary = "Accept-Encoding"): void {
  res.setHeader("ETag", answer.etag);
  res.setHeader("Cache-Control", "private, no-cache");
  res.setHeader("Vary", vary);
  const match = req.header("if-none-match");
  if (match && match.split(",").some((tag) => tag.trim() === answer.etag)) return void res.status(304).end();
  res.type("application/json");
  if (/\bgzip\b/.test(req.header("accept-encoding") ?? "")) {
    res.setHeader("Content-Encoding", "gzip");
    res.send(answer.gzip);
    return;
  }
  res.send(typeof answer.json === "function" ? answer.json() : answer.json);
}
