import { COMPETITION_IDS, isCompetitionId } from "#shared/reference.ts";
import { addWriteResult, emptyWriteResult, type WriteResult } from "../../odds/write/store.ts";
import type { BookmakerOutcome } from "./run-fetch.ts";
import type { LeagueFixtures } from "./match-pool.ts";
import { BOOKMAKER_ID_BY_KEY, type BookmakerKey } from "../types.ts";
import type { LearnReport } from "../../catalogue/learn-cycle.ts";

export interface BookmakerReport {
  key: BookmakerKey;
  ok: boolean;
  offers: number;
  prices: number;
  changed: number;
  removed: number;
  unmatched: number;
  eventCalls: number;
  eventFailures: number;
  /** Its time ran out and the rest of its work was given up. */
  abandoned: boolean;
  /** Its circuit was open: not asked at all. */
  skipped: boolean;
  /** Whether the circuit breaker counted the run as a failure. */
  failed: boolean;
  /** The site answered a bot challenge or WAF page instead of data (decision 012). */
  blocked: boolean;
  error?: string;
}

export interface CompetitionReport extends WriteResult {
  competitionId: number;
  fixtures: number;
  unmatched: number;
}

export interface CycleReport {
  startedAt: number;
  competitions: CompetitionReport[];
  bookmakers: BookmakerReport[];
  /** What learning competitions did with the books' whole listings, where they were read. */
  learning?: LearnReport;
}

/** What one cycle wrote to one competition, over every bookmaker. */
export interface Tally extends WriteResult {
  fixtures: Set<string>;
  unmatched: number;
}


const emptyTally = (): Tally => ({ fixtures: new Set<string>(), ...emptyWriteResult(), unmatched: 0 });

/** The four always, each other competition once a book's run wrote it. */
export function emptyTallies(): Map<number, Tally> {
  return new Map(COMPETITION_IDS.map((c) => [c, emptyTally()]));
}

/** Adds one bookmaker's written leagues to the cycle's per-competition tallies. */
export function addToTallies(tallies: Map<number, Tally>, perLeague: ReadonlyMap<number, LeagueFixtures>, results: ReadonlyMap<number, WriteResult>): void {
  for (const [c, l] of perLeague) {
    let tally = tallies.get(c);
    if (!tally) tallies.set(c, (tally = emptyTally()));
    for (const f of l.fixtures) tally.fixtures.add(f.key);
    tally.unmatched += l.unmatched.length;
    const r = results.get(c);
    if (r) addWriteResult(tally, r);
  }
}

export function competitionReports(tallies: ReadonlyMap<number, Tally>): CompetitionReport[] {
  return [...tallies].map(([competitionId, { fixtures, ...counts }]) => ({ competitionId, fixtures: fixtures.size, ...counts }));
}

/** A bookmaker's per-event calls this cycle, over its leagues. */
export function followUpCounts(outcome: BookmakerOutcome): { eventCalls: number; eventFailures: number } {
  let eventCalls = 0;
  let eventFailures = 0;
  for (const league of outcome.leagues.values()) {
    eventCalls += league.eventCalls;
    eventFailures += league.eventFailures;
  }
  return { eventCalls, eventFailures };
}

/** One bookmaker's line in the cycle report. */
export function bookmakerReport(outcome: BookmakerOutcome, perLeague: ReadonlyMap<number, LeagueFixtures>, results: ReadonlyMap<number, WriteResult>, failed: boolean): BookmakerReport {
  const total = emptyWriteResult();
  for (const r of results.values()) addWriteResult(total, r);
  const leagues = [...outcome.leagues.values()];
  // The book's health is its four leagues': another competition's failure is in its own run record.
  const errors = [...new Set([...outcome.leagues].flatMap(([id, l]) => (l.error && isCompetitionId(id) ? [l.error] : [])))];
  return {
    key: outcome.key,
    ok: errors.length === 0,
    offers: leagues.reduce((n, l) => n + (l.offers?.length ?? 0), 0),
    ...total,
    unmatched: [...perLeague.values()].reduce((n, l) => n + l.unmatched.length, 0),
    ...followUpCounts(outcome),
    abandoned: outcome.abandoned,
    skipped: outcome.skipped,
    failed: !outcome.skipped && failed,
    blocked: leagues.some((l) => l.blocked === true),
    ...(errors.length > 0 ? { error: errors.join("; ") } : {}),
  };
}

/** A book's competition row as `learntRows` gives it, with the competition it joins. */
export interface LearntRowView {
  bookmaker: number;
  book_id: string;
  name: string;
  region_name: string | null;
  competition_id: number | null;
  competition_name: string | null;
  joined_by: string;
  status: string;
  upcoming: number;
}

/**
 * Book rows an operator should see (docs/design.md, Learning competitions): competitions that
 * appeared by themselves, rows held until a rule decides, rows in conflict, one line each.
 */
export function learntRowLines(rows: readonly LearntRowView[]): string[] {
  const bookmaker = (id: number) => Object.entries(BOOKMAKER_ID_BY_KEY).find(([, b]) => b === id)?.[0] ?? String(id);
  const section = (title: string, picked: readonly LearntRowView[]) =>
    picked.length === 0
      ? [`${title}: none`]
      : [
          `${title}: ${picked.length}`,
          ...picked.map((r) => {
            const ours = r.competition_id === null ? "-" : `${r.competition_id} ${r.competition_name ?? ""}`.trim();
            return `  ${bookmaker(r.bookmaker).padEnd(10)} ${r.book_id.padEnd(20)} ${`${r.name} (${r.region_name ?? "no country"})`.padEnd(48)} ${String(r.upcoming).padStart(4)} upcoming  -> ${ours}`;
          }),
        ];
  return [
    ...section("New competitions (appeared by themselves)", rows.filter((r) => r.joined_by === "new" && r.status === "joined")),
    ...section("Held (waiting for a rule to decide)", rows.filter((r) => r.status === "held")),
    ...section("In conflict (held until an operator joins or splits them)", rows.filter((r) => r.status === "conflict")),
  ];
}
