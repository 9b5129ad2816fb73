/**
 * The shapes of `api/catalogue/data/regions.json` and `competitions.json` (docs/design.md, Regions
 * and Catalogue tables): regions as bettors say them, and the seed of known competitions with each
 * book's id and words for them. The seed is a starting point the books' listings are checked
 * against, never the source of truth.
 */
import { z } from "zod";
import { BOOKMAKER_KEYS } from "../feeds/types.ts";
import { LAST_HAND_GIVEN } from "./market-file.ts";

const text = z.string().trim().min(1);

/** An IANA zone this Node knows ("Africa/Lagos", "UTC"). */
const zone = text.refine((name) => {
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}, "not an IANA time zone");

const regionSchema = z.strictObject({
  id: z.int().min(1),
  /** FIFA trigram for a country; the confederation's name for an area; WLD. */
  code: z.string().regex(/^[A-Z]{3,8}$/, "a region code is 3 to 8 capital letters"),
  name: text,
  kind: z.enum(["country", "area", "world"]),
  parent: z.string().nullable(),
  zone,
  /** The spellings books use for it ("England", "ENG", "Inglaterra"). */
  spellings: z.array(text).min(1),
});

export const regionFileSchema = z.strictObject({ regions: z.array(regionSchema).min(1) }).superRefine(({ regions }, ctx) => {
  const codes = new Map(regions.map((r) => [r.code, r]));
  const ids = new Set<number>();
  regions.forEach((region, i) => {
    if (ids.has(region.id)) ctx.addIssue({ code: "custom", path: ["regions", i, "id"], message: `region id ${region.id} is given twice` });
    ids.add(region.id);
    if (codes.get(region.code) !== region) ctx.addIssue({ code: "custom", path: ["regions", i, "code"], message: `region code ${region.code} is given twice` });
    if (region.parent !== null && codes.get(region.parent)?.kind !== "area") {
      ctx.addIssue({ code: "custom", path: ["regions", i, "parent"], message: `parent ${region.parent} is not an area of this file` });
    }
  });
});

const bookSchema = z.strictObject({ id: text, name: text, region: text.nullable() });

const competitionSchema = z.strictObject({
  id: z.int().min(1).max(LAST_HAND_GIVEN.competition),
  key: z.string().regex(/^[A-Z]{3,8}\/[a-z0-9]+(-[a-z0-9]+)*$/, "a key is the region's code, '/', and lower-case words joined by '-'"),
  name: text,
  region: z.string().nullable(),
  kind: z.enum(["league", "cup", "continental", "international", "friendly"]),
  tier: z.int().min(1).nullable(),
  srTournament: z.string().regex(/^\d+$/, "a Sportradar tournament id is digits").nullable(),
  rank: z.int(),
  /** Names books give it, besides its own ("LaLiga EA Sports"). */
  aliases: z.array(text),
  books: z.partialRecord(z.enum(BOOKMAKER_KEYS as [string, ...string[]]), bookSchema),
});

export const competitionFileSchema = z.strictObject({ competitions: z.array(competitionSchema) }).superRefine(({ competitions }, ctx) => {
  const seen = new Map<string, string>();
  const once = (kind: string, value: string | number | null, path: (string | number)[]) => {
    if (value === null) return;
    const first = seen.get(`${kind}:${value}`);
    if (first !== undefined) ctx.addIssue({ code: "custom", path, message: `${kind} ${value} is given twice (first at ${first})` });
    else seen.set(`${kind}:${value}`, path.join("."));
  };
  competitions.forEach((c, i) => {
    once("competition id", c.id, ["competitions", i, "id"]);
    once("competition key", c.key, ["competitions", i, "key"]);
    once("Sportradar tournament", c.srTournament, ["competitions", i, "srTournament"]);
    const sportybet = c.books.sportybet?.id;
    if (sportybet?.startsWith("sr:tournament:") && sportybet !== `sr:tournament:${c.srTournament}`) {
      ctx.addIssue({ code: "custom", path: ["competitions", i, "srTournament"], message: `${c.srTournament} is not SportyBet's ${sportybet}` });
    }
    for (const [bookmaker, book] of Object.entries(c.books)) if (book) once(`${bookmaker} id`, book.id, ["competitions", i, "books", bookmaker, "id"]);
  });
});

export type RegionFile = z.infer<typeof regionFileSchema>;
export type CompetitionFile = z.infer<typeof competitionFileSchema>;
