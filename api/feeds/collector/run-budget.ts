import type { Logger } from "pino";
import { COMPETITION_IDS } from "#shared/reference.ts";
import { collectBookmaker, emptyOutcome, type BookmakerOutcome } from "./run-fetch.ts";
import type { circuitBreaker, Fetcher } from "../fetcher.ts";
import { MAX_FAILURES_IN_A_ROW, followUpState, type FollowUpState } from "./follow-ups.ts";
import { followUpCounts } from "./reports.ts";
import type { BookmakerAdapter, BookmakerKey } from "../types.ts";
import { feedCatalogue } from "../bookmakers/feed-catalogue.ts";
import { markAsked, othersToAsk, OTHERS_SHARE, OVERDUE_INTERVALS, type RotationState } from "./board-rotation.ts";

export type CircuitBreaker = ReturnType<typeof circuitBreaker>;

export interface FeedSource {
  adapter: BookmakerAdapter;
  baseUrl: string;
}

/** What collecting one bookmaker within its budget needs. */
export interface BudgetedRunDeps {
  fetcher: Fetcher;
  logger: Logger;
  budgetMs: number;
  /** Waits out a budget unless `cancel` aborts first. */
  budgetTimer: (ms: number, cancel: AbortSignal) => Promise<void>;
  /** The polite pause between two requests to one bookmaker. */
  gap: (signal: AbortSignal) => Promise<void>;
  breaker: CircuitBreaker;
  followUps: Map<BookmakerKey, FollowUpState>;
  /** When each book last asked each competition beyond the four (board-rotation.ts); without it only the four are asked. */
  rotation?: RotationState;
  /** FEED_INTERVAL_S in ms: how long a competition may go unasked before it is overdue (board-rotation.ts). */
  intervalMs: number;
  /** This cycle's urgent competitions (priority.ts), asked ahead of the rest of the board. */
  urgent?: ReadonlySet<number>;
  /** Whether each book's whole listing is read for learning competitions, in what is left of its budget. */
  readBoards?: boolean;
}

function markEveryLeague(outcome: BookmakerOutcome, error: string) {
  for (const c of COMPETITION_IDS) if (!outcome.leagues.has(c)) outcome.leagues.set(c, { error, eventCalls: 0, eventFailures: 0 });
}

/**
 * One bookmaker's listings and follow-ups, given up when its budget runs out: what it finished
 * by then stays in the outcome. A bookmaker whose circuit is open is not asked at all.
 */
export async function collectWithin(deps: BudgetedRunDeps, source: FeedSource, now: Date): Promise<BookmakerOutcome> {
  const { adapter } = source;
  const outcome = emptyOutcome(adapter.key);
  if (!deps.breaker.allows(adapter.key)) {
    outcome.skipped = true;
    markEveryLeague(outcome, "circuit open: skipped after repeated failures");
    return outcome;
  }
  let state = deps.followUps.get(adapter.key);
  if (!state) deps.followUps.set(adapter.key, (state = followUpState()));
  const work = new AbortController();
  const cancelBudget = new AbortController();
  const others = otherCompetitions(deps, adapter.key, Date.now());
  const done = collectBookmaker({ adapter, baseUrl: source.baseUrl, fetcher: deps.fetcher, now, signal: work.signal, gap: deps.gap, followUps: state, logger: deps.logger, ...(others ? { others } : {}) }, outcome).then(
    () => "done" as const,
    (error: unknown) => {
      deps.logger.error({ bookmaker: adapter.key, err: error }, "bookmaker collection crashed");
      return "done" as const;
    },
  );
  const expired = deps.budgetTimer(deps.budgetMs, cancelBudget.signal).then(() => "expired" as const);
  const result = await Promise.race([done, expired]);
  cancelBudget.abort();
  if (result === "expired" && outcome.othersBegun) {
    // The four and their follow-ups are in: the other competitions not reached wait for the next cycle.
    work.abort();
  } else if (result === "expired") {
    work.abort();
    outcome.abandoned = true;
    markEveryLeague(outcome, `abandoned after ${deps.budgetMs} ms: the bookmaker's time for this cycle ran out`);
    deps.logger.warn({ bookmaker: adapter.key, budgetMs: deps.budgetMs }, "bookmaker abandoned for this cycle");
  }
  return outcome;
}

/** The other competitions joined at the book, started while its share of the budget lasts. */
function otherCompetitions(deps: BudgetedRunDeps, bookmaker: BookmakerKey, started: number) {
  const rotation = deps.rotation;
  if (!rotation) return undefined;
  return {
    ids: othersToAsk(feedCatalogue(), bookmaker, rotation, { urgent: deps.urgent ?? new Set(), now: Date.now(), overdueMs: OVERDUE_INTERVALS * deps.intervalMs }),
    open: () => Date.now() - started < deps.budgetMs * OTHERS_SHARE,
    asked: (competitionId: number) => markAsked(rotation, bookmaker, competitionId, Date.now()),
  };
}

/** A failed run for the breaker: nothing usable, out of time, or most follow-up calls failed. */
export function runFailed(outcome: BookmakerOutcome): boolean {
  const leagues = [...outcome.leagues.values()];
  const nothing = leagues.every((l) => l.offers === undefined);
  const { eventCalls, eventFailures } = followUpCounts(outcome);
  const followUpsFailing = eventFailures >= MAX_FAILURES_IN_A_ROW && eventFailures * 2 >= eventCalls;
  return nothing || outcome.abandoned || followUpsFailing;
}

/** Tells the breaker how the run went; a skipped bookmaker was not tried, so it counts neither way. */
export function recordVerdict(breaker: CircuitBreaker, outcome: BookmakerOutcome, failed: boolean): void {
  if (outcome.skipped) return;
  if (failed) breaker.failure(outcome.key);
  else breaker.success(outcome.key);
}
