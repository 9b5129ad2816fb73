import type { ValidationIssue } from "#shared/validation.ts";
import { AppError } from "./errors.ts";

/** Runs a shared validator; its first issue becomes the answer (same messages as the client). */
export function assertValid(issue: ValidationIssue | null): void {
  if (issue) throw new AppError(issue.code, issue.message);
}

/** A JSON body as a plain record; anything else (array, string, nothing) reads as empty. */
export function bodyOf(body: unknown): Record<string, unknown> {
  return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

export function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}
