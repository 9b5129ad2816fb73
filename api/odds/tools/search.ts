import type { EventHeading, OddsEvent } from "#shared/contract.ts";
import { CLUBS, canonicalClub, foldText } from "../../feeds/matching/index.ts";
import type { OddsCache } from "../read/cache.ts";

/** Longer search text answers 400 (docs/design.md, Search). */
export const MAX_QUERY_LENGTH = 100;
/** Events one search answers, soonest first. */
export const MAX_RESULTS = 20;

/** Every start of a folded name at a word: "tottenham hotspur" -> "tottenham hotspur", "hotspur". */
function wordStarts(folded: string): string[] {
  if (folded === "") return [];
  const starts = [folded];
  for (let at = folded.indexOf(" "); at !== -1; at = folded.indexOf(" ", at + 1)) starts.push(folded.slice(at + 1));
  return starts;
}

/**
 * What a team answers to, folded: its listed name and, when the matcher knows its club, the
 * club's name and every alias (Spurs, Man U, Barça, Gladbach), each from any of its words on.
 */
export function teamPhrases(name: string, competitionId: number): string[] {
  const club = canonicalClub(name, competitionId);
  const names = [name, ...(club ? [club.name, ...club.aliases] : [])];
  return [...new Set(names.flatMap((n) => wordStarts(foldText(n))))];
}

/** Whether a sorted list holds a string starting with `prefix` (binary search). */
function hasPrefix(sorted: readonly string[], prefix: string): boolean {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (sorted[mid]! < prefix) low = mid + 1;
    else high = mid;
  }
  return sorted[low]?.startsWith(prefix) ?? false;
}

/** Every phrase a known club answers to, for telling "man u" (one club) from "arsenal chelsea" (two). */
const CLUB_PHRASES: readonly string[] = [...new Set(CLUBS.flatMap((club) => [club.name, ...club.aliases].flatMap((n) => wordStarts(foldText(n)))))].sort();

interface Entry {
  heading: EventHeading;
  kickoff: number;
  home: readonly string[];
  away: readonly string[];
}

/** The listed events, soonest first, with each team's phrases folded once per listing. */
export interface SearchIndex {
  entries: readonly Entry[];
  /** Every phrase of the listed teams, sorted. */
  phrases: readonly string[];
}

export function buildSearchIndex(headings: readonly EventHeading[]): SearchIndex {
  const entries = headings
    .map((heading) => ({ heading, kickoff: Date.parse(heading.date), home: teamPhrases(heading.home, heading.competitionId), away: teamPhrases(heading.away, heading.competitionId) }))
    .sort((a, b) => a.kickoff - b.kickoff || a.heading.name.localeCompare(b.heading.name) || a.heading.id.localeCompare(b.heading.id));
  const phrases = [...new Set(entries.flatMap((e) => [...e.home, ...e.away]))].sort();
  return { entries, phrases };
}

const VERSUS = /^(vs|v) /;
const answers = (phrases: readonly string[], query: string) => phrases.some((p) => p.startsWith(query));

/**
 * A query names one team when it is one word or a phrase some team answers to ("man u", "real
 * madrid"); then one of the event's teams must answer to it whole, so "man u" never finds
 * Manchester City against Leeds United. Otherwise ("arsenal chelsea") it names both teams: its
 * words split in two, one part for each team.
 */
function matches(entry: Entry, query: string, oneTeam: boolean): boolean {
  if (answers(entry.home, query) || answers(entry.away, query)) return true;
  if (oneTeam) return false;
  for (let at = query.indexOf(" "); at !== -1; at = query.indexOf(" ", at + 1)) {
    const first = query.slice(0, at);
    const second = query.slice(at + 1);
    // "Arsenal vs Chelsea", as the listing names it, finds that match too.
    for (const other of new Set([second, second.replace(VERSUS, "")])) {
      if (answers(entry.home, first) && answers(entry.away, other)) return true;
      if (answers(entry.away, first) && answers(entry.home, other)) return true;
    }
  }
  return false;
}

/**
 * Upcoming events (kick-off after `now`) whose teams answer to `text`, soonest first, at most
 * `limit`. Accent-, case- and punctuation-blind; each word may be the start of a word
 * ("tott hot"), so results come as the user types.
 */
export function searchEvents(index: SearchIndex, text: string, now: number, limit = MAX_RESULTS): EventHeading[] {
  const query = foldText(text);
  if (query === "") return [];
  const oneTeam = !query.includes(" ") || hasPrefix(CLUB_PHRASES, query) || hasPrefix(index.phrases, query);
  const found: EventHeading[] = [];
  for (const entry of index.entries) {
    if (found.length >= limit) break;
    if (entry.kickoff > now && matches(entry, query, oneTeam)) found.push(entry.heading);
  }
  return found;
}

const headingOf = ({ id, name, home, away, date, competitionId, competition }: OddsEvent): EventHeading => ({ id, name, home, away, date, competitionId, ...(competition ? { competition } : {}) });

/**
 * The search index of what the odds cache lists, rebuilt only when the listed events' version
 * moved, so a keystroke costs no database work and no JSON parsing.
 */
export function listedSearchIndex(cache: OddsCache): () => SearchIndex {
  let builtVersion = -1;
  let index = buildSearchIndex([]);
  return () => {
    const { version, events } = cache.listed();
    if (version === builtVersion) return index;
    index = buildSearchIndex(events.map(headingOf));
    builtVersion = version;
    return index;
  };
}
