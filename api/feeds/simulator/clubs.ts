/**
 * The four leagues' clubs (2025-26) with a strength rating and the spelling each bookmaker
 * uses. The spellings copy the habits of the real sites (Sportradar long forms at SportyBet,
 * Bet9ja's short forms, BetKing's "Man." abbreviations, Altenar's accents at NairaBet) and
 * are exported so the team matcher can be tested against every one of them. Each should
 * resolve with NFKD accent folding, noise tokens (FC, CF, SC, AFC, ...), utd -> united,
 * munchen -> munich, "&" -> "and", and an alias table for the well-known short forms.
 */
import type { BookmakerKey } from "../types.ts";

export interface SimClub {
  /** Stable slug, also the club's identity in the simulator. */
  key: string;
  /** Product competition id (1 Premier League, 2 La Liga, 3 Serie A, 4 Bundesliga). */
  competitionId: number;
  /** Common English name. */
  name: string;
  /** Rating on a 0-100 scale; 10 points apart is roughly 0.6 expected goals at home. */
  strength: number;
  names: Record<BookmakerKey, string>;
}

type Spellings = [sportybet: string, bet9ja: string, betking: string, nairabet: string, onexbet: string];

function club(competitionId: number, key: string, name: string, strength: number, s: Spellings): SimClub {
  const [sportybet, bet9ja, betking, nairabet, onexbet] = s;
  return {
    key,
    competitionId,
    name,
    strength,
    names: { sportybet, bet9ja, betking, nairabet, "1xbet": onexbet },
  };
}

const EPL = 1;
const LALIGA = 2;
const SERIEA = 3;
const BUNDESLIGA = 4;

