/**
 * One cycle of learning competitions (docs/design.md, Learning competitions): each book's listed
 * competitions become `competition_books` rows; a row not joined yet is joined by the join rules
 * (join-rules.ts), or held; a row held through WAIT_CYCLES cycles with its fixtures read appears by
 * itself as a new competition; a joined row whose book now names it otherwise is joined again only
 * where the rules agree, else held in `conflict`; an operator's join is never undone. Pure: rows
 * in, the rows to write out, so the database's writer (learn-repository.ts) and tests share it.
 */
import { normaliseName } from "../feeds/bookmakers/leagues.ts";
import { BOOKMAKER_ID_BY_KEY, BOOKMAKER_KEYS, type BookmakerKey } from "../feeds/types.ts";
import type { BookBoard, ListedCompetition } from "./board-listing.ts";
import { judge, type Candidate, type JoinRule, type Verdict } from "./join-rules.ts";
import { buildEvidence, type BookRow, type CompetitionRow, type JoinedListing } from "./learn-evidence.ts";
import { displayName, learntKey, learntKind, LEARNT_RANK, regionOf, type LearnNames } from "./learn-names.ts";

/** Cycles a row waits, its fixtures read each time, before it appears by itself. */
export const WAIT_CYCLES = 3;
/** A joined row unlisted this long goes `gone` (docs/design.md, Competition and market ids). */
const GONE_AFTER_MS = 3 * 24 * 60 * 60 * 1000;
/** Listing times are written at most this often: every cycle would rewrite every row. */
const SEEN_STEP_MS = 60 * 60 * 1000;

/** What learning keeps between cycles: how many cycles each held row has waited. */
export interface LearnState {
  waits: Map<string, number>;
}

export const learnState = (): LearnState => ({ waits: new Map() });

export type LearnEventKind = "joined" | "new" | "held" | "conflict" | "renamed" | "gone";

export interface LearnEvent {
  kind: LearnEventKind;
  bookmaker: BookmakerKey;
  bookId: string;
  name: string;
  country: string | null;
  competitionId: number | null;
  rule?: JoinRule | "new";
  detail?: string;
}

export interface LearnOutcome {
  /** New competitions carry a negative id until written; changed ones their own. */
  competitions: CompetitionRow[];
  books: BookRow[];
  events: LearnEvent[];
}

export interface LearnInput {
  competitions: readonly CompetitionRow[];
  books: readonly BookRow[];
  boards: readonly BookBoard[];
  names: LearnNames;
  now: number;
}

const rowKey = (bookmaker: number, bookId: string) => `${bookmaker}\u0000${bookId}`;
const keyOf = (row: Pick<BookRow, "bookmaker" | "book_id">) => rowKey(row.bookmaker, row.book_id);
const BOOK_BY_ID = new Map<number, BookmakerKey>(BOOKMAKER_KEYS.map((key) => [BOOKMAKER_ID_BY_KEY[key], key]));

interface Listed {
  bookmaker: BookmakerKey;
  entries: ListedCompetition[];
}

/** The cycle's working copy: rows as they stand, changed in place, diffed against the input at the end. */
class Cycle {
  readonly comps: Map<number, CompetitionRow>;
  readonly rows: Map<string, BookRow>;
  readonly events: LearnEvent[] = [];
  private nextId = -1;

  constructor(
    readonly input: LearnInput,
    readonly state: LearnState,
    readonly listed: Map<string, Listed>,
  ) {
    this.comps = new Map(input.competitions.map((c) => [c.id, { ...c }]));
    this.rows = new Map(input.books.map((b) => [keyOf(b), { ...b }]));
  }

  entry(key: string): ListedCompetition | undefined {
    const entries = this.listed.get(key)?.entries;
    return entries?.length === 1 ? entries[0] : undefined;
  }

  candidate(key: string): Candidate | undefined {
    const row = this.rows.get(key);
    const entry = this.entry(key);
    const bookmaker = row && BOOK_BY_ID.get(row.bookmaker);
    if (!row || !entry || !bookmaker) return undefined;
    return { bookmaker, bookId: row.book_id, name: entry.name, regionId: regionOf(this.input.names, entry.country), ...(entry.fixtures ? { fixtures: entry.fixtures } : {}) };
  }

  event(kind: LearnEventKind, row: BookRow, extra: Partial<LearnEvent> = {}): void {
    this.events.push({ kind, bookmaker: BOOK_BY_ID.get(row.bookmaker) as BookmakerKey, bookId: row.book_id, name: row.name, country: row.region_name, competitionId: row.competition_id, ...extra });
  }

  /** Joined rows' fixtures this cycle: the rules' evidence. */
  evidence(excluded: ReadonlySet<string>) {
    const joined: JoinedListing[] = [];
    for (const [key, { bookmaker }] of this.listed) {
      const row = this.rows.get(key);
      const fixtures = this.entry(key)?.fixtures;
      if (excluded.has(key) || !row || row.status !== "joined" || row.competition_id === null || !fixtures) continue;
      joined.push({ bookmaker, competitionId: row.competition_id, fixtures });
    }
    return buildEvidence(this.comps.values(), this.rows.values(), joined, this.input.names);
  }

