import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import type { Catalogue } from "../../catalogue/catalogue.ts";
import { useFeedCatalogue } from "../bookmakers/feed-catalogue.ts";
import { circuitBreaker, type Fetcher } from "../fetcher.ts";
import { BOOKMAKER_ID_BY_KEY, type BookmakerAdapter, type FeedRequest, type Offer } from "../types.ts";
import { markAsked, othersToAsk, OVERDUE_INTERVALS, rotationState, type RotationState } from "./board-rotation.ts";
import { BOARD_STALE_INTERVALS } from "../../odds/read/freshness.ts";
import { collectWithin, runFailed, type BudgetedRunDeps } from "./run-budget.ts";
import { bookmakerReport } from "./reports.ts";

/** A catalogue with only what the rotation reads: competitions and each book's rows. */
function catalogueOf(rows: { bookmaker: number; competition_id: number | null; status: string }[], merged: number[] = []): Catalogue {
  const ids = new Set(rows.flatMap((r) => (r.competition_id === null ? [] : [r.competition_id])));
  return {
    rows: { competitionBooks: rows },
    competitions: new Map([...ids].map((id) => [id, { id, status: merged.includes(id) ? "merged" : "active" }])),
  } as unknown as Catalogue;
}

const SPORTYBET = BOOKMAKER_ID_BY_KEY.sportybet;
const BET9JA = BOOKMAKER_ID_BY_KEY.bet9ja;
const joined = (competition_id: number, bookmaker = SPORTYBET) => ({ bookmaker, competition_id, status: "joined" });

afterEach(() => useFeedCatalogue(undefined));

describe("the competitions beyond the four a book is asked for (docs/design.md, Collected today)", () => {
  it("are those joined at the book, never asked first, then the longest unasked, then by id", () => {
    const catalogue = catalogueOf([joined(1), joined(10_002), joined(10_000), joined(10_001), joined(10_003, BET9JA), { bookmaker: SPORTYBET, competition_id: 10_004, status: "held" }, joined(10_005)], [10_005]);
    const state = rotationState();
    expect(othersToAsk(catalogue, "sportybet", state)).toEqual([10_000, 10_001, 10_002]);
    markAsked(state, "sportybet", 10_000, 1_000);
    markAsked(state, "sportybet", 10_002, 500);
    expect(othersToAsk(catalogue, "sportybet", state)).toEqual([10_001, 10_002, 10_000]);
    // A competition no longer joined is forgotten.
    expect(othersToAsk(catalogueOf([joined(10_000)]), "sportybet", state)).toEqual([10_000]);
    expect([...(state.get("sportybet")?.keys() ?? [])]).toEqual([10_000]);
  });

  it("puts the overdue (unasked for six feed intervals, or never) first, then the urgent, then the rest, each longest unasked first (docs/design.md, Collection tiers)", () => {
    const catalogue = catalogueOf([joined(10_000), joined(10_001), joined(10_002), joined(10_003), joined(10_004)]);
    const state = rotationState();
    const now = 100 * 60_000;
    const priority = (urgent: number[]) => ({ urgent: new Set(urgent), now, overdueMs: OVERDUE_INTERVALS * 60_000 });
    // 10_000 was asked seven minutes ago: overdue at a 60 s interval. 10_004 never. The others within six minutes.
    markAsked(state, "sportybet", 10_000, now - 7 * 60_000);
    markAsked(state, "sportybet", 10_001, now - 60_000);
    markAsked(state, "sportybet", 10_002, now - 5 * 60_000);
    markAsked(state, "sportybet", 10_003, now - 2 * 60_000);
    expect(othersToAsk(catalogue, "sportybet", state, priority([]))).toEqual([10_004, 10_000, 10_002, 10_003, 10_001]);
    // 10_001 and 10_003 have a fixture within 24 hours: ahead of the rest though asked lately, behind the overdue.
    expect(othersToAsk(catalogue, "sportybet", state, priority([10_001, 10_003]))).toEqual([10_004, 10_000, 10_003, 10_001, 10_002]);
    // Overdue comes before a board price leaves the answers (BOARD_STALE_INTERVALS), with a cycle to spare for the write.
    expect(OVERDUE_INTERVALS + 1).toBeLessThan(BOARD_STALE_INTERVALS);
  });
});

