import { describe, expect, it } from "vitest";
import { pricesOf, quotes, typesOf } from "../../../../tests/fixtures/feeds/compared.ts";
import { readFeedJson } from "../../../../tests/fixtures/feeds/read-fixture.ts";
import { offersOf } from "../../../../tests/fixtures/feeds/results.ts";
import { onexbet } from "./onexbet.ts";

const NOW = new Date("2026-09-14T12:00:00Z");
type Game = { Value: { GE: { G: number; E: Record<string, unknown>[][] }[] } };

/**
 * GetGameZip with the totals group's 5.5 line, and groups whose meaning no payload has shown us
 * (docs/design.md, Market catalogue: "unknown"): 1008, said to be the Asian handicap by one
 * source, and a group 2 handicap with `P`.
 */
function game(): string {
  const json = readFeedJson<Game>("onexbet-GetGameZip-612340002.json");
  const totals = json.Value.GE.find((g) => g.G === 17)!;
  totals.E[0]!.push({ C: 6.1, G: 17, T: 9, P: 5.5 });
  totals.E[1]!.push({ C: 1.12, G: 17, T: 10, P: 5.5 });
  json.Value.GE.push({ G: 1008, E: [[{ C: 1.85, G: 1008, T: 3829, P: -0.5 }], [{ C: 1.95, G: 1008, T: 3830, P: 0.5 }]] });
  json.Value.GE.push({ G: 2, E: [[{ C: 2.4, G: 2, T: 7, P: -1 }], [{ C: 1.6, G: 2, T: 8, P: 1 }]] });
  return JSON.stringify(json);
}

describe("1xbet's compared markets (docs/design.md, Market catalogue)", () => {
  it("reads the Over/Under 5.5 line from P as market 9, and no price for the groups whose meaning is unknown", () => {
    const [offer] = offersOf(onexbet.capture.parseEvent(game(), 4, NOW));

    expect(pricesOf(offer, "ft-total").filter((p) => p.marketId === 9)).toEqual(quotes("ft-total", [[5.5, "over", 6.1], [5.5, "under", 1.12]]));
    expect(typesOf(offer)).toEqual(["ft-1x2", "ft-total", "ft-btts"]);
  });
});
