import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Database } from "../../db/schema.ts";
import type { BudgetedRunDeps, CircuitBreaker, FeedSource } from "./run-budget.ts";
import { abortable, circuitBreaker, type Fetcher } from "../fetcher.ts";
import type { FollowUpState } from "./follow-ups.ts";
import { feedMetrics, type FeedMetrics } from "./metrics.ts";
import type { Identities, Listings } from "./match-pool.ts";
import { learnState, type LearnState } from "../../catalogue/learn.ts";
import type { BookmakerKey } from "../types.ts";
import { rotationState } from "./board-rotation.ts";
import { priorityState, type PriorityState } from "./priority.ts";

/** Share of the interval a bookmaker gets per cycle; see follow-ups.ts for why 2/3. */
const BUDGET_SHARE = 2 / 3;

export interface CollectorOptions {
  sources: FeedSource[];
  fetcher: Fetcher;
  db: Kysely<Database>;
  clock: () => number;
  logger: Logger;
  /** FEED_INTERVAL_S in ms (default 60 s): sets the budget and how long a bookmaker's last listing helps matching. */
  intervalMs?: number;
  /** Waits out a budget unless `cancel` aborts first; tests inject one they end by hand. */
  budgetTimer?: (ms: number, cancel: AbortSignal) => Promise<void>;
  /** Pause between two requests to one bookmaker, in ms: [min, max] (docs/design.md, Reaching the bookmakers: 250 ms to 1.5 s live). */
  politeDelayMs?: [number, number];
  /** Called after each bookmaker's write commits (the odds cache rebuilds). */
  onWritten?: (bookmaker: BookmakerKey) => Promise<void>;
  /** Asked before each write; false (this replica lost the collector lock) skips the write. */
  mayWrite?: () => Promise<boolean>;
  sleep?: (ms: number) => Promise<void>;
  /** Where each cycle's feed health goes (the process's feedMetrics unless a test gives its own). */
  metrics?: FeedMetrics;
  /** Read each book's whole listing every cycle and learn its competitions (docs/design.md, Learning competitions). */
  learnCompetitions?: boolean;
}

export type CollectorDeps = Omit<BudgetedRunDeps, "breaker" | "followUps"> &
  Pick<CollectorOptions, "sources" | "db" | "clock" | "onWritten" | "mayWrite"> & { intervalMs: number; metrics: FeedMetrics };

/** The collector's state between cycles, passed explicitly to the functions that run a cycle. */
export interface Collector {
  deps: CollectorDeps;
  breaker: CircuitBreaker;
  followUps: Map<BookmakerKey, FollowUpState>;
  latest: Listings;
  /** The event each book's listing was written to (match-pool.ts). */
  identities: Identities;
  /** Writes queue up: one transaction at a time keeps SQLite unbusy and PostgreSQL free of lock waits. */
  writing: Promise<unknown>;
  /** How long each held competition has waited (learning competitions). */
  learning: LearnState;
  /** Saved slips' competitions, read every few cycles (priority.ts). */
  priority: PriorityState;
}

function defaultBudgetTimer(ms: number, cancel: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    cancel.addEventListener("abort", () => clearTimeout(timer), { once: true });
  });
}

/** A collector with nothing collected yet: the options resolved to its dependencies. */
export function createCollector(options: CollectorOptions): Collector {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const [minGap, maxGap] = options.politeDelayMs ?? [250, 1500];
  const intervalMs = options.intervalMs ?? 60_000;
  const deps: CollectorDeps = {
    sources: options.sources,
    fetcher: options.fetcher,
    db: options.db,
    clock: options.clock,
    logger: options.logger,
    intervalMs,
    budgetMs: Math.round(intervalMs * BUDGET_SHARE),
    budgetTimer: options.budgetTimer ?? defaultBudgetTimer,
    gap: (signal) => abortable(sleep(minGap + Math.random() * (maxGap - minGap)), signal),
    onWritten: options.onWritten,
    mayWrite: options.mayWrite,
    metrics: options.metrics ?? feedMetrics,
    readBoards: options.learnCompetitions === true,
    rotation: rotationState(),
  };
  return { deps, breaker: circuitBreaker(options.clock), followUps: new Map(), latest: new Map(), identities: new Map(), writing: Promise.resolve(), learning: learnState(), priority: priorityState() };
}
