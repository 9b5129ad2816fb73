/**
 * Bookmakers as the marketing copy names them (docs/product.md, Who it is for), with 1xBet, which is
 * compared too (docs/product.md, Copy that matches the product), spelt as the tables spell them
 * (shared/reference.ts).
 */
export const NIGERIA_BOOKMAKERS = ["Bet9ja", "SportyBet", "BetKing", "NairaBet", "1xBet"] as const;
export const KENYA_BOOKMAKERS = ["SportPesa", "Betika", "Odibets", "Betin"] as const;
export const GHANA_BOOKMAKERS = ["Betway", "1xBet", "Bet365", "SportyBet"] as const;

/** The four leagues, in plain words for the copy (the tables use shared/reference.ts). */
export const LEAGUE_NAMES = [
  "Premier League (England)",
  "La Liga (Spain)",
  "Serie A (Italy)",
  "Bundesliga (Germany)",
] as const;
