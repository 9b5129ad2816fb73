/**
 * What the corpora on the whole board share (SIM_WORLD=board;
 * docs/design.md, Booking on the board): one learning collection of the minting books' board into the API's store, and the truth
 * side of the join, computed from the world alone: which events of ours are one world fixture (by
 * the books' names at their links, never by the ids the read joins on) and whether our event lists
 * it the other way round from the book.
 */
import { pino } from "pino";
import { simulatedSites } from "#api/booking/index.ts";
import { useFeedCatalogue } from "#api/feeds/bookmakers/feed-catalogue.ts";
import { createCollector, runCycle } from "#api/feeds/collector/cycle.ts";
import { createFetcher } from "#api/feeds/fetcher.ts";
import { feedSources } from "#api/feeds/runtime.ts";
import type { BookingFixture } from "#api/feeds/simulator/booking/board-booking.ts";
import type { RunningSimulator } from "#api/feeds/simulator/index.ts";
import type { WorldClub } from "#api/feeds/simulator/world/load-world.ts";
import { BOOKMAKER_ID_BY_KEY } from "#api/feeds/types.ts";
import type { TestApi } from "./api.ts";
import { MINTING_BOOKS, type MintingBook } from "./booking-corpus.ts";

/**
 * Learning collector cycles of the minting books (those whose event links the booking read joins
 * on) over the board, as learn-competitions.test.ts runs them, with a budget no loaded machine runs
 * out of (the books' time is real time); then the API's booking calls pointed at the simulator.
 */
export async function collectBoard(t: TestApi, simulator: RunningSimulator, clock: { (): number; advance(ms: number): void }, cycles: number): Promise<void> {
  const fetcher = createFetcher({ retries: 1, backoffMs: 1, bodyTimeoutMs: 20_000, sleep: async () => undefined });
  const sources = feedSources((key) => simulator.baseUrl(key)).filter((source) => (MINTING_BOOKS as readonly string[]).includes(source.adapter.key));
  const collector = createCollector({ sources, fetcher, db: t.api.db.kysely, clock, logger: pino({ level: "silent" }), politeDelayMs: [0, 0], learnCompetitions: true, intervalMs: 600_000 });
  try {
    for (let cycle = 0; cycle < cycles; cycle += 1) {
      useFeedCatalogue(await t.api.catalogue.reload());
      await runCycle(collector);
      clock.advance(60_000);
    }
  } finally {
    useFeedCatalogue(undefined);
    await fetcher.close();
  }
  await t.api.odds.refresh();
  t.api.booking.useSites(simulatedSites(simulator.baseUrl));
}

/** Our events that are one world fixture: every book link of theirs names it (the book's spelling and order, the nearest kick-off). */
export type OursByFixture = Map<number, { id: string; home: string; away: string }[]>;

export async function oursByFixture(t: TestApi, simulator: RunningSimulator, at: number): Promise<OursByFixture> {
  const db = t.api.db.kysely;
  const events = await db.selectFrom("events").select(["id", "home", "away", "kickoff"]).execute();
  const links = await db.selectFrom("event_links").select(["event_id", "bookmaker", "home", "away"]).execute();
  const serials = new Map<string, { serial: number; kickoff: number }[]>();
  for (const book of MINTING_BOOKS) {
    for (const listed of simulator.sim.board.listed(book, at)) {
      const key = JSON.stringify([BOOKMAKER_ID_BY_KEY[book], listed.names[0], listed.names[1]]);
      serials.set(key, [...(serials.get(key) ?? []), { serial: listed.fixture.serial, kickoff: listed.fixture.kickoff }]);
    }
  }
  const kickoffOf = new Map(events.map((e) => [e.id, Number(e.kickoff)]));
  const serialsOf = new Map<string, Set<number | undefined>>();
  for (const link of links) {
    const kickoff = kickoffOf.get(link.event_id) ?? 0;
    const candidates = serials.get(JSON.stringify([link.bookmaker, link.home, link.away])) ?? [];
    const nearest = [...candidates].sort((a, b) => Math.abs(a.kickoff - kickoff) - Math.abs(b.kickoff - kickoff))[0];
    serialsOf.set(link.event_id, new Set([...(serialsOf.get(link.event_id) ?? []), nearest?.serial]));
  }
  const ours: OursByFixture = new Map();
  for (const event of events) {
    const named = [...(serialsOf.get(event.id) ?? [])];
    const [serial] = named;
    if (named.length !== 1 || serial === undefined) continue;
    ours.set(serial, [...(ours.get(serial) ?? []), { id: event.id, home: event.home, away: event.away }]);
  }
  return ours;
}

const spellings = (club: WorldClub) => new Set([club.name, ...Object.values(club.names ?? {})]);

/** Whether the book's home is our event's away: the book lists a final the other way round, or our event does. */
export function legReversed(book: MintingBook, fixture: BookingFixture, event: { id: string; home: string; away: string }): boolean {
  const board = fixture.board!;
  const straight = spellings(board.home).has(event.home) && spellings(board.away).has(event.away);
  const crossed = spellings(board.away).has(event.home) && spellings(board.home).has(event.away);
  if (straight === crossed) throw new Error(`our event ${event.id} (${event.home} v ${event.away}) is not ${board.home.name} v ${board.away.name} either way round`);
  return (board.neutral?.reversedAt.includes(book) === true) !== crossed;
}
