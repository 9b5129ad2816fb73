/**
 * Reads and checks the simulated whole board's data (docs/design.md, Simulated world): every file
 * through its zod schema, then the cross-file rules zod cannot see (every club a competition names
 * exists, a book's id names one competition, templates hold a week's fixtures). Loaded once.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { BookmakerKey } from "../../types.ts";
import {
  BOOK_KEYS,
  clubsFileSchema,
  worldFileSchema,
  type WorldClubRow,
  type WorldCompetition,
  type WorldRegion,
  WORLD_DIST_FOLDER,
} from "./world-schema.ts";

/**
 * The data folder: beside this module in the source; in the built API (dist/api/*.js, one bundle),
 * the copy scripts/build/all.ts puts beside the bundle, as server/main.ts finds the API's entry.
 */
const FROM_SOURCE = import.meta.url.endsWith(".ts");
export const WORLD_DATA_DIR = fileURLToPath(new URL(FROM_SOURCE ? "../data/" : `./${WORLD_DIST_FOLDER}/`, import.meta.url));

export interface WorldClub extends WorldClubRow {
  /** "ENG/arsenal". */
  ref: string;
  region: string;
}

export interface BoardWorld {
  regions: Record<string, WorldRegion>;
  competitions: WorldCompetition[];
  clubs: Map<string, WorldClub>;
  /** Each club's league, where it has one: a cup puts clubs of different divisions together. */
  leagueOf: Map<string, WorldCompetition>;
}

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, "utf8"));
}

function loadClubs(dir: string): Map<string, WorldClub> {
  const clubs = new Map<string, WorldClub>();
  for (const file of readdirSync(join(dir, "clubs")).filter((f) => f.endsWith(".json")).sort()) {
    const parsed = clubsFileSchema.parse(readJson(join(dir, "clubs", file)));
    if (`${parsed.region}.json` !== file) throw new Error(`clubs/${file} says region ${parsed.region}`);
    for (const row of parsed.clubs) {
      const ref = `${parsed.region}/${row.key}`;
      if (clubs.has(ref)) throw new Error(`club ${ref} is listed twice`);
      clubs.set(ref, { ...row, ref, region: parsed.region });
    }
  }
  return clubs;
}

/** A week's fixtures of the competition: a round's pairs, or a cup's or a draw's ties. */
export function fixturesPerWeek(competition: WorldCompetition): number {
  const format = competition.format;
  if (format.type === "cup" || format.type === "draw") return format.ties;
  return Math.floor(competition.clubs.length / 2);
}

function checkCompetition(c: WorldCompetition, world: Omit<BoardWorld, "leagueOf">): void {
  if (!world.regions[c.region]) throw new Error(`${c.key}: unknown region ${c.region}`);
  for (const ref of c.clubs) if (!world.clubs.has(ref)) throw new Error(`${c.key}: unknown club ${ref}`);
  if (new Set(c.clubs).size !== c.clubs.length) throw new Error(`${c.key}: a club is listed twice`);
  const rounds = c.format.type === "round-robin" || c.format.type === "league-phase";
  if (rounds && c.clubs.length % 2 !== 0) throw new Error(`${c.key}: a round robin needs an even number of clubs`);
  if (c.format.type === "cup" && c.clubs.length < 2 * c.format.ties) throw new Error(`${c.key}: too few clubs for its ties`);
  for (const template of c.kickoffs) {
    const slots = Object.values(template).reduce((n, times) => n + times.length, 0);
    if (slots < fixturesPerWeek(c)) throw new Error(`${c.key}: a kick-off template has ${slots} slots`);
  }
}

/** A book's id belongs to one competition; an `idOnOddWeeks` may take another's id (Bet9ja's reuse). */
function checkBookIds(competitions: WorldCompetition[]): void {
  for (const book of BOOK_KEYS) {
    const owners = new Map<string, string>();
    for (const c of competitions) {
      const entry = c.books[book as BookmakerKey];
      if (!entry) continue;
      const owner = owners.get(entry.id);
      if (owner) throw new Error(`${book} id ${entry.id} names both ${owner} and ${c.key}`);
      owners.set(entry.id, c.key);
    }
    for (const c of competitions) {
      const odd = c.books[book as BookmakerKey]?.idOnOddWeeks;
      const holder = odd === undefined ? undefined : competitions.find((o) => o.books[book]?.id === odd);
      if (holder && !holder.books[book]?.idOnOddWeeks) throw new Error(`${c.key}: ${book} id ${odd} is ${holder.key}'s every week`);
    }
  }
}

function leaguesOfClubs(competitions: WorldCompetition[]): Map<string, WorldCompetition> {
  const leagueOf = new Map<string, WorldCompetition>();
  for (const c of competitions.filter((x) => x.kind === "league")) {
    for (const ref of c.clubs) {
      const other = leagueOf.get(ref);
      if (other) throw new Error(`${ref} plays in both ${other.key} and ${c.key}`);
      leagueOf.set(ref, c);
    }
  }
  return leagueOf;
}

export function loadBoardWorld(dir: string = WORLD_DATA_DIR): BoardWorld {
  const file = worldFileSchema.parse(readJson(join(dir, "world.json")));
  const clubs = loadClubs(dir);
  const keys = new Set<string>();
  for (const c of file.competitions) {
    if (keys.has(c.key)) throw new Error(`competition ${c.key} is listed twice`);
    keys.add(c.key);
    checkCompetition(c, { regions: file.regions, competitions: file.competitions, clubs });
  }
  checkBookIds(file.competitions);
  return { regions: file.regions, competitions: file.competitions, clubs, leagueOf: leaguesOfClubs(file.competitions) };
}

let loaded: BoardWorld | undefined;

/** The checked world, read on first use. */
export function boardWorld(): BoardWorld {
  loaded ??= loadBoardWorld();
  return loaded;
}
