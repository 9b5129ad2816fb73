import { normaliseTeamName } from "./teams.ts";

/**
 * Matchdays run from 06:00 to 06:00 UTC. The four leagues kick off between about 11:00 and
 * 20:00 UTC, so a kick-off moved by hours (or misread by a time zone) never crosses into
 * another matchday, which a plain UTC date would do for a late game shifted past midnight.
 */
const MATCHDAY_START_MS = 6 * 60 * 60 * 1000;

export function matchday(kickoff: Date): string {
  return new Date(kickoff.getTime() - MATCHDAY_START_MS).toISOString().slice(0, 10);
}

export interface KeySide {
  clubId: string | undefined;
  name: string;
}

/**
 * The odds store's event identity. Built from what every bookmaker can see, so it does not
 * change with which bookmakers answered this run:
 * - both clubs known: `c<competition>:<matchday>:<club>+<club>`. Club slugs are sorted, so a
 *   bookmaker that lists the sides reversed cannot flip the identity; kick-off counts only
 *   as its matchday, so re-timings keep the key. Two clubs meet at most once a matchday.
 * - else a Sportradar id when the fixture has one, which is stable for as long as it is seen.
 * - else the same shape as the first with normalised names: best effort, since another
 *   spelling may win the vote next run. Such fixtures are reported so aliases get added.
 */
export function fixtureKey(fixture: {
  competitionId: number;
  kickoff: Date;
  home: KeySide;
  away: KeySide;
  srId: string | undefined;
}): string {
  const { home, away, srId } = fixture;
  if ((home.clubId === undefined || away.clubId === undefined) && srId !== undefined) return srId;
  const sides = [home, away].map((side) => side.clubId ?? slug(side.name)).sort();
  return `c${fixture.competitionId}:${matchday(fixture.kickoff)}:${sides.join("+")}`;
}

function slug(name: string): string {
  return normaliseTeamName(name).replace(/ /g, "-") || "unnamed";
}
