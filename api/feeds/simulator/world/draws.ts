/**
 * Cup and friendly draws of the whole board (docs/design.md, Simulated world): a cup plays three
 * drawn rounds (the first ones, where the cup says, for lower divisions only), the lower division at
 * home, then a final on neutral ground; friendlies pair clubs of different regions. A club already
 * playing within 48 hours is passed over.
 */
import type { BookmakerKey } from "../../types.ts";
import { hash32, mulberry32, shuffled } from "../scenario/random.ts";
import { DAY_MS, MATCHDAY_EPOCH_MS, WEEK_MS } from "../scenario/schedule.ts";
import type { BoardWorld } from "./load-world.ts";
import { WEEKDAYS, type WorldCompetition } from "./world-schema.ts";
import { localTimeToUtc } from "./zoned-time.ts";

export interface Tie {
  home: string;
  away: string;
  kickoff: number;
  neutral?: { venue: string; reversedAt: BookmakerKey[] };
}

export type IsFree = (ref: string, kickoff: number) => boolean;

/** Pairs clubs in pool order for each slot, skipping busy ones; `fits` may refuse a second club. */
function pairUp(pool: string[], slots: number[], free: IsFree, fits: (a: string, b: string) => boolean): Tie[] {
  const left = [...pool];
  const ties: Tie[] = [];
  for (const kickoff of slots) {
    const a = left.findIndex((ref) => free(ref, kickoff));
    if (a < 0) break;
    const [first] = left.splice(a, 1) as [string];
    const candidates = left.filter((ref) => free(ref, kickoff));
    const second = candidates.find((ref) => fits(first, ref)) ?? candidates[0];
    if (second === undefined) break;
    left.splice(left.indexOf(second), 1);
    ties.push({ home: first, away: second, kickoff });
  }
  return ties;
}

const tierOf = (world: BoardWorld, ref: string): number => world.leagueOf.get(ref)?.tier ?? 0;

function cupTies(seed: number, world: BoardWorld, c: WorldCompetition, week: number, slots: number[], free: IsFree): Tie[] {
  if (c.format.type !== "cup") return [];
  const { ties, rounds, final, earlyRoundsFromTier = 0 } = c.format;
  const shuffledClubs = shuffled(c.clubs, mulberry32(hash32(seed, "cup-draw", c.key, week)));
  const stage = ((week % (rounds + 1)) + rounds + 1) % (rounds + 1);
  if (stage < rounds) {
    const entrants = stage < rounds - 1 ? shuffledClubs.filter((ref) => tierOf(world, ref) >= earlyRoundsFromTier) : shuffledClubs;
    const drawn = pairUp(entrants, slots.slice(0, ties), free, (a, b) => tierOf(world, a) !== tierOf(world, b));
    // The lower division hosts, as cup draws are told.
    return drawn.map((t) => (tierOf(world, t.away) > tierOf(world, t.home) ? { ...t, home: t.away, away: t.home } : t));
  }
  const day = WEEKDAYS.indexOf(final.day);
  const weekStart = MATCHDAY_EPOCH_MS + week * WEEK_MS;
  const kickoff = localTimeToUtc(weekStart + day * DAY_MS, final.time, world.regions[c.region]?.zone ?? "UTC");
  const [tie] = pairUp(shuffledClubs, [kickoff], free, () => true);
  return tie ? [{ ...tie, neutral: { venue: final.venue, reversedAt: final.reversedAt } }] : [];
}

/** A week's ties of a cup or of the friendlies' draw. */
export function drawTies(seed: number, world: BoardWorld, c: WorldCompetition, week: number, slots: number[], free: IsFree): Tie[] {
  if (c.format.type === "cup") return cupTies(seed, world, c, week, slots, free);
  if (c.format.type !== "draw") return [];
  const pool = shuffled(c.clubs, mulberry32(hash32(seed, "friendly-draw", c.key, week)));
  const region = (ref: string): string => ref.split("/")[0] ?? "";
  return pairUp(pool, slots.slice(0, c.format.ties), free, (a, b) => region(a) !== region(b));
}
