import { describe, expect, it } from "vitest";
import type { MarketHistory, MatchDetail, OddsEvent } from "#shared/contract.ts";
import { FLAGS } from "#shared/reference.ts";
import { applyHistoryFrame, applyMatchFrame, rememberOpenings } from "./apply-match-frame.ts";

const AT = "2026-11-22T10:00:00.000Z";
const AT_S = Date.parse(AT) / 1000;

const DETAIL: MatchDetail = {
  event: {
    id: "c1:ev",
    name: "Arsenal vs Chelsea",
    home: "Arsenal",
    away: "Chelsea",
    date: "2026-11-22T15:00:00.000Z",
    competitionId: 1,
    started: false,
    links: [],
    markets: [
      { marketId: 1, odds: [{ provider: 1, margin: 5, updatedAt: "2026-11-22T09:00:00.000Z", odds: [{ selectionTypeId: 1, value: 2.2, flags: FLAGS.Best, opening: 2.0 }] }] },
      { marketId: 7, odds: [{ provider: 1, margin: 5, updatedAt: "2026-11-22T09:00:00.000Z", odds: [{ selectionTypeId: 14, value: 1.8, flags: 0, opening: 1.8 }] }] },
    ],
  },
  updatedAt: "2026-11-22T09:00:00.000Z",
};

/** A frame: one event, one market, all bookmakers, in the odds-event shape. */
function frame(marketId: number, odds: OddsEvent["markets"][number]["odds"], id = "c1:ev"): OddsEvent {
  const { links: _links, started: _started, markets: _markets, ...heading } = DETAIL.event;
  return { ...heading, id, markets: [{ marketId, odds }] };
}

describe("a live frame on the match page", () => {
  it("takes the frame's prices and flags, keeping each price's opening", () => {
    const next = applyMatchFrame(
      DETAIL,
      frame(1, [
        { provider: 1, margin: 5, updatedAt: AT, odds: [{ selectionTypeId: 1, value: 2.3, flags: 0 }] },
        { provider: 2, margin: 5, updatedAt: AT, odds: [{ selectionTypeId: 1, value: 2.4, flags: FLAGS.Best }] },
      ]),
    );
    expect(next.event.markets[0]!.odds).toEqual([
      { provider: 1, margin: 5, updatedAt: AT, odds: [{ selectionTypeId: 1, value: 2.3, flags: 0, opening: 2.0 }] },
      // First seen now: it opens at itself.
      { provider: 2, margin: 5, updatedAt: AT, odds: [{ selectionTypeId: 1, value: 2.4, flags: FLAGS.Best, opening: 2.4 }] },
    ]);
    expect(next.event.markets[1]).toBe(DETAIL.event.markets[1]);
  });

  it("gives a bookmaker back its opening price when it returns after a frame that left it out (stale, off the listing)", () => {
    const known = new Map<string, number>();
    const row = (provider: number, value: number) => ({ provider, margin: 5, updatedAt: AT, odds: [{ selectionTypeId: 1, value, flags: 0 }] });
    const withTwo = applyMatchFrame(DETAIL, frame(1, [row(1, 2.3), row(2, 2.4)]), rememberOpenings(known, DETAIL));
    const without = applyMatchFrame(withTwo, frame(1, [row(2, 2.5)]), rememberOpenings(known, withTwo));
    expect(without.event.markets[0]!.odds.map((r) => r.provider)).toEqual([2]);
    const back = applyMatchFrame(without, frame(1, [row(1, 2.6), row(2, 2.5)]), rememberOpenings(known, without));
    expect(back.event.markets[0]!.odds.map((r) => [r.provider, r.odds[0]!.opening])).toEqual([
      [1, 2.0],
      [2, 2.4],
    ]);
  });

  it("adds a market new to the page in reference order", () => {
    const next = applyMatchFrame(DETAIL, frame(4, [{ provider: 1, margin: 5, updatedAt: AT, odds: [{ selectionTypeId: 8, value: 1.9, flags: 0 }] }]));
    expect(next.event.markets.map((m) => m.marketId)).toEqual([1, 4, 7]);
  });

  it("keeps the prices as last seen when the market leaves the listing, and ignores other events", () => {
    expect(applyMatchFrame(DETAIL, frame(1, []))).toBe(DETAIL);
    expect(applyMatchFrame(DETAIL, frame(1, [{ provider: 1, margin: 5, updatedAt: AT, odds: [{ selectionTypeId: 1, value: 9, flags: 0 }] }], "c1:other"))).toBe(DETAIL);
  });
});

describe("a live frame on the price chart", () => {
  const HISTORY: MarketHistory = { eventId: "c1:ev", marketId: 1, series: [{ provider: 1, selectionTypeId: 1, points: [[AT_S - 3600, 2.2]] }] };

  it("adds a point for a price that moved, at its change time, and a series for a new price", () => {
    const next = applyHistoryFrame(
      HISTORY,
      frame(1, [
        { provider: 1, margin: 5, updatedAt: AT, odds: [{ selectionTypeId: 1, value: 2.3, flags: 0 }] },
        { provider: 2, margin: 5, updatedAt: AT, odds: [{ selectionTypeId: 1, value: 2.4, flags: 0 }] },
      ]),
    );
    expect(next.series).toEqual([
      { provider: 1, selectionTypeId: 1, points: [[AT_S - 3600, 2.2], [AT_S, 2.3]] },
      { provider: 2, selectionTypeId: 1, points: [[AT_S, 2.4]] },
    ]);
  });

  it("adds nothing for an unchanged price, another market or another event", () => {
    expect(applyHistoryFrame(HISTORY, frame(1, [{ provider: 1, margin: 5, updatedAt: AT, odds: [{ selectionTypeId: 1, value: 2.2, flags: 8 }] }]))).toBe(HISTORY);
    expect(applyHistoryFrame(HISTORY, frame(7, [{ provider: 1, margin: 5, updatedAt: AT, odds: [{ selectionTypeId: 14, value: 2, flags: 0 }] }]))).toBe(HISTORY);
    expect(applyHistoryFrame(HISTORY, frame(1, [{ provider: 1, margin: 5, updatedAt: AT, odds: [{ selectionTypeId: 1, value: 3, flags: 0 }] }], "c1:other"))).toBe(HISTORY);
  });

  it("never puts a point before the series' last one", () => {
    const early = "2026-11-22T08:00:00.000Z";
    const next = applyHistoryFrame(HISTORY, frame(1, [{ provider: 1, margin: 5, updatedAt: early, odds: [{ selectionTypeId: 1, value: 2.5, flags: 0 }] }]));
    expect(next.series[0]!.points.at(-1)).toEqual([AT_S - 3600, 2.5]);
  });
});
