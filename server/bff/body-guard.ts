import type { RequestHandler } from "express";
import { errorEnvelope } from "#shared/error-codes.ts";
import { MAX_BODY_DEPTH, VALIDATION_MESSAGES } from "#shared/validation.ts";

/**
 * Whether `value` nests deeper than `limit` arrays or objects. Walked with an explicit stack, not
 * recursion: the point is to survive a body that would overflow the call stack
 * (docs/design.md, Hostile input).
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: { node: unknown; depth: number }[] = [{ node: value, depth: 0 }];
  while (pending.length > 0) {
    const { node, depth } = pending.pop()!;
    if (typeof node !== "object" || node === null) continue;
    if (depth + 1 > limit) return true;
    for (const child of Object.values(node)) pending.push({ node: child, depth: depth + 1 });
  }
  return false;
}

/** Refuses a parsed body nested deeper than the API takes (MAX_BODY_DEPTH) before anything forwards or serialises it. */
export function depthGuard(): RequestHandler {
  return (req, res, next) => {
    if (!nestsDeeperThan(req.body, MAX_BODY_DEPTH)) return next();
    res.status(400).json(errorEnvelope("VALIDATION_ERROR", VALIDATION_MESSAGES.bodyTooDeep));
  };
}
