/**
 * How a book's whole football listing is read (docs/design.md, Learning competitions and Whole-board
 * collection): its first requests, each answer parsed into the book's competitions with their
 * fixtures, and the requests an answer leads to (SportyBet's next page). Where the listing names a
 * competition without its fixtures (Bet9ja's tree), `fixturesRequest` asks for them.
 */
import type { ListedCompetition, ListedFixture } from "../../../catalogue/board-listing.ts";
import type { BookmakerKey, FeedRequest } from "../../types.ts";
import { parseJsonBody, sportradarId, validate, type Result } from "../common.ts";
import type { z } from "zod";

export type BoardPage = { ok: true; competitions: ListedCompetition[]; next: FeedRequest[] } | { ok: false; error: string; blocked?: true };

export interface BoardReader {
  key: BookmakerKey;
  requests(baseUrl: string, now: Date): FeedRequest[];
  parse(body: string, request: FeedRequest): BoardPage;
  fixturesRequest?(baseUrl: string, bookId: string): FeedRequest;
}

/** A body decoded and checked against its schema, or the failure that says why not. */
export function readBody<T>(schema: z.ZodType<T>, body: string): Result<T> {
  const json = parseJsonBody(body);
  return json.ok ? validate(schema, json.value) : json;
}

/** One fixture of a listing with the competition it is listed under. */
export interface ListedEntry {
  bookId: string;
  name: string;
  country: string | null;
  fixture: ListedFixture;
}

/** Competitions gathered per id, name and country, in the order first listed. */
export function groupListed<T>(items: readonly T[], listed: (item: T) => ListedEntry | undefined): ListedCompetition[] {
  const groups = new Map<string, ListedCompetition>();
  for (const item of items) {
    const entry = listed(item);
    if (!entry) continue;
    const { fixture, ...competition } = entry;
    const key = JSON.stringify([competition.bookId, competition.name, competition.country]);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { ...competition, upcoming: 0, fixtures: [] }));
    group.fixtures?.push(fixture);
    group.upcoming += 1;
  }
  return [...groups.values()];
}

/** A country as text, blank as none. */
export const listedCountry = (text: string | null | undefined): string | null => (text && text.trim() !== "" ? text.trim() : null);

/** The Sportradar match number of an event, digits only, as `sportradarId` accepts it (`bareDigits` per book). */
export function srMatchOf(value: unknown, bareDigits?: RegExp): { srMatch?: string } {
  const id = sportradarId(value, bareDigits);
  return id ? { srMatch: String(Number(id.slice("sr:match:".length))) } : {};
}
