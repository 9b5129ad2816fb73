/**
 * Reads one book's whole listing with its reader (docs/design.md, Learning competitions): the
 * first requests and every page they lead to, then, where the listing names competitions without
 * their fixtures (Bet9ja's tree), the fixtures of those the learner asks for, at most
 * `maxFixtureRequests` a cycle so the board never crowds out the prices.
 */
import { mergeListed, type BookBoard, type ListedCompetition } from "../../../catalogue/board-listing.ts";
import type { FeedRequest } from "../../types.ts";
import type { BoardReader } from "./board-reader.ts";

/** More pages than any listing needs (SportyBet's whole football list is about 16 pages of 100). */
const MAX_REQUESTS = 60;

export class BoardReadError extends Error {
  constructor(
    message: string,
    readonly blocked: boolean,
  ) {
    super(message);
  }
}

export interface ReadBoardOptions {
  reader: BoardReader;
  baseUrl: string;
  now: Date;
  fetchBody: (request: FeedRequest) => Promise<string>;
  /** Whether the learner needs this competition's fixtures (a row not joined yet). */
  wantsFixtures?: (bookId: string) => boolean;
  maxFixtureRequests?: number;
}

/** Throws BoardReadError for an answer the reader cannot use; a fetch failure propagates as it is. */
export async function readBoard({ reader, baseUrl, now, fetchBody, wantsFixtures = () => true, maxFixtureRequests = Infinity }: ReadBoardOptions): Promise<BookBoard> {
  const parts: ListedCompetition[] = [];
  const read = async (request: FeedRequest) => {
    const page = reader.parse(await fetchBody(request), request);
    if (!page.ok) throw new BoardReadError(page.error, page.blocked === true);
    parts.push(...page.competitions);
    return page.next;
  };
  const queue = reader.requests(baseUrl, now);
  for (let asked = 0; queue.length > 0 && asked < MAX_REQUESTS; asked += 1) queue.push(...(await read(queue.shift() as FeedRequest)));
  if (reader.fixturesRequest) {
    const ids = [...new Set(parts.filter((p) => p.fixtures === undefined && wantsFixtures(p.bookId)).map((p) => p.bookId))];
    for (const id of ids.slice(0, maxFixtureRequests)) await read(reader.fixturesRequest(baseUrl, id));
  }
  return { bookmaker: reader.key, competitions: mergeListed(parts) };
}
