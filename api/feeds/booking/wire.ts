/**
 * What every booking codec shares: HTTP statuses and bodies turned into a read's or a mint's
 * failure reason (a challenge page or a 429 is `blocked`, decision 012; docs/design.md, Booking codes).
 * Our selections as each book ids them are `book-ids.ts`.
 */
import { isChallengePage, parseJsonBody } from "../bookmakers/common.ts";
import type { CodeReadFailure, MintFailure } from "./types.ts";

export type WireResult<T, R extends string> = { ok: true; value: T } | { ok: false; reason: R; error: string };

/** A read's or mint's HTTP answer before its JSON is looked at: blocked pages, rate limits, server errors. */
function statusFailure(status: number, body: string): { reason: "blocked" | "failed" | "not-found"; error: string } | undefined {
  if (status === 429) return { reason: "blocked", error: "blocked: HTTP 429 (rate limited)" };
  if (isChallengePage(body)) return { reason: "blocked", error: `blocked: HTTP ${status} with a bot challenge page` };
  if (status === 404) return { reason: "not-found", error: "HTTP 404" };
  if (status >= 500) return { reason: "failed", error: `HTTP ${status}` };
  if (status === 403) return { reason: "blocked", error: "blocked: HTTP 403" };
  if (status < 200 || status >= 300) return { reason: "failed", error: `HTTP ${status}` };
  return undefined;
}

/** A read's body as JSON, or the reason it is none. */
export function readJson(body: string, status: number): WireResult<unknown, CodeReadFailure> {
  const bad = statusFailure(status, body);
  if (bad) return { ok: false, ...bad };
  const json = parseJsonBody(body);
  if (json.ok) return json;
  return { ok: false, reason: json.blocked ? "blocked" : "malformed", error: json.error };
}

/** A mint's body as JSON, or the reason it is none (a 404 on a mint is the book refusing it). */
export function mintJson(body: string, status: number): WireResult<unknown, MintFailure> {
  const bad = statusFailure(status, body);
  if (bad) return { ok: false, reason: bad.reason === "not-found" ? "rejected" : bad.reason, error: bad.error };
  if (status === 400) return { ok: false, reason: "rejected", error: "HTTP 400" };
  const json = parseJsonBody(body);
  if (json.ok) return json;
  return { ok: false, reason: json.blocked ? "blocked" : "malformed", error: json.error };
}

/** Uppercased and trimmed: how a bettor's pasted code is checked against a book's codePattern. */
export function normaliseBookCode(code: string): string {
  return code.trim().toUpperCase();
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
export { isObject };
