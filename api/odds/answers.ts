import type { Request, Response } from "express";
import { prepareJson, sendCached, type CachedAnswer, type CachedAnswerHeaders } from "#lib/node/cached-answer.ts";
import { PRIVATE_NO_STORE } from "#lib/node/private-no-store.ts";
import { isCountryId } from "#shared/reference.ts";
import { AppError } from "../http/errors.ts";

/** An authenticated odds answer, built once and sent many times: its JSON, compressed forms and ETag. */
export const answerOf = (data: unknown): CachedAnswer => prepareJson(JSON.stringify({ data }));

/** Sends an authenticated answer (per-user, varying by token too) with 304 and its coding. */
export const sendAnswer = (req: Request, res: Response, answer: CachedAnswer) => sendCached(req, res, answer, AUTHENTICATED);

/** How the odds routes that need a token answer: a per-user answer, varying by token. */
export const AUTHENTICATED: CachedAnswerHeaders = { cacheControl: PRIVATE_NO_STORE, vary: "Accept-Encoding, Authorization" };

/** The `country` query parameter every odds route takes, or 400 VALIDATION_ERROR. */
export function countryOf(req: Request): number {
  const country = Number(req.query.country);
  if (!isCountryId(country)) throw new AppError("VALIDATION_ERROR", "country must be 1 (Nigeria), 2 (Ghana) or 3 (Kenya).");
  return country;
}
