import { describe, expect, it } from "vitest";
import { WEEK_MS } from "../scenario/schedule.ts";
import { BoardSource } from "./board-source.ts";

const FRIDAY = Date.UTC(2026, 10, 27, 6);

describe("the board as the sites price it", () => {
  it("prices a neutral final the way round each book lists it: the stronger club is the favourite on its own side", () => {
    const source = new BoardSource(42);
    const finals = [0, 1, 2, 3, 4, 5, 6, 7]
      .flatMap((w) => source.upcoming(FRIDAY + w * WEEK_MS))
      .filter((f) => f.neutral && f.neutral.reversedAt.length > 0 && Math.abs(f.home.strength - f.away.strength) >= 8);
    const final = finals[0];
    if (!final?.neutral) throw new Error("no final between unequal clubs that a book lists the other way round");
    const t = final.kickoff - 3_600_000;
    const reversedBook = final.neutral.reversedAt[0] ?? "bet9ja";
    const straightBook = (["sportybet", "bet9ja", "betking", "nairabet", "1xbet"] as const).find(
      (b) => !final.neutral?.reversedAt.includes(b) && final.competition.books[b],
    );
    if (!straightBook) throw new Error("every book lists the final the other way round");
    const priced = (book: typeof reversedBook) => {
      const listed = source.listed(book, t).find((l) => l.fixture.serial === final.serial);
      if (!listed) throw new Error(`${book} does not list the final`);
      return { listed, oneXTwo: source.price(book, listed, t).markets.find((m) => m.kind === "1X2")?.prices ?? [] };
    };
    const straight = priced(straightBook);
    const reversed = priced(reversedBook);
    expect(reversed.listed.home).toBe(final.away);
    const favouriteAtHome = final.home.strength > final.away.strength;
    expect((straight.oneXTwo[0] ?? 0) < (straight.oneXTwo[2] ?? 0)).toBe(favouriteAtHome);
    expect((reversed.oneXTwo[2] ?? 0) < (reversed.oneXTwo[0] ?? 0)).toBe(favouriteAtHome);
  });
});