// A table reads better than prettier's one-field-per-line layout; columns: SportyBet, Bet9ja, BetKing, NairaBet, 1xBet.
// prettier-ignore
export const SIM_CLUBS: readonly SimClub[] = [
  club(EPL, "arsenal", "Arsenal", 90, ["Arsenal", "Arsenal", "Arsenal FC", "Arsenal", "Arsenal"]),
  club(EPL, "aston-villa", "Aston Villa", 82, ["Aston Villa", "Aston Villa", "Aston Villa", "Aston Villa", "Aston Villa"]),
  club(EPL, "bournemouth", "Bournemouth", 78, ["AFC Bournemouth", "Bournemouth", "AFC Bournemouth", "Bournemouth", "Bournemouth"]),
  club(EPL, "brentford", "Brentford", 77, ["Brentford FC", "Brentford", "Brentford FC", "Brentford", "Brentford"]),
  club(EPL, "brighton", "Brighton", 80, ["Brighton & Hove Albion", "Brighton", "Brighton & Hove Albion", "Brighton", "Brighton and Hove Albion"]),
  club(EPL, "burnley", "Burnley", 71, ["Burnley FC", "Burnley", "Burnley FC", "Burnley", "Burnley"]),
  club(EPL, "chelsea", "Chelsea", 86, ["Chelsea FC", "Chelsea", "Chelsea FC", "Chelsea", "Chelsea"]),
  club(EPL, "crystal-palace", "Crystal Palace", 80, ["Crystal Palace", "Crystal Palace", "Crystal Palace", "Crystal Palace", "Crystal Palace"]),
  club(EPL, "everton", "Everton", 76, ["Everton FC", "Everton", "Everton FC", "Everton", "Everton"]),
  club(EPL, "fulham", "Fulham", 77, ["Fulham FC", "Fulham", "Fulham FC", "Fulham", "Fulham"]),
  club(EPL, "leeds", "Leeds United", 73, ["Leeds United", "Leeds", "Leeds United", "Leeds", "Leeds United"]),
  club(EPL, "liverpool", "Liverpool", 89, ["Liverpool FC", "Liverpool", "Liverpool FC", "Liverpool", "Liverpool"]),
  club(EPL, "man-city", "Manchester City", 89, ["Manchester City", "Man City", "Man. City", "Manchester City", "Manchester City"]),
  club(EPL, "man-utd", "Manchester United", 80, ["Manchester United", "Man Utd", "Man. United", "Manchester United", "Manchester United"]),
  club(EPL, "newcastle", "Newcastle United", 83, ["Newcastle United", "Newcastle", "Newcastle United", "Newcastle", "Newcastle United"]),
  club(EPL, "nottm-forest", "Nottingham Forest", 78, ["Nottingham Forest", "Nottm Forest", "Nottingham Forest", "Nottingham Forest", "Nottingham Forest"]),
  club(EPL, "sunderland", "Sunderland", 73, ["Sunderland AFC", "Sunderland", "Sunderland AFC", "Sunderland", "Sunderland"]),
  club(EPL, "tottenham", "Tottenham Hotspur", 81, ["Tottenham Hotspur", "Tottenham", "Tottenham Hotspur", "Tottenham", "Tottenham Hotspur"]),
  club(EPL, "west-ham", "West Ham United", 76, ["West Ham United", "West Ham", "West Ham United", "West Ham", "West Ham United"]),
  club(EPL, "wolves", "Wolverhampton Wanderers", 74, ["Wolverhampton Wanderers", "Wolves", "Wolverhampton", "Wolverhampton", "Wolverhampton Wanderers"]),

  club(LALIGA, "alaves", "Alavés", 74, ["Deportivo Alaves", "Alaves", "Deportivo Alaves", "Alavés", "Alaves"]),
  club(LALIGA, "athletic", "Athletic Club", 82, ["Athletic Bilbao", "Ath. Bilbao", "Athletic Bilbao", "Athletic Bilbao", "Athletic Bilbao"]),
  club(LALIGA, "atletico", "Atlético Madrid", 86, ["Atletico Madrid", "Atl. Madrid", "Atletico Madrid", "Atlético Madrid", "Atletico Madrid"]),
  club(LALIGA, "barcelona", "Barcelona", 90, ["FC Barcelona", "Barcelona", "FC Barcelona", "Barcelona", "Barcelona"]),
  club(LALIGA, "celta", "Celta Vigo", 77, ["Celta Vigo", "Celta Vigo", "Celta de Vigo", "Celta Vigo", "Celta Vigo"]),
  club(LALIGA, "elche", "Elche", 72, ["Elche CF", "Elche", "Elche CF", "Elche", "Elche"]),
  club(LALIGA, "espanyol", "Espanyol", 75, ["Espanyol", "Espanyol", "RCD Espanyol", "Espanyol", "Espanyol"]),
  club(LALIGA, "getafe", "Getafe", 75, ["Getafe CF", "Getafe", "Getafe CF", "Getafe", "Getafe"]),
  club(LALIGA, "girona", "Girona", 76, ["Girona FC", "Girona", "Girona FC", "Girona", "Girona"]),
  club(LALIGA, "levante", "Levante", 72, ["Levante UD", "Levante", "Levante UD", "Levante", "Levante"]),
  club(LALIGA, "mallorca", "Mallorca", 75, ["RCD Mallorca", "Mallorca", "RCD Mallorca", "Mallorca", "Mallorca"]),
  club(LALIGA, "osasuna", "Osasuna", 76, ["CA Osasuna", "Osasuna", "CA Osasuna", "Osasuna", "Osasuna"]),
  club(LALIGA, "rayo", "Rayo Vallecano", 76, ["Rayo Vallecano", "Rayo Vallecano", "Rayo Vallecano", "Rayo Vallecano", "Rayo Vallecano"]),
  club(LALIGA, "betis", "Real Betis", 80, ["Real Betis", "Betis", "Real Betis", "Real Betis", "Real Betis"]),
  club(LALIGA, "real-madrid", "Real Madrid", 90, ["Real Madrid", "Real Madrid", "Real Madrid", "Real Madrid", "Real Madrid"]),
  club(LALIGA, "oviedo", "Real Oviedo", 70, ["Real Oviedo", "Oviedo", "Real Oviedo", "Real Oviedo", "Real Oviedo"]),
  club(LALIGA, "real-sociedad", "Real Sociedad", 78, ["Real Sociedad", "Real Sociedad", "Real Sociedad", "Real Sociedad", "Real Sociedad"]),
  club(LALIGA, "sevilla", "Sevilla", 76, ["Sevilla FC", "Sevilla", "Sevilla FC", "Sevilla", "Sevilla"]),
  club(LALIGA, "valencia", "Valencia", 76, ["Valencia CF", "Valencia", "Valencia CF", "Valencia", "Valencia"]),
  club(LALIGA, "villarreal", "Villarreal", 82, ["Villarreal CF", "Villarreal", "Villarreal CF", "Villarreal", "Villarreal"]),

  club(SERIEA, "atalanta", "Atalanta", 83, ["Atalanta BC", "Atalanta", "Atalanta BC", "Atalanta", "Atalanta"]),
  club(SERIEA, "bologna", "Bologna", 80, ["Bologna FC", "Bologna", "Bologna FC", "Bologna", "Bologna"]),
  club(SERIEA, "cagliari", "Cagliari", 73, ["Cagliari Calcio", "Cagliari", "Cagliari Calcio", "Cagliari", "Cagliari"]),
  club(SERIEA, "como", "Como", 81, ["Como 1907", "Como", "Como 1907", "Como", "Como"]),
  club(SERIEA, "cremonese", "Cremonese", 72, ["US Cremonese", "Cremonese", "US Cremonese", "Cremonese", "Cremonese"]),
  club(SERIEA, "fiorentina", "Fiorentina", 78, ["ACF Fiorentina", "Fiorentina", "ACF Fiorentina", "Fiorentina", "Fiorentina"]),
  club(SERIEA, "genoa", "Genoa", 74, ["Genoa CFC", "Genoa", "Genoa CFC", "Genoa", "Genoa"]),
  club(SERIEA, "verona", "Hellas Verona", 72, ["Hellas Verona", "Verona", "Hellas Verona", "Hellas Verona", "Verona"]),
  club(SERIEA, "inter", "Inter", 88, ["Inter Milano", "Inter", "Inter Milan", "Inter", "Inter Milan"]),
  club(SERIEA, "juventus", "Juventus", 84, ["Juventus Turin", "Juventus", "Juventus FC", "Juventus", "Juventus"]),
  club(SERIEA, "lazio", "Lazio", 80, ["SS Lazio", "Lazio", "SS Lazio", "Lazio", "Lazio"]),
  club(SERIEA, "lecce", "Lecce", 72, ["US Lecce", "Lecce", "US Lecce", "Lecce", "Lecce"]),
  club(SERIEA, "milan", "AC Milan", 84, ["AC Milan", "AC Milan", "AC Milan", "AC Milan", "AC Milan"]),
  club(SERIEA, "napoli", "Napoli", 87, ["SSC Napoli", "Napoli", "SSC Napoli", "Napoli", "Napoli"]),
  club(SERIEA, "parma", "Parma", 73, ["Parma Calcio 1913", "Parma", "Parma Calcio", "Parma", "Parma"]),
  club(SERIEA, "pisa", "Pisa", 71, ["AC Pisa 1909", "Pisa", "AC Pisa", "Pisa", "Pisa"]),
  club(SERIEA, "roma", "Roma", 82, ["AS Roma", "AS Roma", "AS Roma", "AS Roma", "Roma"]),
  club(SERIEA, "sassuolo", "Sassuolo", 74, ["US Sassuolo", "Sassuolo", "US Sassuolo", "Sassuolo", "Sassuolo"]),
  club(SERIEA, "torino", "Torino", 76, ["Torino FC", "Torino", "Torino FC", "Torino", "Torino"]),
  club(SERIEA, "udinese", "Udinese", 75, ["Udinese Calcio", "Udinese", "Udinese Calcio", "Udinese", "Udinese"]),

  club(BUNDESLIGA, "bayern", "Bayern Munich", 91, ["FC Bayern Munchen", "Bayern Munich", "Bayern Munich", "Bayern München", "Bayern Munich"]),
  club(BUNDESLIGA, "leverkusen", "Bayer Leverkusen", 84, ["Bayer 04 Leverkusen", "Leverkusen", "Bayer Leverkusen", "Bayer Leverkusen", "Bayer Leverkusen"]),
  club(BUNDESLIGA, "dortmund", "Borussia Dortmund", 84, ["Borussia Dortmund", "Dortmund", "Borussia Dortmund", "Borussia Dortmund", "Borussia Dortmund"]),
  club(BUNDESLIGA, "leipzig", "RB Leipzig", 82, ["RB Leipzig", "RB Leipzig", "RB Leipzig", "RB Leipzig", "RB Leipzig"]),
  club(BUNDESLIGA, "frankfurt", "Eintracht Frankfurt", 81, ["Eintracht Frankfurt", "Frankfurt", "Eintracht Frankfurt", "Eintracht Frankfurt", "Eintracht Frankfurt"]),
  club(BUNDESLIGA, "stuttgart", "VfB Stuttgart", 81, ["VfB Stuttgart", "Stuttgart", "VfB Stuttgart", "VfB Stuttgart", "Stuttgart"]),
  club(BUNDESLIGA, "freiburg", "SC Freiburg", 79, ["SC Freiburg", "Freiburg", "SC Freiburg", "SC Freiburg", "Freiburg"]),
  club(BUNDESLIGA, "hoffenheim", "Hoffenheim", 78, ["TSG Hoffenheim", "Hoffenheim", "TSG Hoffenheim", "Hoffenheim", "Hoffenheim"]),
  club(BUNDESLIGA, "mainz", "Mainz 05", 77, ["1. FSV Mainz 05", "Mainz", "FSV Mainz 05", "Mainz 05", "Mainz"]),
  club(BUNDESLIGA, "wolfsburg", "VfL Wolfsburg", 76, ["VfL Wolfsburg", "Wolfsburg", "VfL Wolfsburg", "VfL Wolfsburg", "Wolfsburg"]),
  club(BUNDESLIGA, "gladbach", "Borussia Mönchengladbach", 76, ["Borussia Monchengladbach", "M'gladbach", "Borussia M'gladbach", "Borussia Mönchengladbach", "Borussia Monchengladbach"]),
  club(BUNDESLIGA, "werder", "Werder Bremen", 76, ["SV Werder Bremen", "Werder Bremen", "Werder Bremen", "Werder Bremen", "Werder Bremen"]),
  club(BUNDESLIGA, "union-berlin", "Union Berlin", 75, ["1. FC Union Berlin", "Union Berlin", "Union Berlin", "Union Berlin", "Union Berlin"]),
  club(BUNDESLIGA, "augsburg", "FC Augsburg", 74, ["FC Augsburg", "Augsburg", "FC Augsburg", "FC Augsburg", "Augsburg"]),
  club(BUNDESLIGA, "koln", "1. FC Köln", 74, ["1. FC Koln", "FC Koln", "FC Cologne", "1. FC Köln", "Cologne"]),
  club(BUNDESLIGA, "hamburg", "Hamburger SV", 74, ["Hamburger SV", "Hamburger SV", "Hamburger SV", "Hamburger SV", "Hamburg"]),
  club(BUNDESLIGA, "st-pauli", "St. Pauli", 73, ["FC St. Pauli", "St. Pauli", "FC St. Pauli", "St. Pauli", "St. Pauli"]),
  club(BUNDESLIGA, "heidenheim", "Heidenheim", 71, ["1. FC Heidenheim", "Heidenheim", "FC Heidenheim", "Heidenheim", "Heidenheim"]),
];

export function simClubsOf(competitionId: number): SimClub[] {
  return SIM_CLUBS.filter((c) => c.competitionId === competitionId);
}
