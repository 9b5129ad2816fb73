/**
 * Which markets the collector keeps beyond the four leagues (docs/design.md, Whole-board collection;
 * decision 056): every type but correct score, HT/FT and the 3-way and Asian handicaps, which are
 * collected for the four leagues only. Beyond the four those four types are about 5 % of the legs
 * Nigerian slips hold and more than half of the prices a book quotes a match (26 scores, 9 HT/FT
 * results, up to 21 Asian lines of two sides, four 3-way lines of three), so keeping them for about
 * 1,700 board fixtures tripled the API's memory and CPU for markets bettors hardly bet there.
 */
import type { Catalogue } from "../catalogue/catalogue.ts";
import { isCompetitionId } from "#shared/reference.ts";
import type { Offer } from "./types.ts";

/** The types collected for the four leagues only, by their `markets.json` key. */
export const FOUR_LEAGUES_ONLY_TYPES: ReadonlySet<string> = new Set(["ft-correct-score", "ht-ft", "ft-handicap", "ft-asian-handicap"]);

/** Whether a type (by its `markets.json` key) is collected for a competition. */
export function collectedIn(competitionId: number, typeKey: string): boolean {
  return isCompetitionId(competitionId) || !FOUR_LEAGUES_ONLY_TYPES.has(typeKey);
}

/** The offer with only the prices the collector keeps for its competition; the same offer when nothing goes. */
export function keptPrices(offer: Offer, catalogue: Catalogue): Offer {
  if (isCompetitionId(offer.competitionId)) return offer;
  const kept = offer.prices.filter((price) => {
    const market = catalogue.markets.get(price.marketId);
    const type = market && catalogue.types.get(market.typeId);
    return !type || collectedIn(offer.competitionId, type.key);
  });
  return kept.length === offer.prices.length ? offer : { ...offer, prices: kept };
}
