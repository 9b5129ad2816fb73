import type { Request, Response } from "express";
import { prepareJson, PUBLIC_ODDS_CACHE_CONTROL, sendCached, type CachedAnswer, type JsonAnswer } from "#lib/node/cached-answer.ts";
import { PRIVATE_NO_STORE } from "#lib/node/private-no-store.ts";
import { isCountryId } from "#shared/reference.ts";
import { AppError } from "../../http/errors.ts";

/**
 * An odds answer, serialised once and sent many times: its JSON, compressed forms and ETag. Given
 * the answer it replaces, unchanged data keeps that one (and its ETag): clients revalidating get
 * 304, no compression is redone, and whatever is built from it can tell nothing moved.
 */
export function answerOf(data: unknown, previous?: JsonAnswer): JsonAnswer {
  const json = JSON.stringify({ data });
  if (previous?.json === json) return previous;
  return prepareJson(json);
}

/**
 * Sends an odds answer with 304 and its coding. Every one varies by token, as the listing does (the
 * checksum rules differ per session); a per-user answer is not stored, the public ones (summary,
 * sample) may be kept but are asked for again.
 */
export function sendAnswer(req: Request, res: Response, answer: CachedAnswer, access: "per-user" | "public" = "per-user") {
  sendCached(req, res, answer, { cacheControl: access === "public" ? PUBLIC_ODDS_CACHE_CONTROL : PRIVATE_NO_STORE, vary: "Accept-Encoding, Authorization" });
}

/** The `country` query parameter every odds route takes, or 400 VALIDATION_ERROR. */
export function countryOf(req: Request): number {
  const country = Number(req.query.country);
  if (!isCountryId(country)) throw new AppError("VALIDATION_ERROR", "country must be 1 (Nigeria), 2 (Ghana) or 3 (Kenya).");
  return country;
}
