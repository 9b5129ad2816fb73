/**
 * League ids per bookmaker (docs/design.md, League ids) and the names that identify each league
 * in a payload. Ids get reassigned (Bet9ja GROUPIDs), so adapters also check the name a payload
 * carries: an id that now answers another league must not leak its matches into ours.
 */

export interface LeagueIds {
  /** SportyBet (Sportradar) tournament id. [seen] */
  sportybet: string;
  /** Bet9ja GROUPID. [seen] */
  bet9ja: number;
  /** BetKing new-style tournament id. [one] */
  betking: number;
  /** Altenar champId of NairaBet. [one] */
  nairabet: number;
  /** 1xBet champs id. [one] */
  onexbet: number;
}

interface League {
  ids: LeagueIds;
  /** Accepted spellings of the league's own name, normalised (see `normaliseName`). */
  names: readonly string[];
  /** Accepted spellings of its country, normalised. */
  countries: readonly string[];
}

const LEAGUES: ReadonlyMap<number, League> = new Map([
  [
    1,
    {
      ids: {
        sportybet: "sr:tournament:17",
        bet9ja: 170880,
        betking: 20000841,
        nairabet: 2936,
        onexbet: 88637,
      },
      names: ["premier league", "english premier league", "epl"],
      countries: ["england", "english"],
    },
  ],
  [
    2,
    {
      ids: {
        sportybet: "sr:tournament:8",
        bet9ja: 180928,
        betking: 20001108,
        nairabet: 2941,
        onexbet: 127733,
      },
      names: ["laliga", "la liga", "laliga ea sports", "laliga santander", "primera division"],
      countries: ["spain", "espana"],
    },
  ],
  [
    3,
    {
      ids: {
        sportybet: "sr:tournament:23",
        bet9ja: 167856,
        betking: 20003775,
        nairabet: 2942,
        onexbet: 110163,
      },
      names: ["serie a", "serie a tim", "serie a enilive"],
      countries: ["italy", "italia"],
    },
  ],
  [
    4,
    {
      ids: {
        sportybet: "sr:tournament:35",
        bet9ja: 180923,
        betking: 20001007,
        nairabet: 2950,
        onexbet: 96463,
      },
      names: ["bundesliga", "1 bundesliga"],
      countries: ["germany", "deutschland"],
    },
  ],
]);

export function leagueIds(competitionId: number): LeagueIds | undefined {
  return LEAGUES.get(competitionId)?.ids;
}

/** Lower case, accents and punctuation dropped: "LaLiga EA Sports" -> "laliga ea sports", "England. Premier League" -> "england premier league". */
export function normaliseName(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/**
 * Whether a payload's league name (and country, when the payload carries one apart) is this
 * competition. Exact after normalising, optionally prefixed by the country ("England - Premier
 * League"), so "Premier League 2", "2. Bundesliga", "Austria Bundesliga" or a Brazilian "Serie A"
 * never pass for ours.
 */
export function isLeagueName(competitionId: number, name: string, country?: string): boolean {
  const league = LEAGUES.get(competitionId);
  if (!league) return false;
  if (country !== undefined && country.trim() !== "" && !league.countries.includes(normaliseName(country))) {
    return false;
  }
  const normalised = normaliseName(name);
  return league.names.some(
    (n) => normalised === n || league.countries.some((c) => normalised === `${c} ${n}`),
  );
}
