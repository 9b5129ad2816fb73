import { describe, expect, it } from "vitest";
import { pricesOf, quotes, typesOf } from "../../../tests/fixtures/feeds/compared.ts";
import { readFeedJson } from "../../../tests/fixtures/feeds/read-fixture.ts";
import { offersOf } from "../../../tests/fixtures/feeds/results.ts";
import { nairabet } from "./nairabet.ts";

const NOW = new Date("2026-09-14T12:00:00Z");
type Details = { markets: Record<string, unknown>[]; odds: Record<string, unknown>[]; marketIds?: number[] };

/**
 * GetEventDetails with a 5.5 total line beside the others, and markets whose Altenar ids no
 * payload has shown us (docs/design.md, Market catalogue: "unknown"): Draw No Bet, a home total,
 * an Asian handicap, a 1st-half 1X2, in Sportradar's numbering as Altenar's known ids follow it.
 */
function details(): string {
  const json = readFeedJson<Details>("nairabet-altenar-GetEventDetails-17162768.json");
  const total = json.markets.find((m) => m.typeId === 18)!;
  total.oddIds = [...(total.oddIds as number[]), 4454819009, 4454819010];
  json.odds.push({ typeId: 12, price: 9.5, isMB: false, oddStatus: 0, sv: "5.5", id: 4454819009, name: "Over 5.5" }, { typeId: 13, price: 1.04, isMB: false, oddStatus: 0, sv: "5.5", id: 4454819010, name: "Under 5.5" });
  const unknown = [
    { typeId: 11, name: "Draw No Bet", odds: [[4, "Brentford", null], [5, "Chelsea", null]] },
    { typeId: 19, name: "Brentford Total", odds: [[12, "Over 0.5", "0.5"], [13, "Under 0.5", "0.5"]] },
    { typeId: 16, name: "Handicap", odds: [[1714, "Brentford (-0.5)", "-0.5"], [1715, "Chelsea (+0.5)", "-0.5"]] },
    { typeId: 60, name: "1st half - 1x2", odds: [[1, "Brentford", null], [2, "X", null], [3, "Chelsea", null]] },
  ];
  unknown.forEach((market, m) => {
    const ids = market.odds.map((_, o) => 4454820000 + m * 10 + o);
    json.markets.push({ oddIds: ids, typeId: market.typeId, sportMarketId: 70500 + m, id: 1717762900 + m, name: market.name });
    market.odds.forEach(([typeId, name, sv], o) => json.odds.push({ typeId, price: 1.9 + o / 10, isMB: false, oddStatus: 0, ...(sv ? { sv } : {}), id: ids[o], name }));
  });
  return JSON.stringify(json);
}

describe("nairabet's compared markets (docs/design.md, Market catalogue)", () => {
  it("reads the Over/Under 5.5 line as market 9, and no price for the types whose Altenar ids are unknown", () => {
    const [offer] = offersOf(nairabet.capture.parseEvent(details(), 1, NOW));

    expect(pricesOf(offer, "ft-total").filter((p) => p.marketId === 9)).toEqual(quotes("ft-total", [[5.5, "over", 9.5], [5.5, "under", 1.04]]));
    expect(typesOf(offer)).toEqual(["ft-1x2", "ft-total", "ft-btts"]);
  });
});
