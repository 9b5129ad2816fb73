import { describe, expect, it } from "vitest";
import { settleSelection } from "#shared/math/settlement.ts";
import { isLeagueName } from "../feeds/bookmakers/leagues.ts";
import { referenceGroup } from "#shared/market-groups.ts";
import { CATALOGUE_FILES, CatalogueFileError, parseCatalogueFiles, type RawCatalogueFiles } from "./files.ts";

type Json = Record<string, unknown> & { [key: string]: any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- the tests edit the files' JSON freely

/** The build's files with one of them edited (a deep copy: the build's own stay as they are). */
function edited(file: keyof RawCatalogueFiles, edit: (json: Json) => void): RawCatalogueFiles {
  const copy = structuredClone(CATALOGUE_FILES[file]) as Json;
  edit(copy);
  return { ...CATALOGUE_FILES, [file]: copy };
}

function refusal(files: RawCatalogueFiles): string {
  try {
    parseCatalogueFiles(files);
  } catch (error) {
    expect(error).toBeInstanceOf(CatalogueFileError);
    return (error as Error).message;
  }
  throw new Error("the files were accepted");
}

describe("the catalogue's files", () => {
  const files = parseCatalogueFiles(CATALOGUE_FILES);

  it("pass their schemas as the build carries them", () => {
    expect(files.competitions.competitions.map((c) => c.id)).toEqual([1, 2, 3, 4]);
    // Markets 1-8 keep their ids; the compared types beyond them follow from 9 (docs/design.md, Competition and market ids).
    expect(files.markets.types.flatMap((t) => t.markets.map((m) => m.id)).sort((a, b) => a - b)).toEqual(Array.from({ length: 54 }, (_, i) => i + 1));
  });

  it("give the compared types their hand-given market ids, lines and shapes (docs/design.md, Market catalogue and Lines)", () => {
    const types = new Map(files.markets.types.map((t) => [t.key, t]));
    const lines = (key: string) => types.get(key)!.markets.map((m) => m.line);
    expect([...types.values()].sort((a, b) => a.rank - b.rank).map((t) => t.key)).toEqual([
      "ft-1x2", "ft-total", "ft-home-total", "ft-away-total", "1h-total", "2h-total", "ft-btts", "ft-double-chance", "ft-draw-no-bet",
      "1h-1x2", "ht-ft", "ft-correct-score", "ft-handicap", "ft-asian-handicap", "ft-home-win-either-half", "ft-away-win-either-half", "ft-1up", "ft-2up",
    ]);
    expect(lines("ft-total")).toEqual([0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5]);
    expect([lines("ft-home-total"), lines("1h-total"), lines("2h-total"), lines("ft-handicap")]).toEqual([[0.5, 1.5, 2.5], [0.5, 1.5, 2.5], [0.5, 1.5], [-2, -1, 1, 2]]);
    expect(lines("ft-asian-handicap")).toEqual(Array.from({ length: 21 }, (_, i) => -2.5 + i / 4));
    expect(types.get("ft-correct-score")!.markets[0]!.selections.map((s) => s.outcome)).toEqual([...Array.from({ length: 25 }, (_, i) => `${Math.floor(i / 5)}:${i % 5}`), "other"]);
    expect(types.get("ft-total")!.markets.slice(-2)).toMatchObject([
      { id: 9, code: "OU5.5", selections: [{ id: 19 }, { id: 20 }] },
      // A line Bet9ja quotes beyond the 0.5-5.5 (docs/design.md, Lines): a market of its own, ids after the rest.
      { id: 54, code: "OU6.5", selections: [{ id: 147, outcome: "over" }, { id: 148, outcome: "under" }] },
    ]);
    expect(["ft-draw-no-bet", "ft-correct-score", "ft-1up", "ft-2up"].map((key) => types.get(key)!.markets[0]!.id)).toEqual([21, 24, 52, 53]);
    // Exclusive: one selection wins, none is void, so sure and value bets may take it; Draw No Bet, Asian lines and 1UP/2UP are not.
    expect([...types.values()].filter((t) => !t.exclusive).map((t) => t.key)).toEqual(["ft-double-chance", "ft-draw-no-bet", "ft-asian-handicap", "ft-1up", "ft-2up"]);
  });

  it("put each type in one of the picker's five groups as bettors think of them (docs/design.md, Market groups)", () => {
    const byGroup = (group: string) => files.markets.types.filter((t) => t.group === group).map((t) => t.key);
    expect(byGroup("main")).toEqual(["ft-1x2", "ft-btts", "ft-double-chance", "ft-draw-no-bet"]);
    expect(byGroup("goals")).toEqual(["ft-total"]);
    expect(byGroup("halves")).toEqual(["1h-total", "2h-total", "1h-1x2", "ht-ft"]);
    expect(byGroup("teams")).toEqual(["ft-home-total", "ft-away-total", "ft-home-win-either-half", "ft-away-win-either-half"]);
    expect(byGroup("specials")).toEqual(["ft-correct-score", "ft-handicap", "ft-asian-handicap", "ft-1up", "ft-2up"]);
    // The eight's groups as the browser knows them without an answer agree with the file.
    for (const type of files.markets.types) for (const market of type.markets) if (market.id <= 8) expect(referenceGroup(market.id), market.code).toBe(type.group);
  });

  it("refuse a type without a group, or with one outside the five", () => {
    expect(refusal(edited("markets", (json) => delete json.types[0].group)).includes("types.0.group")).toBe(true);
    expect(refusal(edited("markets", (json) => (json.types[1].group = "totals")))).toContain("types.1.group");
  });

  it("map 1UP and 2UP at SportyBet only, as book-only types settled by hand", () => {
    const bookOnly = files.markets.types.filter((t) => t.bookOnly !== null);
    expect(bookOnly.map((t) => [t.key, t.bookOnly, t.settle.rule, t.books.map((b) => `${b.bookmaker} ${b.market}`)])).toEqual([
      ["ft-1up", "sportybet", "by-hand", ["sportybet 60200"]],
      ["ft-2up", "sportybet", "by-hand", ["sportybet 60100"]],
    ]);
  });

  it("hold every FIFA member as a country under its confederation, the six confederations and World (docs/design.md, Regions)", () => {
    const regions = files.regions.regions;
    const count = (kind: string) => regions.filter((r) => r.kind === kind).length;
    expect([count("country"), count("area"), count("world")]).toEqual([211, 6, 1]);
    const members = (parent: string) => regions.filter((r) => r.kind === "country" && r.parent === parent).length;
    expect(["UEFA", "CAF", "AFC", "CONMEBOL", "CONCACAF", "OFC"].map(members)).toEqual([55, 54, 46, 10, 35, 11]);
    expect(regions.find((r) => r.code === "NGA")).toMatchObject({ name: "Nigeria", zone: "Africa/Lagos", parent: "CAF" });
  });

  it("seed each league with names the adapters' league check accepts (api/feeds/bookmakers/leagues.ts)", () => {
    for (const competition of files.competitions.competitions) {
      for (const alias of competition.aliases) expect(isLeagueName(competition.id, alias), `${competition.key}: ${alias}`).toBe(true);
      for (const [bookmaker, book] of Object.entries(competition.books)) {
        expect(isLeagueName(competition.id, book!.name, book!.region ?? undefined), `${competition.key} at ${bookmaker}: ${book!.name}`).toBe(true);
      }
    }
  });

  it("give outcomes the settlement reads: each selection settles from a score, and an exclusive type's market without a whole or quarter line has one winner, none void (docs/design.md, Settlement rules)", () => {
    const scores = [["2:1", "1:0"], ["0:0", "0:0"], ["1:3", "1:1"]].map(([fullTime, halfTime]) => {
      const score = (text: string) => ({ home: Number(text.split(":")[0]), away: Number(text.split(":")[1]) });
      return { status: "finished" as const, fullTime: score(fullTime!), halfTime: score(halfTime!) };
    });
    // Whole and quarter lines can be void or half whatever the type (docs/design.md, Market catalogue: ".5 totals").
    const halfGoalOrNone = (line: number | null) => line === null || (Number.isInteger(line * 2) && !Number.isInteger(line));
    for (const type of files.markets.types) {
      for (const market of type.markets) {
        const outcomes = market.selections.map((s) => s.outcome);
        for (const match of scores) {
          const results = outcomes.map((outcome) => {
            const settled = settleSelection({ settle: type.settle, lineKind: type.lineKind, line: market.line, outcomes }, outcome, match);
            return settled.settled ? settled.outcome : settled.reason;
          });
          const at = `${market.code} at ${match.fullTime.home}:${match.fullTime.away}: ${results.join(", ")}`;
          if (type.settle.rule === "by-hand") expect(results.every((r) => r === "by-hand"), at).toBe(true);
          else if (type.exclusive && halfGoalOrNone(market.line)) expect(results.toSorted(), at).toEqual([...outcomes.slice(1).map(() => "lost"), "won"].toSorted());
          else for (const r of results) expect(["won", "lost", "void", "half-won", "half-lost"], at).toContain(r);
        }
      }
    }
  });

  it("refuse a settlement rule outside the closed set, naming the file and the place", () => {
    const message = refusal(edited("markets", (json) => (json.types[0].settle = { rule: "first-goal", period: "FT" })));
    expect(message).toMatch(/^api\/catalogue\/data\/markets\.json is not a valid catalogue file: types\.0\.settle\.rule: /);
  });

  it("refuse a rule that cannot settle its type's lines", () => {
    const message = refusal(edited("markets", (json) => (json.types[1].settle = { rule: "both-score", period: "FT" })));
    expect(message).toContain('types.1.settle.rule: rule "both-score" does not settle a type of line kind "total"');
  });

  it("refuse a selection id given twice", () => {
    const message = refusal(edited("markets", (json) => (json.types[2].markets[0].selections[1].id = 4)));
    expect(message).toContain("types.2.markets.0.selections.1.id: selection id 4 is given twice (first at types.1.markets.0.selections.0.id)");
  });

  it("refuse a hand-given market id in the learnt range", () => {
    const message = refusal(edited("markets", (json) => (json.types[0].markets[0].id = 100_000)));
    expect(message).toContain("types.0.markets.0.id: ");
  });

  it("refuse a line on a type without lines, and a market of a lined type without one", () => {
    expect(refusal(edited("markets", (json) => (json.types[0].markets[0].line = 1.5)))).toContain("types.0.markets.0.line: a type without lines has markets without a line");
    expect(refusal(edited("markets", (json) => (json.types[1].markets[2].line = null)))).toContain("types.1.markets.2.line: each market of a lined type has its line");
  });

  it("refuse a book outcome given for two selections", () => {
    const message = refusal(
      edited("markets", (json) => {
        json.types[3].books[2].market = "1";
        json.types[3].books[2].outcomes = { "1": "home-draw", "10": "home-away", "11": "draw-away" };
      }),
    );
    expect(message).toContain("types.3.books.2.outcomes.1: sportybet outcome 1/1 is given twice (first at types.0.books.2.outcomes.1)");
  });

  it("refuse a competition in a region the regions file lacks", () => {
    const message = refusal(edited("competitions", (json) => (json.competitions[0].region = "XYZ")));
    expect(message).toBe("api/catalogue/data/competitions.json is not a valid catalogue file: competitions.0.region: XYZ is not a region of regions.json");
  });

  it("refuse a book id given to two competitions, and a Sportradar tournament that is not the book's", () => {
    expect(refusal(edited("competitions", (json) => (json.competitions[1].books.bet9ja.id = "170880")))).toContain("competitions.1.books.bet9ja.id: bet9ja id 170880 is given twice");
    expect(refusal(edited("competitions", (json) => (json.competitions[0].srTournament = "18")))).toContain(
      "competitions.0.srTournament: 18 is not SportyBet's sr:tournament:17",
    );
  });

  it("refuse a region whose time zone is not an IANA zone, or whose parent is no area", () => {
    const zone = refusal(edited("regions", (json) => (json.regions.find((r: Json) => r.code === "NGA").zone = "WAT")));
    expect(zone).toMatch(/^api\/catalogue\/data\/regions\.json is not a valid catalogue file: regions\.\d+\.zone: not an IANA time zone$/);
    const parent = refusal(edited("regions", (json) => (json.regions.find((r: Json) => r.code === "NGA").parent = "ENG")));
    expect(parent).toMatch(/regions\.\d+\.parent: parent ENG is not an area of this file/);
  });
});