  join(key: string, competitionId: number, rule: JoinRule | "new"): void {
    const row = this.rows.get(key) as BookRow;
    Object.assign(row, { competition_id: competitionId, joined_by: rule, status: "joined" });
    this.state.waits.delete(key);
    this.event(rule === "new" ? "new" : "joined", row, { rule });
  }

  createCompetition(name: string, regionId: number | null, srTournament: string | null): number {
    const { names, now } = this.input;
    const key = learntKey(names, regionId, name, new Set([...this.comps.values()].map((c) => c.key)));
    const id = this.nextId--;
    this.comps.set(id, { id, key, name, region_id: regionId, kind: learntKind(names, regionId), tier: null, sr_tournament: srTournament, status: "active", merged_into: null, rank: LEARNT_RANK, created_at: now, last_listed_at: now });
    return id;
  }
}

/** Each listed id once, with the entries it was listed under (two when a book reuses an id). */
function listedByKey(boards: readonly BookBoard[]): Map<string, Listed> {
  const listed = new Map<string, Listed>();
  for (const board of boards) {
    for (const entry of board.competitions) {
      const key = rowKey(BOOKMAKER_ID_BY_KEY[board.bookmaker], entry.bookId);
      const found = listed.get(key) ?? { bookmaker: board.bookmaker, entries: [] };
      found.entries.push(entry);
      listed.set(key, found);
    }
  }
  return listed;
}

/** Listing times and counts; a row first listed now is held until a rule joins it. */
function recordSeen(cycle: Cycle): void {
  const { now } = cycle.input;
  for (const [key, { entries }] of cycle.listed) {
    const first = entries[0] as ListedCompetition;
    const upcoming = entries.reduce((n, e) => n + e.upcoming, 0);
    let row = cycle.rows.get(key);
    if (!row) {
      const [bookmaker, bookId] = key.split("\u0000") as [string, string];
      row = { bookmaker: Number(bookmaker), book_id: bookId, competition_id: null, name: first.name, region_name: first.country, joined_by: "new", status: "held", upcoming, first_seen_at: now, last_seen_at: now };
      cycle.rows.set(key, row);
      continue;
    }
    row.upcoming = upcoming;
    row.first_seen_at ??= now;
    if (row.last_seen_at === null || now - row.last_seen_at >= SEEN_STEP_MS) row.last_seen_at = now;
  }
}

const sameName = (cycle: Cycle, row: BookRow, entry: ListedCompetition) =>
  normaliseName(row.name) === normaliseName(entry.name) &&
  (row.region_name === null || regionOf(cycle.input.names, row.region_name) === regionOf(cycle.input.names, entry.country));

/** Sorts listed rows into those the rules must weigh: open (never joined) and recheck (joined, now named otherwise). */
function classify(cycle: Cycle): { open: string[]; recheck: string[] } {
  const open: string[] = [];
  const recheck: string[] = [];
  for (const [key, { entries }] of cycle.listed) {
    const row = cycle.rows.get(key) as BookRow;
    if (row.joined_by === "operator") {
      if (row.status === "gone") row.status = "joined";
      continue;
    }
    const entry = cycle.entry(key);
    if (!entry) {
      if (row.status !== "conflict") cycle.event("conflict", row, { detail: `listed under ${entries.map((e) => `"${e.name}" (${e.country ?? "no country"})`).join(" and ")}` });
      row.status = "conflict";
      continue;
    }
    const wasJoined = row.competition_id !== null && (row.status === "joined" || row.status === "gone");
    if (wasJoined && sameName(cycle, row, entry)) row.status = "joined";
    else if (row.competition_id !== null && row.status !== "held") recheck.push(key);
    else {
      // Not joined: the row carries the book's words as listed now, for the report and an operator.
      Object.assign(row, { name: entry.name, region_name: entry.country });
      open.push(key);
    }
  }
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return { open: open.sort(order), recheck: recheck.sort(order) };
}

/** Applies the rules to open rows until a pass joins nothing; the last verdict of each row left. */
function settle(cycle: Cycle, open: string[], excluded: ReadonlySet<string>): Map<string, Verdict> {
  const verdicts = new Map<string, Verdict>();
  for (let progress = true; progress; ) {
    progress = false;
    const evidence = cycle.evidence(excluded);
    const taken = new Map<number, string>();
    for (const key of open) {
      if (cycle.rows.get(key)?.status === "joined") continue;
      const candidate = cycle.candidate(key);
      if (!candidate) continue;
      const verdict = judge(candidate, evidence, cycle.input.names);
      verdicts.set(key, verdict);
      if (verdict.kind === "new") {
        const entry = cycle.entry(key) as ListedCompetition;
        cycle.join(key, cycle.createCompetition(entry.name.trim(), candidate.regionId, verdict.srTournament), "sr-tournament");
        progress = true;
      } else if (verdict.kind === "join") {
        if (verdict.takesSrTournament !== undefined) {
          // Two SportyBet tournaments taking one competition by name: neither is guessed.
          if (taken.has(verdict.competitionId)) continue;
          taken.set(verdict.competitionId, verdict.takesSrTournament);
          (cycle.comps.get(verdict.competitionId) as CompetitionRow).sr_tournament = verdict.takesSrTournament;
        }
        cycle.join(key, verdict.competitionId, verdict.rule);
        progress = true;
      }
    }
  }
  return verdicts;
}

