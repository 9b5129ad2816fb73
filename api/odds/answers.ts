import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { Request, Response } from "express";
import { sendCached, type CachedAnswer } from "#lib/node/cached-answer.ts";
import { isCountryId } from "#shared/reference.ts";
import { AppError } from "../http/errors.ts";

/** An authenticated odds answer, built once and sent many times: its JSON, gzip and ETag. */
export function answerOf(data: unknown): CachedAnswer {
  const json = JSON.stringify({ data });
  return { json, gzip: gzipSync(json), etag: `"${createHash("sha256").update(json).digest("base64url").slice(0, 27)}"` };
}

/** Sends an answer with 304 and gzip; authenticated answers vary by token too. */
export const sendAnswer = (req: Request, res: Response, answer: CachedAnswer) => sendCached(req, res, answer, "Accept-Encoding, Authorization");

/** The `country` query parameter every odds route takes, or 400 VALIDATION_ERROR. */
export function countryOf(req: Request): number {
  const country = Number(req.query.country);
  if (!isCountryId(country)) throw new AppError("VALIDATION_ERROR", "country must be 1 (Nigeria), 2 (Ghana) or 3 (Kenya).");
  return country;
}
