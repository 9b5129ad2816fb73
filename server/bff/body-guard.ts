import type { RequestHandler } from "express";
import { errorEnvelope } from "#shared/error-codes.ts";

/** No contract body nests deeper than a few levels; 32 leaves room and keeps JSON.stringify far from the stack's end. */
export const MAX_BODY_DEPTH = 32;

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

/** Refuses a parsed body nested deeper than MAX_BODY_DEPTH before anything forwards or serialises it. */
export function depthGuard(): RequestHandler {
  return (req, res, next) => {
    if (!nestsDeeperThan(req.body, MAX_BODY_DEPTH)) return next();
    res.status(400).json(errorEnvelope("VALIDATION_ERROR", `Request body is nested too deeply (${MAX_BODY_DEPTH} levels at most).`));
  };
}