/** A joined row named otherwise now: joined again where the rules still give its competition, else `conflict`. */
function recheckRenamed(cycle: Cycle, recheck: readonly string[]): void {
  const evidence = cycle.evidence(new Set(recheck));
  for (const key of recheck) {
    const row = cycle.rows.get(key) as BookRow;
    const entry = cycle.entry(key) as ListedCompetition;
    const candidate = cycle.candidate(key) as Candidate;
    const verdict = judge(candidate, evidence, cycle.input.names);
    if (verdict.kind === "join" && verdict.competitionId === row.competition_id) {
      Object.assign(row, { name: entry.name, region_name: entry.country, status: "joined" });
      cycle.event("renamed", row, { rule: verdict.rule });
      continue;
    }
    const detail = verdict.kind === "join" ? `the rules now give ${verdict.competitionId}` : verdict.kind === "conflict" ? verdict.detail : "no rule confirms it";
    if (row.status !== "conflict") cycle.event("conflict", row, { detail: `now "${entry.name}" (${entry.country ?? "no country"}): ${detail}` });
    row.status = "conflict";
  }
}

/** Rows no rule joined: one waited out appears by itself (then the others are weighed again); the rest wait. */
function appearOrWait(cycle: Cycle, open: string[], verdicts: Map<string, Verdict>): void {
  const undecided = () => open.filter((key) => cycle.rows.get(key)?.status !== "joined" && verdicts.get(key)?.kind === "undecided");
  for (let next = undecided().find((key) => (cycle.state.waits.get(key) ?? 0) >= WAIT_CYCLES); next; next = undecided().find((key) => (cycle.state.waits.get(key) ?? 0) >= WAIT_CYCLES)) {
    const entry = cycle.entry(next) as ListedCompetition;
    const regionId = regionOf(cycle.input.names, entry.country);
    cycle.join(next, cycle.createCompetition(displayName(cycle.input.names, entry.name, regionId), regionId, null), "new");
    for (const [key, verdict] of settle(cycle, open, new Set())) verdicts.set(key, verdict);
  }
  for (const key of open) {
    const row = cycle.rows.get(key) as BookRow;
    const verdict = verdicts.get(key);
    if (row.status === "joined" || !verdict) continue;
    if (verdict.kind === "conflict") {
      if (row.status !== "conflict") cycle.event("conflict", row, { detail: verdict.detail });
      row.status = "conflict";
      continue;
    }
    row.status = "held";
    if (cycle.entry(key)?.fixtures) cycle.state.waits.set(key, (cycle.state.waits.get(key) ?? 0) + 1);
    cycle.event("held", row, { detail: verdict.kind === "undecided" ? verdict.detail : undefined });
  }
}

/** Joined rows of a book read this cycle, unlisted for GONE_AFTER_MS, go `gone`; their competitions' listing times move. */
function listingTimes(cycle: Cycle): void {
  const { now, boards } = cycle.input;
  const read = new Set<number>(boards.map((b) => BOOKMAKER_ID_BY_KEY[b.bookmaker]));
  for (const [key, row] of cycle.rows) {
    if (cycle.listed.has(key)) {
      const comp = row.status === "joined" && row.competition_id !== null ? cycle.comps.get(row.competition_id) : undefined;
      if (comp && (comp.last_listed_at === null || now - comp.last_listed_at >= SEEN_STEP_MS)) comp.last_listed_at = now;
      continue;
    }
    if (read.has(row.bookmaker) && row.status === "joined" && row.last_seen_at !== null && now - row.last_seen_at >= GONE_AFTER_MS) {
      row.status = "gone";
      row.upcoming = 0;
      cycle.event("gone", row);
    }
  }
}

const changed = <T extends object>(before: T | undefined, after: T) => !before || JSON.stringify(before) !== JSON.stringify(after);

/** One cycle's learning over the books whose listings were read. */
export function learnCompetitions(input: LearnInput, state: LearnState): LearnOutcome {
  const cycle = new Cycle(input, state, listedByKey(input.boards));
  recordSeen(cycle);
  const { open, recheck } = classify(cycle);
  const verdicts = settle(cycle, open, new Set(recheck));
  recheckRenamed(cycle, recheck);
  appearOrWait(cycle, open, verdicts);
  listingTimes(cycle);
  const competitionsBefore = new Map(input.competitions.map((c) => [c.id, c]));
  const booksBefore = new Map(input.books.map((b) => [keyOf(b), b]));
  return {
    competitions: [...cycle.comps.values()].filter((c) => changed(competitionsBefore.get(c.id), c)),
    books: [...cycle.rows].filter(([key, row]) => changed(booksBefore.get(key), row)).map(([, row]) => row),
    events: cycle.events,
  };
}
