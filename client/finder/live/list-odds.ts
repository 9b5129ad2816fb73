import { LIVE_COUNTRY_ID } from "#shared/constants.ts";
import type { OddsEvent, OddsResponse } from "#shared/contract.ts";
import type { DataSource } from "../../server-context.ts";

/** Kick-off order, then name: the order the API lists one league's events in. */
const byKickoff = (a: OddsEvent, b: OddsEvent) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name);

/** Several leagues' answers for one market as one listing, in kick-off order; the newest `updatedAt` stands for all. */
export function mergeLeagues(answers: readonly OddsResponse[]): OddsResponse {
  const events = answers.flatMap((answer) => (Array.isArray(answer?.events) ? answer.events : [])).sort(byKickoff);
  const updatedAt = answers.map((answer) => answer?.updatedAt ?? "").reduce((a, b) => (b > a ? b : a), "");
  const intervalS = answers.find((answer) => answer?.intervalS !== undefined)?.intervalS;
  return { events, updatedAt, ...(intervalS === undefined ? {} : { intervalS }) };
}

/**
 * The compact list's data: every league's odds for `market`, asked in parallel through the page's
 * data source (the BFF caches each one, as for the cards), merged by kick-off. One failure fails
 * the whole: a list silently missing a league would mislead.
 */
export async function listOdds(source: DataSource, competitions: readonly number[], market: number): Promise<OddsResponse> {
  const answers = await Promise.all(competitions.map((competition) => source.odds({ country: LIVE_COUNTRY_ID, competition, market })));
  return mergeLeagues(answers);
}
