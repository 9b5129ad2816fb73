import { describe, expect, it } from "vitest";
import type { OddsEvent } from "#shared/contract.ts";
import { applyMarketFrame } from "./apply-frame.ts";

const NOW = Date.parse("2026-11-22T12:00:00Z");
const VIEW = { competition: 1, market: 1 };
const prices = [{ provider: 1, margin: 5, updatedAt: "2026-11-22T11:00:00.000Z", odds: [{ selectionTypeId: 1, value: 2.1, flags: 0 }] }];

function event(id: string, date: string, odds = prices): OddsEvent {
  return { id, name: `${id} match`, home: "A", away: "B", date, competitionId: 1, markets: [{ marketId: 1, odds }] };
}

const EARLY = event("early", "2026-11-22T11:59:00.000Z");
const LATER = event("later", "2026-11-22T15:00:00.000Z");

describe("applyMarketFrame", () => {
  it("takes a frame's new prices in place and puts a new event in kick-off order", () => {
    const moved = event("later", LATER.date, [{ ...prices[0]!, odds: [{ selectionTypeId: 1, value: 2.2, flags: 0 }] }]);
    expect(applyMarketFrame([EARLY, LATER], moved, VIEW, NOW)).toEqual([EARLY, moved]);
    const between = event("between", "2026-11-22T13:00:00.000Z");
    expect(applyMarketFrame([EARLY, LATER], between, VIEW, NOW).map((e) => e.id)).toEqual(["early", "between", "later"]);
  });

  it("drops an upcoming event whose market left the listing", () => {
    expect(applyMarketFrame([EARLY, LATER], event("later", LATER.date, []), VIEW, NOW)).toEqual([EARLY]);
  });

  it("keeps an event that left the listing because it kicked off, with its last prices", () => {
    const events = [EARLY, LATER];
    expect(applyMarketFrame(events, event("early", EARLY.date, []), VIEW, NOW)).toBe(events);
  });

  it("ignores a frame of another league or market", () => {
    const events = [EARLY];
    expect(applyMarketFrame(events, { ...event("x", LATER.date), competitionId: 2 }, VIEW, NOW)).toBe(events);
    expect(applyMarketFrame(events, event("x", LATER.date), { competition: 1, market: 4 }, NOW)).toBe(events);
  });
});
