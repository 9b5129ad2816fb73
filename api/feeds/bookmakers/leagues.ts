/**
 * Each competition's ids per bookmaker and the names that identify it in a payload, as the loaded
 * catalogue holds them (docs/design.md, League ids and Catalogue steps, step 2): a book's id is its
 * joined `competition_books` row; names are the seed's aliases and every joined book's name;
 * countries the region's spellings and the books' own. Ids get reassigned (Bet9ja GROUPIDs), so
 * adapters also check the name a payload carries: an id that now answers another league must not
 * leak its matches into ours.
 */
import type { Catalogue } from "../../catalogue/catalogue.ts";
import { BOOKMAKER_ID_BY_KEY, type BookmakerKey } from "../types.ts";
import { buildFiles, feedCatalogue } from "./feed-catalogue.ts";

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
  ids: Partial<Record<number, string>>;
  /** Accepted spellings of the competition's own name, normalised (see `normaliseName`). */
  names: ReadonlySet<string>;
  /** Accepted spellings of its country, normalised. */
  countries: ReadonlySet<string>;
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

function readLeagues(catalogue: Catalogue): Map<number, League> {
  const { competitions, regions } = buildFiles();
  const aliases = new Map(competitions.competitions.map((c) => [c.id, c.aliases]));
  const spellings = new Map(regions.regions.map((r) => [r.id, r.spellings]));
  const leagues = new Map<number, { ids: Record<number, string>; names: Set<string>; countries: Set<string> }>();
  for (const competition of catalogue.competitions.values()) {
    const region = competition.region_id === null ? [] : (spellings.get(competition.region_id) ?? []);
    leagues.set(competition.id, { ids: {}, names: new Set((aliases.get(competition.id) ?? []).map(normaliseName)), countries: new Set(region.map(normaliseName)) });
  }
  for (const book of catalogue.rows.competitionBooks) {
    const league = book.competition_id === null || book.status !== "joined" ? undefined : leagues.get(book.competition_id);
    if (!league) continue;
    league.ids[book.bookmaker] = book.book_id;
    league.names.add(normaliseName(book.name));
    if (book.region_name !== null) league.countries.add(normaliseName(book.region_name));
  }
  return leagues;
}

const byCatalogue = new WeakMap<Catalogue, Map<number, League>>();

function league(competitionId: number): League | undefined {
  const catalogue = feedCatalogue();
  let leagues = byCatalogue.get(catalogue);
  if (!leagues) byCatalogue.set(catalogue, (leagues = readLeagues(catalogue)));
  return leagues.get(competitionId);
}

/** One book's id for a competition, as its listing carries it ("sr:tournament:17", "170880"); undefined where it has none joined. */
export function bookLeagueId(competitionId: number, bookmaker: BookmakerKey): string | undefined {
  return league(competitionId)?.ids[BOOKMAKER_ID_BY_KEY[bookmaker]];
}

/** A book's id that its payloads carry as a number (Bet9ja, BetKing, NairaBet, 1xBet); undefined without one. */
export function bookLeagueNumber(competitionId: number, bookmaker: BookmakerKey): number | undefined {
  const id = bookLeagueId(competitionId, bookmaker);
  return id !== undefined && /^\d+$/.test(id) ? Number(id) : undefined;
}

/** The five books' ids for a competition; undefined unless every book lists it (the four leagues). */
export function leagueIds(competitionId: number): LeagueIds | undefined {
  const [sportybet, bet9ja, betking, nairabet, onexbet] = (["sportybet", "bet9ja", "betking", "nairabet", "1xbet"] as const).map((key) => bookLeagueId(competitionId, key));
  if (sportybet === undefined || bet9ja === undefined || betking === undefined || nairabet === undefined || onexbet === undefined) return undefined;
  return { sportybet, bet9ja: Number(bet9ja), betking: Number(betking), nairabet: Number(nairabet), onexbet: Number(onexbet) };
}

/**
 * Whether a payload's league name (and country, when the payload carries one apart) is this
 * competition. Exact after normalising, optionally prefixed by the country ("England - Premier
 * League"), so "Premier League 2", "2. Bundesliga", "Austria Bundesliga" or a Brazilian "Serie A"
 * never pass for ours.
 */
export function isLeagueName(competitionId: number, name: string, country?: string): boolean {
  const found = league(competitionId);
  if (!found) return false;
  if (country !== undefined && country.trim() !== "" && !found.countries.has(normaliseName(country))) {
    return false;
  }
  const normalised = normaliseName(name);
  return [...found.names].some((n) => normalised === n || [...found.countries].some((c) => normalised === `${c} ${n}`));
}
