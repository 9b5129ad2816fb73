/**
 * Test-only: the simulated sites (SIM_WORLD=board) in-process, asked as the collector asks a book
 * at `SIM_ORIGIN/<book>`, and every book's board read with the production readers.
 */
import request from "supertest";
import type { BookBoard } from "#api/catalogue/board-listing.ts";
import { BOARD_READERS } from "#api/feeds/bookmakers/board/index.ts";
import { readBoard } from "#api/feeds/bookmakers/board/read-board.ts";
import { FeedSimulator } from "#api/feeds/simulator/feed-simulator.ts";
import { createSimulatorApp } from "#api/feeds/simulator/simulator-app.ts";
import { BOOKMAKER_KEYS, type BookmakerKey, type FeedRequest } from "#api/feeds/types.ts";

export const SIM_ORIGIN = "http://simulator.test";

type App = Parameters<typeof request>[0];

export function simulatorFetch(app: App): (r: FeedRequest) => Promise<string> {
  return async (r) => {
    const path = r.url.slice(SIM_ORIGIN.length);
    const response = r.method === "POST" ? await request(app).post(path).set(r.headers).send(r.body) : await request(app).get(path).set(r.headers);
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    return response.text;
  };
}

export function boardSimulator(now: number, seed = 42) {
  const sim = new FeedSimulator({ seed, now: () => now, world: "board" });
  return { sim, app: createSimulatorApp(sim) };
}

/** Every book's whole board as the readers give it, each book's fixtures read in full. */
export async function readEveryBoard(app: App, now: number, books: readonly BookmakerKey[] = BOOKMAKER_KEYS): Promise<BookBoard[]> {
  const fetchBody = simulatorFetch(app);
  return Promise.all(books.map((book) => readBoard({ reader: BOARD_READERS[book], baseUrl: `${SIM_ORIGIN}/${book}`, now: new Date(now), fetchBody })));
}
