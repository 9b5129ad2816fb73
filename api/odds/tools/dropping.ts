import type { ExpressionBuilder, Kysely } from "kysely";
import type { BookDrop, DroppingOdds, OutcomeDrop } from "#shared/contract.ts";
import type { Database } from "../../db/schema.ts";
import type { OddsCache } from "../read/cache.ts";
import { isFresh, oldestFreshSince } from "../read/freshness.ts";
import { eventHeading } from "../read/read-model.ts";
import type { ToolMarketNames } from "./tool-markets.ts";

export const DEFAULT_HOURS = 24;
/** A week: the longest window the page offers. */
export const MAX_HOURS = 168;
/** Outcomes in one answer, each with every book that moved. */
export const MAX_DROPS = 50;
/** Time alone moves the window and ends events: a board is rebuilt at least this often. */
export const DROPS_TTL_MS = 30_000;
const HOUR_MS = 3_600_000;

/** The query scope the history lookups run in: the current prices as `p`. */
type WithPrices = Database & { p: Database["prices"] };

interface Window {
  now: number;
  /** The window's start: now - hours. */
  since: number;
  /** The oldest confirmation any competition's answers keep (freshness.ts); each row is then judged by `isFresh`. */
  freshSince: number;
}

/** One price's history row nearest the window's start: the last at or before it, or the first after it. */
function historyPrice(eb: ExpressionBuilder<WithPrices, "p">, since: number, side: "before" | "after") {
  return eb
    .selectFrom("price_history as h")
    .select("h.price")
    .whereRef("h.event_id", "=", "p.event_id")
    .whereRef("h.bookmaker", "=", "p.bookmaker")
    .whereRef("h.market_id", "=", "p.market_id")
    .whereRef("h.selection_type_id", "=", "p.selection_type_id")
    .where("h.recorded_at", side === "before" ? "<=" : ">", since)
    .orderBy("h.recorded_at", side === "before" ? "desc" : "asc")
    .limit(1);
}

/**
 * Fresh current prices of upcoming events that changed (or were first seen) inside the window, with
 * the price in force when it began: the last history row at or before its start or, for a price
 * first seen inside it, its first one. A price unchanged since before the window cannot have
 * fallen, so only the changed ones cost an index lookup in the history.
 */
function readChangedPrices(db: Kysely<Database>, w: Window) {
  return db
    .selectFrom("prices as p")
    .innerJoin("events as e", "e.id", "p.event_id")
    .leftJoin("competitions as c", "c.id", "e.competition_id")
    .leftJoin("regions as r", "r.id", "c.region_id")
    .where("e.kickoff", ">", w.now)
    .where("p.confirmed_at", ">=", w.freshSince)
    .where("p.changed_at", ">", w.since)
    .select([
      "e.id as eventId",
      "e.competition_id as competitionId",
      "c.name as competitionName",
      "r.code as regionCode",
      "r.kind as regionKind",
      "e.home",
      "e.away",
      "e.kickoff",
      "p.bookmaker",
      "p.market_id as marketId",
      "p.selection_type_id as selectionTypeId",
      "p.price as to",
      "p.changed_at as changedAt",
      "p.confirmed_at as confirmedAt",
    ])
    .select((eb) => eb.fn.coalesce(historyPrice(eb, w.since, "before"), historyPrice(eb, w.since, "after")).as("from"))
    .execute();
}

type ChangedPrice = Awaited<ReturnType<typeof readChangedPrices>>[number];
type FallenPrice = ChangedPrice & { from: number };

const iso = (ms: number) => new Date(ms).toISOString();
const dropPctOf = (from: number, to: number) => Math.round(((from - to) / from) * 1000) / 10;

function bookDrop(row: FallenPrice): BookDrop {
  const { from, to } = row;
  return { provider: row.bookmaker, from, to, dropPct: dropPctOf(from, to), at: iso(row.changedAt ?? row.confirmedAt) };
}

const ratioOf = (drop: { from: number; to: number }) => (drop.from - drop.to) / drop.from;

/** Largest fall first, by the exact ratio (so falls that round alike keep their order), then the book. */
const byLargestFall = (a: BookDrop, b: BookDrop) => Math.sign(ratioOf(b) - ratioOf(a)) || a.provider - b.provider;

/** Largest fall first (its largest book's), then kick-off and identity. */
function byLargestDrop(a: OutcomeDrop, b: OutcomeDrop): number {
  return (
    Math.sign(ratioOf(b.books[0]!) - ratioOf(a.books[0]!)) ||
    a.event.date.localeCompare(b.event.date) ||
    a.event.id.localeCompare(b.event.id) ||
    a.marketId - b.marketId ||
    a.selectionTypeId - b.selectionTypeId
  );
}

