/**
 * A book's whole listing read in what is left of its budget once its leagues and follow-ups are
 * done (docs/design.md, Learning competitions): the board never costs the prices their time, and a
 * board that fails or runs out of time is only left unread this cycle, never a failed run.
 */
import type { BookBoard } from "../../catalogue/board-listing.ts";
import { BOARD_READERS } from "../bookmakers/board/index.ts";
import { readBoard } from "../bookmakers/board/read-board.ts";
import { feedCatalogue } from "../bookmakers/feed-catalogue.ts";
import { BOOKMAKER_ID_BY_KEY } from "../types.ts";
import type { BudgetedRunDeps, FeedSource } from "./run-budget.ts";

/** Bet9ja's groups whose fixtures are asked for in one cycle: a group a request (docs/design.md, Whole-board collection). */
const MAX_FIXTURE_REQUESTS = 25;

export interface BoardOutcome {
  board?: BookBoard;
  error?: string;
}

/** Only rows not joined yet need their fixtures: the rules' evidence (Bet9ja's tree names every group). */
function wantsFixtures(source: FeedSource): (bookId: string) => boolean {
  const bookmaker = BOOKMAKER_ID_BY_KEY[source.adapter.key];
  const joined = new Set(feedCatalogue().rows.competitionBooks.filter((b) => b.bookmaker === bookmaker && b.status === "joined").map((b) => b.book_id));
  return (bookId) => !joined.has(bookId);
}

export async function readBoardWithin(deps: BudgetedRunDeps, source: FeedSource, now: Date, ms: number): Promise<BoardOutcome> {
  if (ms <= 0) return { error: "no time left in the cycle to read the board" };
  const work = new AbortController();
  const cancel = new AbortController();
  const fetchBody = async (request: Parameters<typeof deps.fetcher.fetch>[0]) => {
    await deps.gap(work.signal);
    return deps.fetcher.fetch(request, work.signal);
  };
  const read = readBoard({ reader: BOARD_READERS[source.adapter.key], baseUrl: source.baseUrl, now, fetchBody, wantsFixtures: wantsFixtures(source), maxFixtureRequests: MAX_FIXTURE_REQUESTS }).then(
    (board): BoardOutcome => ({ board }),
    (error: unknown): BoardOutcome => ({ error: error instanceof Error ? error.message : String(error) }),
  );
  const expired = deps.budgetTimer(ms, cancel.signal).then((): BoardOutcome => ({ error: `the board was not read within ${ms} ms` }));
  const result = await Promise.race([read, expired]);
  cancel.abort();
  work.abort();
  if (result.error) deps.logger.warn({ bookmaker: source.adapter.key, err: result.error }, "board listing not read");
  return result;
}
