import { isIP } from "node:net";
import type { Request } from "express";
import type { ValidationIssue } from "#shared/validation.ts";
import { AppError } from "./errors.ts";

/** Runs a shared validator; its first issue becomes the answer (same messages as the client). */
export function assertValid(issue: ValidationIssue | null): void {
  if (issue) throw new AppError(issue.code, issue.message);
}

/**
 * Every field's issue in one answer (decision 038): `summary` gives the code and description a
 * client reading only those gets, as before; `fields` lists each issue with its field.
 */
export function assertAllValid(summary: ValidationIssue | null, issues: readonly ValidationIssue[]): void {
  if (!summary) return;
  const fields = issues.map((found) => ({ field: found.field ?? "", code: found.code, description: found.message }));
  throw new AppError(summary.code, summary.message, { fields });
}

/** A JSON body as a plain record; anything else (array, string, nothing) reads as empty. */
export function bodyOf(body: unknown): Record<string, unknown> {
  return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

export function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/**
 * The client's address as Express reads it behind trusted proxies, or "unknown". X-Forwarded-For
 * can carry any text, and this keys the throttles in the database (PostgreSQL refuses a 10 KB key).
 */
export function clientIp(req: Request): string {
  return req.ip && isIP(req.ip) ? req.ip : "unknown";
}
