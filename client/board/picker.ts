import type { CompetitionEntry, CompetitionList } from "#shared/contract.ts";

/** The four leagues (ids 1-4 stay theirs: docs/design.md, Catalogue). */
const LEAGUE_IDS: readonly number[] = [1, 2, 3, 4];
/**
 * The UEFA cups, found by name since their ids are learnt (docs/design.md, Learning competitions):
 * with or without "UEFA", never another confederation's Champions League ("CAF Champions League").
 */
const UEFA_CUPS = ["champions league", "europa league", "conference league", "europa conference league"];
const plain = (name: string) => name.trim().toLowerCase().replace(/\s+/g, " ");
const isUefaCup = (name: string) => UEFA_CUPS.includes(plain(name).replace(/^uefa /, ""));

/** Whether a competition is one of the bettor's favourites: by default the four leagues and the UEFA cups (docs/product.md, Competitions). */
export const isDefaultFavourite = (entry: CompetitionEntry): boolean => LEAGUE_IDS.includes(entry.id) || isUefaCup(entry.name);

/** What a search asks: words, each a part of the competition's or its region's name, any case. */
export function matchesSearch(entry: CompetitionEntry, regionName: string, q: string): boolean {
  const words = plain(q).split(" ").filter(Boolean);
  const text = plain(`${entry.name} ${regionName}`);
  return words.every((word) => text.includes(word));
}

export interface RegionGroup {
  /** The region's id, or null for competitions in no region of ours. */
  id: number | null;
  name: string;
  entries: CompetitionEntry[];
}

export interface PickerGroups {
  /** The favourites, the leagues first, then the cups, each in picker order. */
  favourites: CompetitionEntry[];
  /** Every other competition by region, regions by name ("Other" last), each in picker order. */
  regions: RegionGroup[];
  /** How many competitions the search kept. */
  shown: number;
}

export const OTHER_REGION = "Other";

/**
 * The picker's list (docs/design.md, Board pages): favourites first, the rest grouped by region, all
 * filtered by the search `q` (empty: everything). The list's own order, `rank` then name, holds in each group.
 */
export function pickerGroups(list: CompetitionList, q: string): PickerGroups {
  const regionNames = new Map(list.regions.map((region) => [region.id, region.name]));
  const regionOf = (entry: CompetitionEntry) => (entry.regionId === null ? OTHER_REGION : (regionNames.get(entry.regionId) ?? OTHER_REGION));
  const kept = list.competitions.filter((entry) => matchesSearch(entry, regionOf(entry), q));
  const favourites = kept.filter(isDefaultFavourite).sort((a, b) => Number(!LEAGUE_IDS.includes(a.id)) - Number(!LEAGUE_IDS.includes(b.id)));
  const groups = new Map<string, RegionGroup>();
  for (const entry of kept) {
    if (isDefaultFavourite(entry)) continue;
    const name = regionOf(entry);
    const id = name === OTHER_REGION ? null : entry.regionId;
    const group = groups.get(name) ?? { id, name, entries: [] };
    group.entries.push(entry);
    groups.set(name, group);
  }
  const regions = [...groups.values()].sort((a, b) => Number(a.name === OTHER_REGION) - Number(b.name === OTHER_REGION) || a.name.localeCompare(b.name));
  return { favourites, regions, shown: kept.length };
}
