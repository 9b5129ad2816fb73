import type { RequestHandler } from "express";
import { hasBrokenCharacters, hasControlCharacters, MAX_BODY_DEPTH, VALIDATION_MESSAGES } from "#shared/validation.ts";
import { AppError } from "./errors.ts";

export type BodyOffence = "too-deep" | "control-characters" | "broken-characters";

function textOffence(value: string): BodyOffence | null {
  // Tab and line breaks pass here: a feedback message may hold them; single-line fields refuse them in shared/validation.ts.
  if (hasControlCharacters(value, { multiline: true })) return "control-characters";
  if (hasBrokenCharacters(value)) return "broken-characters";
  return null;
}

/**
 * The first thing in a parsed JSON body that no route may see: nesting deeper than `maxDepth`,
 * or a key or string value with control characters (NUL makes PostgreSQL fail) or lone
 * surrogates. Walks with an explicit stack, so no body can overflow ours.
 */
export function bodyOffence(body: unknown, maxDepth = MAX_BODY_DEPTH): BodyOffence | null {
  const pending: Array<{ value: unknown; depth: number }> = [{ value: body, depth: 0 }];
  while (pending.length > 0) {
    const { value, depth } = pending.pop()!;
    if (typeof value === "string") {
      const offence = textOffence(value);
      if (offence) return offence;
    } else if (value !== null && typeof value === "object") {
      if (depth + 1 > maxDepth) return "too-deep";
      for (const [key, child] of Object.entries(value)) {
        const offence = textOffence(key);
        if (offence) return offence;
        pending.push({ value: child, depth: depth + 1 });
      }
    }
  }
  return null;
}

const OFFENCE_MESSAGES: Record<BodyOffence, string> = {
  "too-deep": VALIDATION_MESSAGES.bodyTooDeep,
  "control-characters": VALIDATION_MESSAGES.controlCharacters,
  "broken-characters": VALIDATION_MESSAGES.brokenCharacters,
};

/** After express.json: refuses an unsafe body with 400 before any route, and so before any database work. */
export const guardJsonBody: RequestHandler = (req, _res, next) => {
  const offence = bodyOffence(req.body);
  next(offence ? new AppError("VALIDATION_ERROR", OFFENCE_MESSAGES[offence]) : undefined);
};

/**
 * Query parameters are single-line text given once: a repeated or bracketed parameter (an array
 * or object), a control character or a lone surrogate answers 400.
 */
export const guardQuery: RequestHandler = (req, _res, next) => {
  for (const [name, value] of Object.entries(req.query as Record<string, unknown>)) {
    if (typeof value !== "string") return next(new AppError("VALIDATION_ERROR", "Each query parameter may be given only once."));
    if (hasControlCharacters(value) || hasControlCharacters(name)) return next(new AppError("VALIDATION_ERROR", VALIDATION_MESSAGES.controlCharacters));
    if (hasBrokenCharacters(value) || hasBrokenCharacters(name)) return next(new AppError("VALIDATION_ERROR", VALIDATION_MESSAGES.brokenCharacters));
  }
  next();
};
