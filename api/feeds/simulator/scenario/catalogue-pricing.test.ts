import { describe, expect, it } from "vitest";
import { BOOKMAKER_KEYS, type BookmakerKey } from "../../types.ts";
import { catalogueKindsOf } from "./catalogue-kinds.ts";
import { marginPercent, MARGIN_PROFILES, type MarketKind } from "./margins.ts";
import { mirrored, quoteFixture, type ModelFixture, type QuotedMarket } from "./pricing.ts";

const START = Date.UTC(2026, 10, 24, 10, 0);
const SEED = 11;
const fixtures: ModelFixture[] = Array.from({ length: 60 }, (_, i) => ({
  serial: 500 + i,
  competitionId: 1 + (i % 4),
  home: { key: `h${i}`, strength: (i * 7) % 20 },
  away: { key: `a${i}`, strength: (i * 13) % 20 },
  listedByWorld: true,
}));
const quotes = (bk: BookmakerKey) => fixtures.flatMap((f) => quoteFixture(SEED, bk, f, START, undefined, { markets: "all" }) ?? []);
const kindsOf = (markets: QuotedMarket[]) => new Set(markets.map((m) => m.kind));
const LEGACY: MarketKind[] = ["1X2", "DC", "OU", "BTTS"];

describe("pricing the catalogue's other types (docs/design.md, Simulator)", () => {
  it("quotes a type only at the books markets.json gives ids for: 1UP and 2UP at SportyBet alone, NairaBet and 1xBet the four families", () => {
    expect(catalogueKindsOf("sportybet")).toEqual(["HOU", "AOU", "1HOU", "2HOU", "DNB", "1H1X2", "HTFT", "CS", "HCP", "AH", "HWEH", "AWEH", "1UP", "2UP"]);
    expect(catalogueKindsOf("bet9ja")).toEqual(["HOU", "AOU", "1HOU", "2HOU", "DNB", "1H1X2", "HTFT", "CS", "HCP", "AH", "HWEH", "AWEH"]);
    expect(catalogueKindsOf("betking")).toEqual(["HOU", "AOU", "HTFT", "CS", "HCP", "AH"]);
    for (const bk of BOOKMAKER_KEYS) expect([...kindsOf(quotes(bk))].sort()).toEqual([...LEGACY, ...catalogueKindsOf(bk)].sort());
  });

  it("quotes the four families alone unless asked for every type", () => {
    const main = quoteFixture(SEED, "sportybet", fixtures[0]!, START) ?? [];
    expect([...kindsOf(main)].sort()).toEqual([...LEGACY].sort());
    const all = quoteFixture(SEED, "sportybet", fixtures[0]!, START, undefined, { markets: "all" }) ?? [];
    expect(all.slice(0, main.length)).toEqual(main);
  });

  it("loads margins as real books do: 15-30 % on correct score and HT/FT, 6-9 % on team and half totals, 4-6 % on Asian lines, 1xBet's lowest", () => {
    const within = (bk: BookmakerKey, kind: MarketKind, low: number, high: number) => {
      const open = quotes(bk).filter((m) => m.kind === kind && !m.suspended);
      expect(open.length, `${bk} ${kind}`).toBeGreaterThan(10);
      const margins = open.map((m) => marginPercent(m.prices));
      const mean = margins.reduce((s, v) => s + v, 0) / margins.length;
      expect(mean, `${bk} ${kind}`).toBeGreaterThanOrEqual(low);
      expect(mean, `${bk} ${kind}`).toBeLessThanOrEqual(high);
      return mean;
    };
    for (const bk of ["sportybet", "bet9ja", "betking"] as const) {
      within(bk, "CS", 15, 31);
      within(bk, "HTFT", 15, 31);
      within(bk, "HOU", 5.5, 9.5);
      within(bk, "AOU", 5.5, 9.5);
      within(bk, "AH", 3.5, 6.5);
      within(bk, "HCP", 6, 10);
    }
    for (const bk of ["sportybet", "bet9ja"] as const) {
      within(bk, "1HOU", 5.5, 9.5);
      within(bk, "2HOU", 5.5, 9.5);
      within(bk, "DNB", 4, 7.5);
    }
    for (const kind of ["HTFT", "CS", "AH", "HOU"] as const) expect(MARGIN_PROFILES["1xbet"].margins[kind]).toBeLessThan(MARGIN_PROFILES.sportybet.margins[kind]);
    // 1UP and 2UP's selections overlap: their prices' implied sum is above 1 by more than the margin.
    for (const m of quotes("sportybet").filter((q) => q.kind === "1UP" && !q.suspended)) expect(marginPercent(m.prices)).toBeGreaterThan(15);
  });

  it("prices 1UP's home shorter than the 1X2 home, at the same book, on every fixture", () => {
    for (const f of fixtures) {
      const markets = quoteFixture(SEED, "sportybet", f, START, undefined, { markets: "all" }) ?? [];
      const oneXTwo = markets.find((m) => m.kind === "1X2");
      const up = markets.find((m) => m.kind === "1UP");
      if (oneXTwo && up) expect(up.prices[0]!).toBeLessThan(oneXTwo.prices[0]!);
    }
  });

  it("leaves realistic gaps: outer lines missing at some books on some fixtures, no quarter Asian lines at BetKing, lopsided Asian lines not hung", () => {
    const lines = (bk: BookmakerKey, kind: MarketKind) => quotes(bk).filter((m) => m.kind === kind).map((m) => m.line);
    const count = (values: (number | null)[], line: number) => values.filter((l) => l === line).length;
    expect(count(lines("betking", "HOU"), 2.5)).toBeLessThan(count(lines("betking", "HOU"), 0.5));
    expect(count(lines("betking", "HCP"), -2)).toBeLessThan(count(lines("sportybet", "HCP"), -2));
    expect(lines("betking", "AH").every((line) => Number.isInteger((line ?? 0) * 2))).toBe(true);
    expect(lines("sportybet", "AH").some((line) => !Number.isInteger((line ?? 0) * 2))).toBe(true);
    // Each fixture hangs only some of the 21 Asian lines.
    const perFixture = fixtures.map((f) => (quoteFixture(SEED, "sportybet", f, START, undefined, { markets: "all" }) ?? []).filter((m) => m.kind === "AH").length);
    expect(Math.max(...perFixture)).toBeLessThan(21);
    expect(Math.min(...perFixture)).toBeGreaterThan(3);
  });

  it("gives every market of every type the same prices for the same seed and instant", () => {
    expect(quoteFixture(SEED, "bet9ja", fixtures[3]!, START, undefined, { markets: "all" })).toEqual(quoteFixture(SEED, "bet9ja", fixtures[3]!, START, undefined, { markets: "all" }));
  });

  it("mirrors each market for a book listing the sides the other way round", () => {
    const m = (kind: MarketKind, line: number | null, prices: number[]): QuotedMarket => ({ kind, line, prices, suspended: false, boosted: false });
    expect(mirrored(m("HOU", 1.5, [1.5, 2.5]))).toEqual(m("AOU", 1.5, [1.5, 2.5]));
    expect(mirrored(m("HWEH", null, [1.5, 2.5]))).toEqual(m("AWEH", null, [1.5, 2.5]));
    expect(mirrored(m("1HOU", 0.5, [1.3, 3.2]))).toEqual(m("1HOU", 0.5, [1.3, 3.2]));
    expect(mirrored(m("HCP", -1, [3, 3.5, 1.9]))).toEqual(m("HCP", 1, [1.9, 3.5, 3]));
    expect(mirrored(m("AH", -0.25, [1.8, 2]))).toEqual(m("AH", 0.25, [2, 1.8]));
    expect(mirrored(m("HTFT", null, [1, 2, 3, 4, 5, 6, 7, 8, 9]))).toEqual(m("HTFT", null, [9, 8, 7, 6, 5, 4, 3, 2, 1]));
    // Correct score: 0:0, 0:1 ... 4:4, other; 2:1 (index 11) becomes 1:2 (index 7).
    const scores = Array.from({ length: 26 }, (_, i) => i + 1);
    const flipped = mirrored(m("CS", null, scores)).prices;
    expect(flipped[7]).toBe(12);
    expect(flipped[11]).toBe(8);
    expect(flipped[0]).toBe(1);
    expect(flipped[25]).toBe(26);
    expect(mirrored(m("1X2", null, [1, 2, 3])).prices).toEqual([3, 2, 1]);
    expect(mirrored(m("OU", 2.5, [1, 2])).prices).toEqual([1, 2]);
  });
});
