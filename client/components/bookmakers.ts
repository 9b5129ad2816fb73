import { bookmakerName } from "#shared/reference.ts";

/**
 * Bookmakers as the marketing copy names them (docs/product.md, Who it is for), with 1xBet, which is
 * compared too (docs/product.md, Copy that matches the product). Copy writes "Bet9ja", as the
 * bookmaker brands itself; the odds tables keep "Bet9Ja" (docs/product.md, Reference tables;
 * shared/reference.ts), which the contract fixes.
 */
export const NIGERIA_BOOKMAKERS = ["Bet9ja", "SportyBet", "BetKing", "NairaBet", "1xBet"] as const;
export const KENYA_BOOKMAKERS = ["SportPesa", "Betika", "Odibets", "Betin"] as const;
export const GHANA_BOOKMAKERS = ["Betway", "1xBet", "Bet365", "SportyBet"] as const;

/** The four leagues, in plain words for the copy (the tables use shared/reference.ts). */
export const LEAGUES = [
  "Premier League (England)",
  "La Liga (Spain)",
  "Serie A (Italy)",
  "Bundesliga (Germany)",
] as const;

/** How copy names a bookmaker in a sentence: "Bet9ja" and "1xBet" as they brand themselves, the reference name otherwise. */
const BRAND_NAMES = new Map<number, string>([
  [1, "Bet9ja"],
  [5, "1xBet"],
]);
export const brandName = (provider: number): string => BRAND_NAMES.get(provider) ?? bookmakerName(provider);
