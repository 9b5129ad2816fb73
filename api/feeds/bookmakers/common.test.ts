import { describe, expect, it } from "vitest";
import {
  PriceSet,
  SELECTIONS,
  isUpcoming,
  lineGoals,
  overUnder,
  parseInstant,
  parseJsonBody,
  parseNaiveUtc,
  priceAbove,
  selectionIn,
  sanitizePrice,
  splitTeams,
  sportradarId,
  type MarketIds,
} from "./common.ts";

describe("price sanitising", () => {
  it("accepts decimal prices above 1.01 as numbers or numeric text", () => {
    expect([
      sanitizePrice(1.02),
      sanitizePrice("2.96"),
      sanitizePrice(" 11.50 "),
      sanitizePrice(1.2858),
    ]).toEqual([1.02, 2.96, 11.5, 1.2858]);
  });

  it("drops placeholders, non-finite values and anything that is not a plain decimal", () => {
    const junk = [
      1.01,
      "1.01",
      1,
      "1.00",
      0,
      -2,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      "abc",
      "",
      "2,50",
      "1e3",
      null,
      undefined,
      true,
      {},
    ];

    expect(junk.map(sanitizePrice)).toEqual(junk.map(() => undefined));
  });

  it("keeps the higher of two quotes for one selection, with its boost flag", () => {
    const prices = new PriceSet();
    prices.add(SELECTIONS.home, "2.10");
    prices.add(SELECTIONS.home, 2.25, true);
    prices.add(SELECTIONS.home, 2.2);
    prices.add(SELECTIONS.away, "1.01");
    prices.add(undefined, 3);

    expect(prices.list()).toEqual([{ marketId: 1, selectionTypeId: 1, price: 2.25, boosted: true }]);
  });
});

describe("goal lines", () => {
  it("maps the lines 0.5 to 4.5 to the Over/Under markets and their over and under selections", () => {
    const lines = [0.5, 1.5, "2.5", "3.50", 4.5].map((line) => [
      overUnder(line, "over"),
      overUnder(line, "under"),
    ]);

    expect(lines).toEqual([
      [
        { marketId: 2, selectionTypeId: 4 },
        { marketId: 2, selectionTypeId: 5 },
      ],
      [
        { marketId: 3, selectionTypeId: 6 },
        { marketId: 3, selectionTypeId: 7 },
      ],
      [
        { marketId: 4, selectionTypeId: 8 },
        { marketId: 4, selectionTypeId: 9 },
      ],
      [
        { marketId: 5, selectionTypeId: 10 },
        { marketId: 5, selectionTypeId: 11 },
      ],
      [
        { marketId: 6, selectionTypeId: 12 },
        { marketId: 6, selectionTypeId: 13 },
      ],
    ]);
  });

  it("ignores lines the product does not show and lines it cannot read", () => {
    expect([7.5, 2.25, 2.75, 0, "", "2.5x", undefined, null].map((line) => overUnder(line, "over"))).toEqual(
      Array(8).fill(undefined),
    );
  });
});

describe("a site's own placeholder ceiling", () => {
  it("keeps a real 1.01 and drops a closed 1 when the ceiling is 1 (Bet9ja)", () => {
    expect([priceAbove("1.01", 1), priceAbove("1", 1), priceAbove(1.01, 1.01)]).toEqual([1.01, undefined, undefined]);
  });
});

describe("kick-off times", () => {
  it("reads a naive date-time, with a space or a T, as UTC (Bet9ja's STARTDATE)", () => {
    expect(parseNaiveUtc("2026-09-20 16:30:00")).toEqual(new Date("2026-09-20T16:30:00Z"));
    expect(parseNaiveUtc("2026-01-10T00:30")).toEqual(new Date("2026-01-10T00:30:00Z"));
  });

  it("refuses naive text that is not a date and time", () => {
    expect([
      parseNaiveUtc("20/09/2026 16:30"),
      parseNaiveUtc("2026-09-20"),
      parseNaiveUtc("2026-13-40 10:00:00"),
    ]).toEqual([undefined, undefined, undefined]);
  });

  it("reads instants only with an explicit offset or Z", () => {
    expect(parseInstant("2026-09-19T15:00:00+01:00")).toEqual(new Date("2026-09-19T14:00:00Z"));
    expect(parseInstant("2026-09-19T14:00:00Z")).toEqual(new Date("2026-09-19T14:00:00Z"));
    expect(parseInstant("2026-09-19T14:00:00")).toBeUndefined();
    expect(parseInstant("tomorrow")).toBeUndefined();
  });

  it("counts a match as upcoming only before its kick-off", () => {
    const kickoff = new Date("2026-09-19T14:00:00Z");

    expect([
      isUpcoming(kickoff, new Date("2026-09-19T13:59:59Z")),
      isUpcoming(kickoff, kickoff),
      isUpcoming(kickoff, new Date("2026-09-19T14:00:01Z")),
    ]).toEqual([true, false, false]);
  });
});

