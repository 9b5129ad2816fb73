/**
 * Each bookmaker's own page for an event, built from the id and team names its feed carries
 * (docs/design.md, Bookmaker links; patterns and sources in docs/decisions/015-bookmaker-links.md). Ids are
 * checked strictly and names reduced to slugs, so nothing a feed sends can reach a URL unescaped.
 * No affiliate or tracking parameters, ever: the product promises no affiliate bias.
 */
import type { BookmakerLink } from "#shared/contract.ts";

/** What a bookmaker's feed told us about one event (its own id and names, in its order). */
export interface LinkInput {
  externalId: string;
  home: string;
  away: string;
  /** Our competition id (1 Premier League ... 4 Bundesliga). */
  competitionId: number;
}

export type EventUrl = Omit<BookmakerLink, "provider">;

/** The football page each bookmaker's event URL falls back to, by our bookmaker id. */
export const FOOTBALL_PAGES: Readonly<Record<number, string>> = {
  1: "https://sports.bet9ja.com/",
  2: "https://m.betking.com/sports/prematch/football",
  3: "https://www.sportybet.com/ng/sport/football",
  4: "https://nairabet.com/sports/soccer",
  5: "https://1xbet.ng/en/line/football",
};

/** SportyBet's category and tournament path segments, by our competition id. */
export const SPORTYBET_LEAGUES: Readonly<Record<number, string>> = {
  1: "England/Premier_League",
  2: "Spain/LaLiga",
  3: "Italy/Serie_A",
  4: "Germany/Bundesliga",
};

/** 1xBet's championship id and slug, by our competition id (the same champ ids the feed asks for). */
export const ONEXBET_LEAGUES: Readonly<Record<number, string>> = {
  1: "88637-england-premier-league",
  2: "127733-spain-la-liga",
  3: "110163-italy-serie-a",
  4: "96463-germany-bundesliga",
};

/** Bare digits, as the sites' numeric event ids are (15 at most: no id of theirs is longer). */
const DIGITS = /^[0-9]{1,15}$/;
const SPORTRADAR_MATCH = /^sr:match:[0-9]{1,15}$/;

const fallback = (provider: number): EventUrl => ({ url: FOOTBALL_PAGES[provider] ?? "", exact: false });
const exact = (url: string): EventUrl => ({ url, exact: true });

/**
 * A name as a URL slug: accents dropped, lower case, every run of other characters one "-",
 * no "-" at either end ("Atlético Madrid" -> "atletico-madrid"). Empty when nothing is left.
 */
export function slug(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** A team name as SportyBet writes it in a path: spaces as underscores, anything else escaped. */
function sportybetName(name: string): string {
  return encodeURIComponent(name.trim().replace(/\s+/g, "_"));
}

/** Bet9ja: `https://sports.bet9ja.com/event/{ID}` (GetEvent's EVENTID, the listing's ID). */
export function bet9jaEventUrl(input: LinkInput): EventUrl {
  return DIGITS.test(input.externalId) ? exact(`https://sports.bet9ja.com/event/${input.externalId}`) : fallback(1);
}

/** BetKing: `https://m.betking.com/sports/prematch/{ItemID}/{home-away}` (its ItemName "Home - Away" as a slug). */
export function betkingEventUrl(input: LinkInput): EventUrl {
  const name = slug(`${input.home} - ${input.away}`);
  if (!DIGITS.test(input.externalId) || name === "") return fallback(2);
  return exact(`https://m.betking.com/sports/prematch/${input.externalId}/${name}`);
}

/** SportyBet: `https://www.sportybet.com/ng/sport/football/{Category}/{Tournament}/{Home}_vs_{Away}/sr:match:{N}`. */
export function sportybetEventUrl(input: LinkInput): EventUrl {
  const league = SPORTYBET_LEAGUES[input.competitionId];
  const home = sportybetName(input.home);
  const away = sportybetName(input.away);
  if (!league || !SPORTRADAR_MATCH.test(input.externalId) || home === "" || away === "") return fallback(3);
  return exact(`https://www.sportybet.com/ng/sport/football/${league}/${home}_vs_${away}/${input.externalId}`);
}

/** NairaBet: `https://nairabet.com/event/{id}` (the Altenar event id). */
export function nairabetEventUrl(input: LinkInput): EventUrl {
  return DIGITS.test(input.externalId) ? exact(`https://nairabet.com/event/${input.externalId}`) : fallback(4);
}

/** 1xBet (Nigerian site): `https://1xbet.ng/en/line/football/{champId}-{champ-slug}/{gameId}-{home}-{away}`. */
export function onexbetEventUrl(input: LinkInput): EventUrl {
  const league = ONEXBET_LEAGUES[input.competitionId];
  const home = slug(input.home);
  const away = slug(input.away);
  if (!league || !DIGITS.test(input.externalId) || home === "" || away === "") return fallback(5);
  return exact(`https://1xbet.ng/en/line/football/${league}/${input.externalId}-${home}-${away}`);
}

const BUILDERS: Readonly<Record<number, (input: LinkInput) => EventUrl>> = {
  1: bet9jaEventUrl,
  2: betkingEventUrl,
  3: sportybetEventUrl,
  4: nairabetEventUrl,
  5: onexbetEventUrl,
};

/**
 * The link for one bookmaker (our id): its event page when its feed's id and names build one,
 * else its football page (`exact: false`), also when nothing is known of its listing.
 */
export function bookmakerLink(provider: number, input: LinkInput | undefined): BookmakerLink | undefined {
  const build = BUILDERS[provider];
  if (!build) return undefined;
  return { provider, ...(input ? build(input) : fallback(provider)) };
}
