/**
 * Names and regions as the join rules compare them (docs/design.md, Learning competitions and
 * Regions): a book's country to one of our regions by the spellings `regions.json` lists (its code,
 * name and the books' words), never by guess; a book's competition name normalised with
 * `normaliseName`, a leading country dropped when it is the region's own ("England. Premier League").
 */
import { normaliseName } from "../feeds/bookmakers/leagues.ts";
import type { CatalogueFiles } from "./files.ts";

export interface LearnNames {
  /** Normalised spelling -> region id; a spelling two regions share names neither. */
  regionBySpelling: ReadonlyMap<string, number>;
  /** Region id -> its normalised spellings. */
  spellings: ReadonlyMap<number, readonly string[]>;
  /** Region id -> its code, for a learnt competition's key. */
  codes: ReadonlyMap<number, string>;
  /** Region id -> its kind. */
  kinds: ReadonlyMap<number, "country" | "area" | "world">;
  /** Seed competition id -> its aliases, normalised. */
  aliases: ReadonlyMap<number, readonly string[]>;
}

export function learnNames({ regions, competitions }: Pick<CatalogueFiles, "regions" | "competitions">): LearnNames {
  const regionBySpelling = new Map<string, number>();
  const shared = new Set<string>();
  const spellings = new Map<number, string[]>();
  for (const region of regions.regions) {
    const own = [...new Set([region.code, region.name, ...region.spellings].map(normaliseName))];
    spellings.set(region.id, own);
    for (const spelling of own) {
      const other = regionBySpelling.get(spelling);
      if (other !== undefined && other !== region.id) shared.add(spelling);
      regionBySpelling.set(spelling, region.id);
    }
  }
  for (const spelling of shared) regionBySpelling.delete(spelling);
  return {
    regionBySpelling,
    spellings,
    codes: new Map(regions.regions.map((r) => [r.id, r.code])),
    kinds: new Map(regions.regions.map((r) => [r.id, r.kind])),
    aliases: new Map(competitions.competitions.map((c) => [c.id, c.aliases.map(normaliseName)])),
  };
}

/** Our region for a book's country; null where no spelling matches (shown under "Other", never guessed). */
export function regionOf(names: LearnNames, country: string | null): number | null {
  return country === null ? null : (names.regionBySpelling.get(normaliseName(country)) ?? null);
}

/** The book's name as the rules compare it: normalised, a leading spelling of its region dropped. */
export function comparableName(names: LearnNames, name: string, regionId: number | null): string {
  const normalised = normaliseName(name);
  for (const spelling of regionId === null ? [] : (names.spellings.get(regionId) ?? [])) {
    if (normalised.startsWith(`${spelling} `)) return normalised.slice(spelling.length + 1);
  }
  return normalised;
}

/** A new competition's name from a book's: the country prefix dropped ("Vietnam. V.League 1" -> "V.League 1"). */
export function displayName(names: LearnNames, name: string, regionId: number | null): string {
  const at = name.indexOf(". ");
  if (at <= 0 || regionId === null) return name.trim();
  return names.spellings.get(regionId)?.includes(normaliseName(name.slice(0, at))) ? name.slice(at + 2).trim() : name.trim();
}

/** Where learnt competitions sort in pickers: after every hand-ranked one. */
export const LEARNT_RANK = 1000;

/** A learnt competition's key: its region's code and its name's words ("VIE/v-league-1"), numbered past one taken. */
export function learntKey(names: LearnNames, regionId: number | null, name: string, taken: ReadonlySet<string>): string {
  const code = regionId === null ? "OTHER" : (names.codes.get(regionId) ?? "OTHER");
  const slug = normaliseName(name).replace(/ /g, "-") || "competition";
  let key = `${code}/${slug}`;
  for (let n = 2; taken.has(key); n += 1) key = `${code}/${slug}-${n}`;
  return key;
}

/** A learnt competition's kind: continental in an area (UEFA, CAF), else a league until the seed or an operator says more. */
export const learntKind = (names: LearnNames, regionId: number | null): "continental" | "league" => (regionId !== null && names.kinds.get(regionId) === "area" ? "continental" : "league");