describe("names and ids", () => {
  it("splits on the first spaced separator only", () => {
    expect(splitTeams("Saint-Etienne - Paris-SG", " - ")).toEqual({
      home: "Saint-Etienne",
      away: "Paris-SG",
    });
    expect(splitTeams("Brentford vs. Chelsea", " vs. ")).toEqual({ home: "Brentford", away: "Chelsea" });
    expect(splitTeams("Arsenal-Chelsea", " - ")).toBeUndefined();
    expect(splitTeams(" - Chelsea", " - ")).toBeUndefined();
  });

  it("accepts a Sportradar id in its sr:match:N form, and bare digits only where the site's field holds them", () => {
    expect([
      sportradarId("sr:match:61300001"),
      sportradarId("61300001"),
      sportradarId("fp32_ar:match:600052"),
      sportradarId(5),
    ]).toEqual(["sr:match:61300001", undefined, undefined, undefined]);
    const eightOrNine = /^\d{8,9}$/;
    expect([
      sportradarId("68995116", eightOrNine),
      sportradarId(68995116, eightOrNine),
      sportradarId("123456789", eightOrNine),
      sportradarId("1234567", eightOrNine),
      sportradarId("1234567890", eightOrNine),
      sportradarId("6899511x", eightOrNine),
    ]).toEqual(["sr:match:68995116", "sr:match:68995116", "sr:match:123456789", undefined, undefined, undefined]);
  });

  it("tells a challenge page (blocked), another HTML page, an empty body and broken JSON apart", () => {
    expect(parseJsonBody("<html><title>Access Denied</title></html>")).toEqual({
      ok: false,
      blocked: true,
      error: "blocked: answered a bot challenge page: <html><title>Access Denied</title></html>",
    });
    expect(parseJsonBody("<!DOCTYPE html><html><head><title>Just a moment...</title></head></html>")).toMatchObject({ blocked: true });
    expect(parseJsonBody("<html><title>502 Bad Gateway</title></html>")).toEqual({
      ok: false,
      error: "answered HTML instead of JSON (an error page?): <html><title>502 Bad Gateway</title></html>",
    });
    expect(parseJsonBody("  \n")).toEqual({ ok: false, error: "empty body" });
    expect(parseJsonBody('{"R":"OK"')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^body is not JSON/),
    });
    expect(parseJsonBody('{"R":"OK"}')).toEqual({ ok: true, value: { R: "OK" } });
  });
});

describe("a bookmaker's market ids", () => {
  const ids: MarketIds<number> = { fixed: { 1: { 1: SELECTIONS.home, 3: SELECTIONS.away } }, totals: 18, totalSides: { 12: "over", 13: "under" } };

  it("map a fixed market's odd to its product selection, and a totals odd to the Over/Under market of its line", () => {
    expect(selectionIn(ids, 1, 3, undefined)).toEqual(SELECTIONS.away);
    expect(selectionIn(ids, 18, 13, "2.5")).toEqual({ marketId: 4, selectionTypeId: 9 });
  });

  it("know nothing of other markets, other odds, or a totals line the product does not show", () => {
    expect(selectionIn(ids, 2, 1, undefined)).toBeUndefined();
    expect(selectionIn(ids, 1, 2, undefined)).toBeUndefined();
    expect(selectionIn(ids, 18, 14, "2.5")).toBeUndefined();
    expect(selectionIn(ids, 18, 12, "7.5")).toBeUndefined();
  });
});

describe("a book's line in goals (docs/design.md, Lines)", () => {
  it("reads totals, signed handicaps and Sportradar's home:away head starts, 0:1 being the home side's -1", () => {
    expect(["2.5", " 3.50", "-0.25", "+1", 0.75, "0:1", "1:0", "2:0", "0:3"].map(lineGoals)).toEqual([2.5, 3.5, -0.25, 1, 0.75, -1, 1, 2, -3]);
  });

  it("reads nothing else", () => {
    expect(["", "2.5x", "1:", ":1", "a:b", "total=2.5", "1.5:0", null, undefined, Number.NaN].map(lineGoals)).toEqual(Array(10).fill(undefined));
  });
});
