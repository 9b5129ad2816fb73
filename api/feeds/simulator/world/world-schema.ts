/**
 * The shape of the simulated whole board's data files (docs/design.md, Simulated world):
 * `data/world.json` (regions and competitions) and `data/clubs/<region>.json` (clubs). The files are
 * reviewed data, so a wrong field fails at start-up with zod's path to it, never mid-run.
 */
import { z } from "zod";
import type { BookmakerKey } from "../../types.ts";

/** Where the build copies data/ beside the API's bundle (scripts/build/all.ts; load-world.ts reads it there). */
export const WORLD_DIST_FOLDER = "simulator-world";

/** The five books, spelt as `BookmakerKey` (api/feeds/types.ts). */
export const BOOK_KEYS = ["sportybet", "bet9ja", "betking", "nairabet", "1xbet"] as const satisfies readonly BookmakerKey[];
export const WEEKDAYS = ["tue", "wed", "thu", "fri", "sat", "sun", "mon"] as const;

const bookKey = z.enum(BOOK_KEYS);
const weekday = z.enum(WEEKDAYS);
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "a local time HH:MM");
/** "ENG/arsenal": the club's region file and its key there. */
export const CLUB_REF = /^[A-Z]{3,8}\/[a-z0-9-]+$/;

const region = z.strictObject({
  name: z.string().min(1),
  /** IANA zone: kick-off templates are local times there (UTC for areas and World, docs/design.md, Regions). */
  zone: z.string().min(1),
  kind: z.enum(["country", "area", "world"]),
  parent: z.string().optional(),
  books: z.strictObject({ sportybet: z.string().regex(/^sr:category:\d+$/), nairabet: z.number().int().positive() }),
});

const bookEntry = z.strictObject({
  id: z.string().regex(/^(sr:tournament:)?\d+$/),
  name: z.string().min(1),
  /** Bet9ja reassigns group ids: on odd weeks this competition is listed under this id instead. */
  idOnOddWeeks: z.string().regex(/^\d+$/).optional(),
});

/** Local kick-off times per weekday; a week's fixtures take one template's slots. */
const template = z.partialRecord(weekday, z.array(clock).min(1));

const format = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("round-robin") }),
  z.strictObject({ type: z.literal("league-phase") }),
  z.strictObject({
    type: z.literal("cup"),
    ties: z.number().int().positive(),
    rounds: z.number().int().positive(),
    /** Rounds before the last drawn one take only clubs of this division or lower, as the FA Cup's first rounds do. */
    earlyRoundsFromTier: z.number().int().positive().optional(),
    final: z.strictObject({ venue: z.string().min(1), day: weekday, time: clock, reversedAt: z.array(bookKey) }),
  }),
  z.strictObject({ type: z.literal("draw"), ties: z.number().int().positive() }),
]);

const competition = z.strictObject({
  key: z.string().regex(/^[A-Z]{3,8}\/[a-z0-9-]+$/),
  name: z.string().min(1),
  region: z.string().min(1),
  kind: z.enum(["league", "cup", "continental", "friendly"]),
  tier: z.number().int().positive().nullable(),
  /** The row of docs/design.md's Simulated world table it counts in. */
  group: z.enum([
    "four-leagues",
    "europe-top",
    "europe-lower",
    "continental-cups",
    "midweek",
    "americas",
    "africa-asia",
    "women-youth",
    "friendlies",
  ]),
  goalsPerTeam: z.number().min(0.5).max(2.5),
  format,
  clubs: z.array(z.string().regex(CLUB_REF)).min(2),
  kickoffs: z.array(template).min(1),
  books: z.strictObject({
    sportybet: bookEntry.nullable(),
    bet9ja: bookEntry.nullable(),
    betking: bookEntry.nullable(),
    nairabet: bookEntry.nullable(),
    "1xbet": bookEntry.nullable(),
  }),
});

export const worldFileSchema = z.strictObject({
  version: z.literal(1),
  regions: z.record(z.string(), region),
  competitions: z.array(competition).min(1),
});

const club = z.strictObject({
  key: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().min(1),
  /** 0-100, as the four leagues' SIM_CLUBS: 10 points apart is about 0.6 expected goals at home. */
  strength: z.number().int().min(0).max(100),
  /** A book's spelling where it differs from `name`. */
  names: z.partialRecord(bookKey, z.string().min(1)).optional(),
});

export const clubsFileSchema = z.strictObject({ region: z.string().min(1), clubs: z.array(club) });

export type Weekday = (typeof WEEKDAYS)[number];
export type WorldFile = z.infer<typeof worldFileSchema>;
export type WorldRegion = z.infer<typeof region>;
export type WorldCompetition = z.infer<typeof competition>;
export type CompetitionFormat = z.infer<typeof format>;
export type KickoffTemplate = z.infer<typeof template>;
export type BookEntry = z.infer<typeof bookEntry>;
export type ClubsFile = z.infer<typeof clubsFileSchema>;
export type WorldClubRow = z.infer<typeof club>;
