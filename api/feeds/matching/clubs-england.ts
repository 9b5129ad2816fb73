import type { Club } from "./club.ts";

const PREMIER_LEAGUE = 1;

/**
 * 2025-26 Premier League plus the Championship clubs most likely to come up, so a
 * promotion still resolves without a code change.
 */
export const ENGLISH_CLUBS: readonly Club[] = [
  { id: "arsenal", name: "Arsenal", aliases: ["Arsenal FC", "Arsenal London"] },
  { id: "aston-villa", name: "Aston Villa", aliases: ["Aston Villa FC", "A. Villa"] },
  { id: "bournemouth", name: "Bournemouth", aliases: ["AFC Bournemouth", "Bournemouth AFC"] },
  { id: "brentford", name: "Brentford", aliases: ["Brentford FC"] },
  {
    id: "brighton",
    name: "Brighton & Hove Albion",
    aliases: [
      "Brighton",
      "Brighton and Hove Albion",
      "Brighton Hove Albion",
      "Brighton & Hove",
      "Brighton Hove",
    ],
  },
  { id: "burnley", name: "Burnley", aliases: ["Burnley FC"] },
  { id: "chelsea", name: "Chelsea", aliases: ["Chelsea FC", "Chelsea London"] },
  { id: "crystal-palace", name: "Crystal Palace", aliases: ["Crystal Palace FC", "C. Palace", "Palace"] },
  { id: "everton", name: "Everton", aliases: ["Everton FC"] },
  { id: "fulham", name: "Fulham", aliases: ["Fulham FC"] },
  { id: "leeds-united", name: "Leeds United", aliases: ["Leeds", "Leeds Utd", "Leeds United AFC"] },
  { id: "liverpool", name: "Liverpool", aliases: ["Liverpool FC"] },
  {
    id: "manchester-city",
    name: "Manchester City",
    aliases: ["Man City", "Man. City", "Manchester City FC", "Man C", "Manchester C"],
  },
  {
    id: "manchester-united",
    name: "Manchester United",
    aliases: [
      "Man Utd",
      "Man. Utd",
      "Man United",
      "Manchester Utd",
      "Manchester United FC",
      "Man U",
      "Manchester U",
    ],
  },
  {
    id: "newcastle-united",
    name: "Newcastle United",
    aliases: ["Newcastle", "Newcastle Utd", "Newcastle United FC"],
  },
  {
    id: "nottingham-forest",
    name: "Nottingham Forest",
    aliases: ["Nottm Forest", "Nott'm Forest", "Nottingham", "Nottingham F", "N. Forest", "Forest"],
  },
  { id: "sunderland", name: "Sunderland", aliases: ["Sunderland AFC"] },
  {
    id: "tottenham-hotspur",
    name: "Tottenham Hotspur",
    aliases: ["Tottenham", "Spurs", "Tottenham Hotspur FC", "Tottenham H"],
  },
  {
    id: "west-ham-united",
    name: "West Ham United",
    aliases: ["West Ham", "West Ham Utd", "West Ham United FC"],
  },
  {
    id: "wolverhampton-wanderers",
    name: "Wolverhampton Wanderers",
    aliases: ["Wolves", "Wolverhampton", "Wolverhampton W", "Wolverhampton Wanderers FC"],
  },
  { id: "leicester-city", name: "Leicester City", aliases: ["Leicester", "Leicester City FC"] },
  { id: "ipswich-town", name: "Ipswich Town", aliases: ["Ipswich", "Ipswich Town FC"] },
  { id: "southampton", name: "Southampton", aliases: ["Southampton FC"] },
  {
    id: "sheffield-united",
    name: "Sheffield United",
    aliases: ["Sheffield Utd", "Sheff Utd", "Sheff United", "Sheffield United FC"],
  },
  { id: "middlesbrough", name: "Middlesbrough", aliases: ["Middlesbrough FC", "Boro"] },
  { id: "coventry-city", name: "Coventry City", aliases: ["Coventry", "Coventry City FC"] },
  {
    id: "west-bromwich-albion",
    name: "West Bromwich Albion",
    aliases: ["West Brom", "West Bromwich", "WBA"],
  },
  { id: "norwich-city", name: "Norwich City", aliases: ["Norwich", "Norwich City FC"] },
  { id: "watford", name: "Watford", aliases: ["Watford FC"] },
  { id: "hull-city", name: "Hull City", aliases: ["Hull", "Hull City AFC"] },
  { id: "stoke-city", name: "Stoke City", aliases: ["Stoke", "Stoke City FC"] },
  { id: "millwall", name: "Millwall", aliases: ["Millwall FC"] },
].map((club) => ({ ...club, competitionId: PREMIER_LEAGUE }));
