/**
 * Which competitions are urgent this cycle (docs/design.md, Collection tiers): those with a fixture
 * kicking off within SOON_MS, and those of fixtures on slips saved within SLIPS_WITHIN_MS. The
 * rotation asks them ahead of the rest (board-rotation.ts).
 */
import type { Kysely } from "kysely";
import { eventIdsOnSlipsSavedSince } from "../../betslip/repository.ts";
import { inChunks } from "../../db/in-chunks.ts";
import type { Database } from "../../db/schema.ts";

export const SOON_MS = 24 * 60 * 60_000;
export const SLIPS_WITHIN_MS = 7 * 24 * 60 * 60_000;
/** Saved slips are read once in this many cycles: at 10,000 slips, about 6 MB of JSON each time. */
export const SLIPS_EVERY_CYCLES = 10;

/** The competitions of saved slips' legs, as last read, and the cycles since. */
export interface PriorityState {
  slipCompetitions: ReadonlySet<number>;
  cyclesSinceSlips: number;
}

export function priorityState(): PriorityState {
  return { slipCompetitions: new Set(), cyclesSinceSlips: SLIPS_EVERY_CYCLES };
}

/** The competitions of upcoming events on slips saved since `since`. */
async function slipCompetitions(db: Kysely<Database>, since: number, now: number): Promise<Set<number>> {
  const competitions = new Set<number>();
  for (const ids of inChunks(await eventIdsOnSlipsSavedSince(db, since))) {
    const rows = await db.selectFrom("events").select("competition_id").distinct().where("id", "in", ids).where("kickoff", ">", now).execute();
    for (const row of rows) competitions.add(row.competition_id);
  }
  return competitions;
}

/** This cycle's urgent competitions at `now` (the collector's clock); reads saved slips when due. */
export async function urgentCompetitions(db: Kysely<Database>, state: PriorityState, now: number): Promise<Set<number>> {
  if (state.cyclesSinceSlips >= SLIPS_EVERY_CYCLES) {
    state.slipCompetitions = await slipCompetitions(db, now - SLIPS_WITHIN_MS, now);
    state.cyclesSinceSlips = 0;
  }
  state.cyclesSinceSlips += 1;
  const soon = await db.selectFrom("events").select("competition_id").distinct().where("kickoff", ">", now).where("kickoff", "<=", now + SOON_MS).execute();
  return new Set([...state.slipCompetitions, ...soon.map((row) => row.competition_id)]);
}