/** The fallen prices of one outcome, one row per outcome with its books largest fall first. */
function byOutcome(rows: readonly FallenPrice[]): OutcomeDrop[] {
  const outcomes = new Map<string, { row: FallenPrice; books: BookDrop[] }>();
  for (const row of rows) {
    const key = `${row.eventId}\u0000${row.marketId}\u0000${row.selectionTypeId}`;
    const known = outcomes.get(key);
    if (known) known.books.push(bookDrop(row));
    else outcomes.set(key, { row, books: [bookDrop(row)] });
  }
  return [...outcomes.values()].map(({ row, books }) => {
    books.sort(byLargestFall);
    const event = eventHeading({ ...row, id: row.eventId });
    return { event, marketId: row.marketId, selectionTypeId: row.selectionTypeId, dropPct: books[0]!.dropPct, books };
  });
}

/**
 * The outcomes that fell most in the last `hours` (docs/design.md, Dropping odds): each (event,
 * market, selection) of an upcoming event with a fresh price (as the listing judges freshness) lower
 * than the price in force when the window began at one bookmaker or more, with every such book; all
 * of them, in every market stored (decision 053), for the answers to pick a league's or a market's
 * from (`pickDrops`).
 */
export async function readDrops(db: Kysely<Database>, options: { now: number; hours: number; intervalMs: number }): Promise<OutcomeDrop[]> {
  const { now, hours, intervalMs } = options;
  const rows = await readChangedPrices(db, { now, since: now - hours * HOUR_MS, freshSince: oldestFreshSince(now, intervalMs) });
  const fallen = rows.filter((row): row is FallenPrice => row.from !== null && row.from > row.to && isFresh(row.competitionId, row.confirmedAt, now, intervalMs));
  return byOutcome(fallen).sort(byLargestDrop);
}

/** A dropping-odds answer's choice: one league, one market, either or both. */
export interface DropFilter {
  competition?: number;
  market?: number;
}

/**
 * The board's outcomes in the filter's league and market, the largest falls first, at most MAX_DROPS;
 * with the catalogue's names, every market it knows for the page's Market choice, those beyond the
 * eight that the answer shows with their selections (docs/design.md, Dropping odds).
 */
export function pickDrops(board: DroppingOdds, filter: DropFilter, names?: ToolMarketNames): DroppingOdds {
  const { competition, market } = filter;
  const drops = board.drops.filter((drop) => (competition === undefined || drop.event.competitionId === competition) && (market === undefined || drop.marketId === market)).slice(0, MAX_DROPS);
  if (!names) return { hours: board.hours, drops };
  return { hours: board.hours, drops, markets: names.named(names.all, new Set(drops.map((drop) => drop.marketId))) };
}

interface Board {
  /** Builds are numbered: one that started later is never replaced by an earlier one that finished late. */
  seq: number;
  value: DroppingOdds;
  /** The listed events' version it was built at (cache.ts). */
  version: number;
  builtAt: number;
  /** The earliest kick-off shown: that event leaves the board then. */
  validUntil: number;
}

export interface DroppingDeps {
  db: Kysely<Database>;
  cache: OddsCache;
  clock: () => number;
  intervalS: number;
}

/**
 * The dropping-odds boards, one per window length, each holding every outcome that fell in it (answers
 * pick theirs with `pickDrops`), each rebuilt only when the listed events'
 * version moved (cache.ts), an event shown kicks off, or DROPS_TTL_MS have passed; so serving one costs no
 * database work. Requests that arrive during a build share it.
 */
export function droppingBoards(deps: DroppingDeps): (hours: number) => Promise<DroppingOdds> {
  const boards = new Map<number, Board>();
  const building = new Map<number, { version: number; board: Promise<Board> }>();
  let builds = 0;

  async function build(hours: number, version: number): Promise<Board> {
    const seq = ++builds;
    const now = deps.clock();
    const drops = await readDrops(deps.db, { now, hours, intervalMs: deps.intervalS * 1000 });
    const validUntil = Math.min(Infinity, ...drops.map((d) => Date.parse(d.event.date)));
    const board = { seq, value: { hours, drops }, version, builtAt: now, validUntil };
    if ((boards.get(hours)?.seq ?? 0) < seq) boards.set(hours, board);
    return board;
  }

  return async (hours) => {
    const now = deps.clock();
    const { version } = deps.cache.listed();
    const known = boards.get(hours);
    if (known && known.version === version && now < known.builtAt + DROPS_TTL_MS && now < known.validUntil) return known.value;
    let pending = building.get(hours);
    if (!pending || pending.version !== version) {
      const board = build(hours, version).finally(() => {
        if (building.get(hours)?.board === board) building.delete(hours);
      });
      building.set(hours, (pending = { version, board }));
    }
    return (await pending.board).value;
  };
}
