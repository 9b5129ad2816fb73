import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SIM_CLUBS } from "../clubs.ts";
import { loadBoardWorld, WORLD_DATA_DIR } from "./load-world.ts";
import type { WorldCompetition } from "./world-schema.ts";

const world = loadBoardWorld();
const named = (c: WorldCompetition, book: "sportybet" | "bet9ja" | "betking" | "nairabet" | "1xbet"): string | undefined =>
  c.books[book]?.name;

describe("the simulated world's data files", () => {
  it("hold at least 120 competitions in every group of the design's table", () => {
    expect(world.competitions.length).toBeGreaterThanOrEqual(120);
    const groups = new Set(world.competitions.map((c) => c.group));
    for (const g of ["four-leagues", "europe-top", "europe-lower", "continental-cups", "midweek", "americas", "africa-asia", "women-youth", "friendlies"]) {
      expect(groups).toContain(g);
    }
    const keys = world.competitions.map((c) => c.key);
    for (const key of ["UEFA/champions-league", "UEFA/europa-league", "UEFA/conference-league", "FRA/ligue-1", "NED/eredivisie", "POR/primeira-liga", "ENG/championship", "TUR/super-lig", "SCO/premiership", "BEL/pro-league", "USA/mls", "KSA/pro-league", "BRA/serie-a-brazil", "ARG/liga-profesional", "NGA/npfl", "WLD/club-friendlies"]) {
      expect(keys).toContain(key);
    }
  });

  it("keeps the four leagues' clubs and spellings as the four-league world has them", () => {
    for (const sim of SIM_CLUBS) {
      const region = ["ENG", "ESP", "ITA", "GER"][sim.competitionId - 1];
      const club = world.clubs.get(`${region}/${sim.key}`);
      expect(club?.name).toBe(sim.name);
      for (const [book, name] of Object.entries(sim.names)) {
        expect(club?.names?.[book as keyof typeof sim.names] ?? club?.name).toBe(name);
      }
    }
  });

  it("gives SportyBet's Sportradar ids from the design's tables", () => {
    const sr = (key: string): string | undefined => world.competitions.find((c) => c.key === key)?.books.sportybet?.id;
    expect(sr("ENG/premier-league")).toBe("sr:tournament:17");
    expect(sr("UEFA/champions-league")).toBe("sr:tournament:7");
    expect(sr("UEFA/conference-league")).toBe("sr:tournament:34480");
    expect(sr("SCO/premiership")).toBe("sr:tournament:36");
    expect(sr("WLD/club-friendlies")).toBe("sr:tournament:853");
  });

  it("spells clubs each book's way: long forms, short forms, Man., accents", () => {
    const clubs = [...world.clubs.values()];
    const differs = (book: "sportybet" | "bet9ja" | "betking" | "nairabet" | "1xbet"): number =>
      clubs.filter((c) => c.names?.[book] !== undefined && c.names[book] !== c.name).length;
    expect(differs("sportybet")).toBeGreaterThan(500);
    expect(differs("bet9ja")).toBeGreaterThan(500);
    expect(world.clubs.get("ENG/man-utd")?.names?.betking).toBe("Man. United");
    expect(world.clubs.get("TUR/fenerbahce")?.names?.bet9ja).toBe("Fenerbahce");
    const accented = clubs.filter((c) => /[^\x20-\x7e]/.test(c.name) && (c.names?.nairabet ?? c.name) === c.name);
    expect(accented.length).toBeGreaterThan(100);
    for (const c of accented) expect(c.names?.sportybet ?? "").toMatch(/^[\x20-\x7e]+$/);
  });

  it("names competitions per book, with 1xBet's country prefix and colliding names across regions", () => {
    const epl = world.competitions.find((c) => c.key === "ENG/premier-league") as WorldCompetition;
    expect(named(epl, "1xbet")).toBe("England. Premier League");
    const premierLeagues = world.competitions.filter((c) => named(c, "bet9ja") === "Premier League");
    expect(new Set(premierLeagues.map((c) => c.region)).size).toBeGreaterThanOrEqual(4);
    const serieA = world.competitions.filter((c) => named(c, "bet9ja") === "Serie A").map((c) => c.region);
    expect(serieA).toEqual(expect.arrayContaining(["ITA", "BRA"]));
  });

  it("has a competition only one book lists and a Bet9ja group id reused on odd weeks", () => {
    const single = world.competitions.filter((c) => Object.values(c.books).filter(Boolean).length === 1);
    expect(single.length).toBeGreaterThanOrEqual(1);
    const reused = world.competitions.filter((c) => c.books.bet9ja?.idOnOddWeeks !== undefined);
    const [first, second] = reused;
    expect(second?.books.bet9ja?.idOnOddWeeks).toBe(first?.books.bet9ja?.id);
  });

  it("keeps every data file under 300 KB", () => {
    expect(readFileSync(join(WORLD_DATA_DIR, "world.json")).length).toBeLessThan(300_000);
  });
});

describe("loading the world", () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  function editedCopy(edit: (world: { competitions: { key: string; clubs: string[]; books: Record<string, unknown> }[] }) => void): string {
    dir = mkdtempSync(join(tmpdir(), "sim-world-"));
    cpSync(WORLD_DATA_DIR, dir, { recursive: true });
    const file = join(dir, "world.json");
    const parsed = JSON.parse(readFileSync(file, "utf8"));
    edit(parsed);
    writeFileSync(file, JSON.stringify(parsed));
    return dir;
  }

  it("refuses a competition naming a club no clubs file holds", () => {
    const copy = editedCopy((w) => w.competitions[0]?.clubs.splice(0, 1, "ENG/no-such-club"));
    expect(() => loadBoardWorld(copy)).toThrow("unknown club ENG/no-such-club");
  });

  it("refuses one book id for two competitions", () => {
    const copy = editedCopy((w) => {
      const [a, b] = w.competitions;
      if (a && b) b.books.sportybet = a.books.sportybet;
    });
    expect(() => loadBoardWorld(copy)).toThrow(/sportybet id sr:tournament:17 names both/);
  });

  it("refuses a field the schema does not know, naming where", () => {
    const copy = editedCopy((w) => Object.assign(w.competitions[3] ?? {}, { colour: "red" }));
    expect(() => loadBoardWorld(copy)).toThrow(/colour/);
  });
});
