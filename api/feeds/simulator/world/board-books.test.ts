import { describe, expect, it } from "vitest";
import { bookCompetition, bookListing, bookTeams } from "./board-books.ts";
import { weekBoard, weekOf } from "./board-schedule.ts";
import { boardWorld } from "./load-world.ts";

const SEED = 42;
const WEEK = weekOf(Date.UTC(2026, 10, 27));
const world = boardWorld();
const competition = (key: string) => world.competitions.find((c) => c.key === key);

describe("a board fixture as each book shows it", () => {
  it("lists a Bet9ja group under another league on odd weeks, and the first league elsewhere", () => {
    const serieC = competition("ITA/serie-c-girone-b");
    const federacion = competition("ESP/primera-federacion-grupo-2");
    if (!serieC || !federacion) throw new Error("the trap's competitions are missing");
    const even = WEEK % 2 === 0 ? WEEK : WEEK + 1;
    expect(bookCompetition(serieC, "bet9ja", even)?.id).toBe(serieC.books.bet9ja?.id);
    expect(bookCompetition(federacion, "bet9ja", even + 1)?.id).toBe(serieC.books.bet9ja?.id);
    expect(bookCompetition(serieC, "bet9ja", even + 1)?.id).not.toBe(serieC.books.bet9ja?.id);
    expect(bookCompetition(serieC, "sportybet", even + 1)?.id).toBe(serieC.books.sportybet?.id);
  });

  it("spells teams the book's way and reverses a neutral final where the cup says", () => {
    const finals = [0, 1, 2, 3].flatMap((i) => weekBoard(SEED, WEEK + i)).filter((f) => f.neutral);
    expect(finals.length).toBeGreaterThan(0);
    for (const f of finals) {
      for (const book of ["sportybet", "bet9ja", "betking", "nairabet", "1xbet"] as const) {
        const [home, away] = bookTeams(f, book);
        const reversed = f.neutral?.reversedAt.includes(book);
        expect(reversed ? away : home).toBe(f.home.names?.[book] ?? f.home.name);
      }
    }
    const derby = weekBoard(SEED, WEEK).find((f) => f.home.ref === "ENG/man-utd" || f.away.ref === "ENG/man-utd");
    expect(derby && bookTeams(derby, "betking").join(" v ")).toContain("Man. United");
  });

  it("leaves out the fixtures of competitions a book does not list", () => {
    const fixtures = weekBoard(SEED, WEEK);
    const only1xbet = fixtures.filter((f) => f.competition.key === "VIE/v-league-1");
    expect(only1xbet.length).toBeGreaterThan(0);
    expect(bookListing(only1xbet, "1xbet")).toHaveLength(only1xbet.length);
    for (const book of ["sportybet", "bet9ja", "betking", "nairabet"] as const) expect(bookListing(only1xbet, book)).toHaveLength(0);
  });
});
