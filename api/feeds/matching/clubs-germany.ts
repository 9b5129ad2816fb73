import type { Club } from "./club.ts";

const BUNDESLIGA = 4;

/**
 * 2025-26 Bundesliga plus the 2. Bundesliga clubs most likely to come up. Prefixes such as
 * VfB, VfL, TSG, 1. FC and founding years are dropped by normalisation, so most entries
 * only list the forms that normalisation cannot reach (Gladbach, BVB, Cologne, HSV).
 */
export const GERMAN_CLUBS: readonly Club[] = [
  {
    id: "bayern-munich",
    name: "Bayern Munich",
    aliases: ["Bayern München", "Bayern Muenchen", "FC Bayern", "FC Bayern München", "Bayern"],
  },
  {
    id: "borussia-dortmund",
    name: "Borussia Dortmund",
    aliases: ["Dortmund", "BVB", "BV Borussia 09 Dortmund", "B. Dortmund", "Bor. Dortmund"],
  },
  {
    id: "bayer-leverkusen",
    name: "Bayer Leverkusen",
    aliases: ["Leverkusen", "Bayer 04", "Bayer 04 Leverkusen", "Bayer"],
  },
  { id: "rb-leipzig", name: "RB Leipzig", aliases: ["Leipzig", "RasenBallsport Leipzig"] },
  { id: "eintracht-frankfurt", name: "Eintracht Frankfurt", aliases: ["Frankfurt", "E. Frankfurt"] },
  { id: "vfb-stuttgart", name: "VfB Stuttgart", aliases: ["Stuttgart"] },
  { id: "sc-freiburg", name: "SC Freiburg", aliases: ["Freiburg", "Sport-Club Freiburg"] },
  { id: "fc-augsburg", name: "FC Augsburg", aliases: ["Augsburg"] },
  { id: "werder-bremen", name: "Werder Bremen", aliases: ["Werder", "Bremen", "SV Werder Bremen"] },
  { id: "vfl-wolfsburg", name: "VfL Wolfsburg", aliases: ["Wolfsburg"] },
  {
    id: "borussia-monchengladbach",
    name: "Borussia Mönchengladbach",
    aliases: [
      "Gladbach",
      "Mönchengladbach",
      "Moenchengladbach",
      "Borussia M'gladbach",
      "Borussia M.Gladbach",
      "Bor. Mönchengladbach",
      "B. Monchengladbach",
      "M'gladbach",
    ],
  },
  { id: "mainz-05", name: "Mainz 05", aliases: ["Mainz", "1. FSV Mainz 05", "FSV Mainz 05"] },
  {
    id: "hoffenheim",
    name: "Hoffenheim",
    aliases: ["TSG Hoffenheim", "TSG 1899 Hoffenheim", "1899 Hoffenheim"],
  },
  { id: "union-berlin", name: "Union Berlin", aliases: ["1. FC Union Berlin", "FC Union Berlin"] },
  {
    id: "heidenheim",
    name: "Heidenheim",
    aliases: ["1. FC Heidenheim", "1. FC Heidenheim 1846", "FC Heidenheim"],
  },
  { id: "st-pauli", name: "St. Pauli", aliases: ["FC St. Pauli", "St Pauli", "Sankt Pauli"] },
  { id: "hamburger-sv", name: "Hamburger SV", aliases: ["Hamburg", "HSV", "Hamburger"] },
  {
    id: "koln",
    name: "1. FC Köln",
    aliases: ["Köln", "Koln", "Koeln", "Cologne", "FC Cologne", "1. FC Koeln"],
  },
  { id: "vfl-bochum", name: "VfL Bochum", aliases: ["Bochum", "VfL Bochum 1848"] },
  { id: "holstein-kiel", name: "Holstein Kiel", aliases: ["Kiel", "KSV Holstein"] },
  { id: "schalke-04", name: "Schalke 04", aliases: ["Schalke", "FC Schalke 04"] },
  { id: "hertha-bsc", name: "Hertha BSC", aliases: ["Hertha", "Hertha Berlin", "Hertha BSC Berlin"] },
  { id: "sc-paderborn", name: "SC Paderborn", aliases: ["Paderborn", "SC Paderborn 07"] },
  { id: "darmstadt-98", name: "Darmstadt 98", aliases: ["Darmstadt", "SV Darmstadt 98"] },
  { id: "hannover-96", name: "Hannover 96", aliases: ["Hannover", "Hanover"] },
  { id: "kaiserslautern", name: "1. FC Kaiserslautern", aliases: ["Kaiserslautern", "FC Kaiserslautern"] },
  { id: "sv-elversberg", name: "SV Elversberg", aliases: ["Elversberg", "SV 07 Elversberg"] },
  {
    id: "fortuna-dusseldorf",
    name: "Fortuna Düsseldorf",
    aliases: ["Düsseldorf", "Duesseldorf", "Fortuna Duesseldorf"],
  },
  { id: "karlsruher-sc", name: "Karlsruher SC", aliases: ["Karlsruhe", "KSC"] },
  { id: "nurnberg", name: "1. FC Nürnberg", aliases: ["Nürnberg", "Nuernberg", "Nuremberg", "FC Nürnberg"] },
].map((club) => ({ ...club, competitionId: BUNDESLIGA }));