/** A book answering each competition at once, except those in `hang`, which answer only when aborted. */
function bookOf(hang: Set<number>, asked: number[], onHang: () => void, fail: ReadonlySet<number> = new Set(), empty: ReadonlySet<number> = new Set()) {
  const adapter = {
    key: "sportybet",
    liveBaseUrl: "https://example.test",
    leagueRequests: (_base: string, competitionId: number) => [{ url: `https://example.test/${competitionId}`, headers: {} }],
    parseLeague(body: string, competitionId: number) {
      if (empty.has(competitionId)) return { ok: true as const, offers: [] };
      const offer: Offer = { bookmaker: "sportybet", externalId: body, competitionId, home: `Home ${body}`, away: `Away ${body}`, kickoff: new Date(Date.UTC(2026, 11, 1)), prices: [{ marketId: 1, selectionTypeId: 1, price: 2, boosted: false }] };
      return { ok: true as const, offers: [offer] };
    },
  } as unknown as BookmakerAdapter;
  const fetcher = {
    fetch(request: FeedRequest, signal?: AbortSignal) {
      const competitionId = Number(request.url.split("/").at(-1));
      asked.push(competitionId);
      if (fail.has(competitionId)) return Promise.reject(new Error(`HTTP 404 for ${competitionId}`));
      if (!hang.has(competitionId)) return Promise.resolve(String(competitionId));
      // The book's time runs out while this one waits.
      setImmediate(onHang);
      return new Promise<string>((_, reject) => signal?.addEventListener("abort", () => reject(new Error("aborted")), { once: true }));
    },
  } as unknown as Fetcher;
  return { adapter, fetcher };
}

/** One book's run whose budget ends while the first of `hang` waits. */
function runOf(hang: Set<number>, rotation: RotationState, fail?: ReadonlySet<number>, empty?: ReadonlySet<number>) {
  const asked: number[] = [];
  let endBudget = () => undefined as void;
  const { adapter, fetcher } = bookOf(hang, asked, () => endBudget(), fail, empty);
  const deps: BudgetedRunDeps = {
    fetcher,
    logger: pino({ level: "silent" }),
    budgetMs: 60_000,
    intervalMs: 90_000,
    budgetTimer: () => new Promise<void>((resolve) => (endBudget = resolve)),
    gap: async () => undefined,
    breaker: circuitBreaker(() => 0),
    followUps: new Map(),
    rotation,
  };
  return { asked, collect: () => collectWithin(deps, { adapter, baseUrl: "https://example.test" }, new Date(Date.UTC(2026, 10, 29))) };
}

describe("a book's other competitions within its budget", () => {
  it("ends them when the budget runs out without abandoning the four, and starts the next cycle with the ones not reached", async () => {
    useFeedCatalogue(catalogueOf([joined(1), joined(2), joined(3), joined(4), joined(10_000), joined(10_001), joined(10_002)]));
    const rotation = rotationState();
    const { asked, collect } = runOf(new Set([10_001]), rotation);
    const outcome = await collect();
    expect(asked).toEqual([1, 2, 3, 4, 10_000, 10_001]);
    expect(outcome.abandoned).toBe(false);
    expect(runFailed(outcome)).toBe(false);
    expect([...outcome.leagues].map(([id, l]) => [id, l.offers?.length])).toEqual([1, 2, 3, 4, 10_000].map((id) => [id, 1]));
    expect(othersToAsk(catalogueOf([joined(10_000), joined(10_001), joined(10_002)]), "sportybet", rotation)).toEqual([10_001, 10_002, 10_000]);
  });

  it("still abandons a book whose four leagues the budget did not see through", async () => {
    useFeedCatalogue(catalogueOf([joined(1), joined(10_000)]));
    const { asked, collect } = runOf(new Set([3]), rotationState());
    const outcome = await collect();
    expect(outcome.abandoned).toBe(true);
    expect(asked).not.toContain(10_000);
  });

  it("keeps a competition's failure or empty answer its own: the rest are asked, the book's report stays ok; three failures in a row stop them", async () => {
    useFeedCatalogue(catalogueOf([joined(1), joined(2), joined(3), joined(4), ...[10_000, 10_001, 10_002, 10_003, 10_004, 10_005, 10_006].map((id) => joined(id))]));
    const { asked, collect } = runOf(new Set(), rotationState(), new Set([10_000, 10_003, 10_004, 10_005]), new Set([10_001]));
    const outcome = await collect();
    // 10_000 failed, 10_001 answered nothing, 10_002 answered; then three failures in a row end the turn.
    expect(asked).toEqual([1, 2, 3, 4, 10_000, 10_001, 10_002, 10_003, 10_004, 10_005]);
    expect(outcome.leagues.get(10_000)?.error).toMatch(/404/);
    expect(outcome.leagues.get(10_001)).toEqual({ offers: [], eventCalls: 0, eventFailures: 0 });
    expect(outcome.leagues.get(10_002)?.offers).toHaveLength(1);
    const report = bookmakerReport(outcome, new Map(), new Map(), runFailed(outcome));
    expect([report.ok, report.error, report.failed]).toEqual([true, undefined, false]);
  });
});
