/** The four simulated leagues: ids and names per bookmaker (docs/design.md, League ids) and kick-off habits. */

export interface KickoffSlot {
  /** Days after the matchday week's start (a Tuesday): 3 Friday ... 6 Monday. */
  day: number;
  /** "HH:MM" in UTC. */
  time: string;
}

export interface SimLeague {
  competitionId: number;
  key: string;
  name: string;
  country: string;
  /** Mean goals per team per match in the league (home advantage applied on top). */
  goalsPerTeam: number;
  sportybet: { tournamentId: string; name: string; categoryId: string };
  bet9ja: { groupId: number; name: string };
  betking: { tournamentId: number; name: string };
  nairabet: { champId: number; categoryId: number; name: string };
  onexbet: { champId: number; name: string };
  /** A matchday picks one template: the weekend's shape varies a little from week to week. */
  slotTemplates: KickoffSlot[][];
}

const FRI = 3;
const SAT = 4;
const SUN = 5;
const MON = 6;

function slots(...entries: [number, string, number?][]): KickoffSlot[] {
  return entries.flatMap(([day, time, count = 1]) => Array.from({ length: count }, () => ({ day, time })));
}

// One kick-off template per line reads as a weekend, so prettier keeps its hands off this table.
// prettier-ignore
export const SIM_LEAGUES: readonly SimLeague[] = [
  {
    competitionId: 1,
    key: "premier-league",
    name: "Premier League",
    country: "England",
    goalsPerTeam: 1.4,
    sportybet: { tournamentId: "sr:tournament:17", name: "Premier League", categoryId: "sr:category:1" },
    bet9ja: { groupId: 170880, name: "Premier League" },
    betking: { tournamentId: 20000841, name: "Premier League" },
    nairabet: { champId: 2936, categoryId: 497, name: "Premier League" },
    onexbet: { champId: 88637, name: "England. Premier League" },
    slotTemplates: [
      slots([FRI, "20:00"], [SAT, "12:30"], [SAT, "15:00", 4], [SAT, "17:30"], [SUN, "14:00"], [SUN, "16:30"], [MON, "20:00"]),
      slots([SAT, "12:30"], [SAT, "15:00", 3], [SAT, "17:30"], [SUN, "14:00", 3], [SUN, "16:30"], [MON, "20:00"]),
      slots([FRI, "20:00"], [SAT, "12:30"], [SAT, "15:00", 3], [SAT, "17:30"], [SAT, "20:00"], [SUN, "14:00", 2], [SUN, "16:30"]),
    ],
  },
  {
    competitionId: 2,
    key: "la-liga",
    name: "LaLiga",
    country: "Spain",
    goalsPerTeam: 1.25,
    sportybet: { tournamentId: "sr:tournament:8", name: "LaLiga", categoryId: "sr:category:32" },
    bet9ja: { groupId: 180928, name: "LaLiga" },
    betking: { tournamentId: 20001108, name: "LaLiga" },
    nairabet: { champId: 2941, categoryId: 498, name: "LaLiga" },
    onexbet: { champId: 127733, name: "Spain. La Liga" },
    slotTemplates: [
      slots([FRI, "20:00"], [SAT, "13:00"], [SAT, "15:15"], [SAT, "17:30"], [SAT, "20:00"], [SUN, "13:00"], [SUN, "15:15"], [SUN, "17:30"], [SUN, "20:00"], [MON, "20:00"]),
      slots([SAT, "13:00"], [SAT, "15:15"], [SAT, "17:30"], [SAT, "20:00"], [SUN, "11:00"], [SUN, "13:00"], [SUN, "15:15"], [SUN, "17:30"], [SUN, "20:00"], [MON, "20:00"]),
    ],
  },
  {
    competitionId: 3,
    key: "serie-a",
    name: "Serie A",
    country: "Italy",
    goalsPerTeam: 1.3,
    sportybet: { tournamentId: "sr:tournament:23", name: "Serie A", categoryId: "sr:category:31" },
    bet9ja: { groupId: 167856, name: "Serie A" },
    betking: { tournamentId: 20003775, name: "Serie A" },
    nairabet: { champId: 2942, categoryId: 499, name: "Serie A" },
    onexbet: { champId: 110163, name: "Italy. Serie A" },
    slotTemplates: [
      slots([FRI, "19:45"], [SAT, "14:00"], [SAT, "17:00"], [SAT, "19:45"], [SUN, "11:30"], [SUN, "14:00", 2], [SUN, "17:00"], [SUN, "19:45"], [MON, "19:45"]),
      slots([SAT, "14:00", 2], [SAT, "17:00"], [SAT, "19:45"], [SUN, "11:30"], [SUN, "14:00"], [SUN, "17:00", 2], [SUN, "19:45"], [MON, "19:45"]),
    ],
  },
  {
    competitionId: 4,
    key: "bundesliga",
    name: "Bundesliga",
    country: "Germany",
    goalsPerTeam: 1.55,
    sportybet: { tournamentId: "sr:tournament:35", name: "Bundesliga", categoryId: "sr:category:30" },
    bet9ja: { groupId: 180923, name: "Bundesliga" },
    betking: { tournamentId: 20001007, name: "Bundesliga" },
    nairabet: { champId: 2950, categoryId: 500, name: "Bundesliga" },
    onexbet: { champId: 96463, name: "Germany. Bundesliga" },
    slotTemplates: [
      slots([FRI, "19:30"], [SAT, "14:30", 5], [SAT, "17:30"], [SUN, "14:30"], [SUN, "16:30"]),
      slots([FRI, "19:30"], [SAT, "14:30", 4], [SAT, "17:30"], [SUN, "14:30"], [SUN, "16:30"], [SUN, "18:30"]),
    ],
  },
];

export function leagueById(competitionId: number): SimLeague | undefined {
  return SIM_LEAGUES.find((l) => l.competitionId === competitionId);
}
