import { describe, expect, it } from "vitest";
import { feedCatalogue } from "../bookmakers/feed-catalogue.ts";
import { bet9jaOddsKey, bookIdsOf, sportradarSpecifier } from "./book-ids.ts";

describe("our selection as a book ids it", () => {
  it("takes the book's market and outcome ids and the market's line from the catalogue", () => {
    expect(bookIdsOf("sportybet", 14, 30)).toEqual({ ok: true, ids: { market: "20", outcome: "13", line: 1.5, lineKind: "total" } });
    expect(bookIdsOf("bet9ja", 14, 30)).toEqual({ ok: true, ids: { market: "S_HAOU", outcome: "UA", line: 1.5, lineKind: "total" } });
    expect(bookIdsOf("betking", 26, 86)).toEqual({ ok: true, ids: { market: "342", outcome: "1714", line: -1, lineKind: "handicap" } });
    expect(bookIdsOf("sportybet", 52, 143)).toEqual({ ok: true, ids: { market: "60200", outcome: "3", line: null, lineKind: "none" } });
  });

  it("says why a selection has no ids: another book's book-only market, a market the book does not quote, ids that do not go together", () => {
    expect(bookIdsOf("bet9ja", 52, 141)).toEqual({ ok: false, problem: { kind: "book-only", bookmaker: 3 } });
    expect(bookIdsOf("betking", 21, 43)).toEqual({ ok: false, problem: { kind: "unquoted" } });
    expect(bookIdsOf("sportybet", 10, 8)).toEqual({ ok: false, problem: { kind: "unquoted" } });
    expect(bookIdsOf("sportybet", 999, 1)).toEqual({ ok: false, problem: { kind: "unquoted" } });
    const catalogue = feedCatalogue();
    const retired = { ...catalogue, markets: new Map([...catalogue.markets].map(([id, m]) => [id, id === 10 ? { ...m, retired: true } : m])) };
    expect(bookIdsOf("sportybet", 10, 21, retired)).toEqual({ ok: false, problem: { kind: "unquoted" } });
  });

  it("spells lines in Sportradar's specifiers: totals, 3-way head starts home:away, Asian goals added to home", () => {
    expect(sportradarSpecifier({ line: 2.5, lineKind: "total" })).toBe("total=2.5");
    expect(sportradarSpecifier({ line: -1, lineKind: "handicap" })).toBe("hcp=0:1");
    expect(sportradarSpecifier({ line: 2, lineKind: "handicap" })).toBe("hcp=2:0");
    expect(sportradarSpecifier({ line: -0.25, lineKind: "asian" })).toBe("hcp=-0.25");
    expect(sportradarSpecifier({ line: 0.5, lineKind: "asian" })).toBe("hcp=0.5");
    expect(sportradarSpecifier({ line: -0, lineKind: "asian" })).toBe("hcp=0");
    expect(sportradarSpecifier({ line: null, lineKind: "none" })).toBe("");
  });

  it("spells Bet9ja's odds keys with the line after @", () => {
    expect(bet9jaOddsKey({ market: "S_OU", outcome: "O", line: 2.5, lineKind: "total" })).toBe("S_OU@2.5_O");
    expect(bet9jaOddsKey({ market: "S_1X2HND", outcome: "1H", line: -1, lineKind: "handicap" })).toBe("S_1X2HND@-1_1H");
    expect(bet9jaOddsKey({ market: "S_AH", outcome: "2", line: 0.75, lineKind: "asian" })).toBe("S_AH@0.75_2");
    expect(bet9jaOddsKey({ market: "S_HTFT", outcome: "1/X", line: null, lineKind: "none" })).toBe("S_HTFT_1/X");
  });
});
