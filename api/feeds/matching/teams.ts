import type { Club } from "./club.ts";
import { ENGLISH_CLUBS } from "./clubs-england.ts";
import { GERMAN_CLUBS } from "./clubs-germany.ts";
import { ITALIAN_CLUBS } from "./clubs-italy.ts";
import { SPANISH_CLUBS } from "./clubs-spain.ts";

export type { Club } from "./club.ts";

/** Every club the matcher knows, all four leagues. */
export const CLUBS: readonly Club[] = [...ENGLISH_CLUBS, ...SPANISH_CLUBS, ...ITALIAN_CLUBS, ...GERMAN_CLUBS];

/** Letters NFKD leaves whole because they are not a base letter plus an accent. */
const LETTER_FOLDS: Readonly<Record<string, string>> = {
  ß: "ss",
  ø: "o",
  æ: "ae",
  œ: "oe",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
  ı: "i",
};

/**
 * Legal-form and club-type tokens (FC, AFC, SSC, VfB, TSG ...) and linking words that
 * bookmakers add or leave out at will. They never tell two clubs of one league apart;
 * where a bare word would (AC Milan vs Inter Milan), the alias table decides.
 */
const NOISE_TOKENS: ReadonlySet<string> = new Set(
  (
    "fc cf sc afc cfc ac acf ssc as us ss bc bsc bv vfb vfl tsg fsv sv rb ud cd rcd rc sd ca " +
    "calcio club balompie futbol de del di the"
  ).split(" "),
);

/** Abbreviations written out, so "Man Utd" and "Manchester United" share tokens. */
const EXPANSIONS: ReadonlyMap<string, string> = new Map([
  ["utd", "united"],
  ["munchen", "munich"],
  ["muenchen", "munich"],
  ["st", "saint"],
  ["nottm", "nottingham"],
]);

/**
 * Accent-, case- and punctuation-blind text: lower-case ASCII words joined by single spaces,
 * nothing dropped or expanded ("Borussia M'gladbach" -> "borussia mgladbach", "Barça" ->
 * "barca"). Team search folds names and queries with it.
 */
export function foldText(text: string): string {
  const folded = text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[ßøæœłđðþı]/g, (letter) => LETTER_FOLDS[letter] ?? letter);
  // Apostrophes join rather than split: "Nott'm" is one word, as is "M'gladbach".
  return folded
    .replace(/&/g, " and ")
    .replace(/['’‘`´]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/**
 * Folds a bookmaker's team name to comparable lower-case ASCII tokens: "1. FC Köln" ->
 * "koln", "Brighton & Hove Albion" -> "brighton and hove albion", "Man Utd" -> "man united".
 * Founding years and numbers (1899, 05, 04) go too: no two clubs of a league differ by one.
 */
export function normaliseTeamName(name: string): string {
  const tokens = foldText(name)
    .split(" ")
    .filter((token) => token !== "")
    .map((token) => EXPANSIONS.get(token) ?? token);
  const meaningful = tokens.filter((token) => !NOISE_TOKENS.has(token) && !/^\d+$/.test(token));
  // A name made only of noise ("FC") keeps its tokens rather than becoming empty.
  return (meaningful.length > 0 ? meaningful : tokens).join(" ");
}

/** Spacing differs between bookmakers ("Monchen Gladbach", "M'gladbach"): look clubs up without it. */
function lookupKey(name: string): string {
  return normaliseTeamName(name).replace(/ /g, "");
}

const clubsByKey: ReadonlyMap<string, readonly Club[]> = (() => {
  const index = new Map<string, Club[]>();
  for (const club of CLUBS) {
    const keys = new Set([club.name, ...club.aliases].map(lookupKey));
    for (const key of keys) index.set(key, [...(index.get(key) ?? []), club]);
  }
  return index;
})();

/**
 * The club a bookmaker's team name stands for, or undefined when the name is unknown or
 * could be more than one club. With a competition id only that league's clubs count.
 */
export function canonicalClub(name: string, competitionId?: number): Club | undefined {
  const candidates = clubsByKey.get(lookupKey(name)) ?? [];
  const fitting =
    competitionId === undefined
      ? candidates
      : candidates.filter((club) => club.competitionId === competitionId);
  return fitting.length === 1 ? fitting[0] : undefined;
}

/** The clubs of one league, in table order (the simulator draws its fixtures from these). */
export function clubsOf(competitionId: number): readonly Club[] {
  return CLUBS.filter((club) => club.competitionId === competitionId);
}
