import { describe, expect, it } from "vitest";
import type { BookBoard, ListedCompetition, ListedFixture } from "../../catalogue/board-listing.ts";
import type { BookmakerKey } from "../types.ts";
import { joinBoard, type BoardJoinInput, type JoinedFixture } from "./board-join.ts";
import { zonedMatchday } from "./board-matchday.ts";
import { TeamSpellings } from "./board-spellings.ts";

/** Saturday 28 November 2026, 15:00 UTC. */
const SAT = Date.UTC(2026, 10, 28, 15);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Listed = [home: string, away: string, kickoff: number, extra?: Partial<ListedFixture>];

/** One book's board: competitions by id, each with its fixtures. */
function board(bookmaker: BookmakerKey, competitions: Record<string, Listed[]>): BookBoard {
  return {
    bookmaker,
    competitions: Object.entries(competitions).map(([bookId, fixtures]) => ({
      bookId,
      name: `League ${bookId}`,
      country: null,
      upcoming: fixtures.length,
      fixtures: fixtures.map(([home, away, kickoff, extra]) => ({ home, away, kickoff, ...extra })),
    })),
  };
}

/** Every book's competition "A..." is our 10,000, "B..." our 10,001, "EPL" our 1 (the Premier League); others wait. */
const competitionOf = (_book: BookmakerKey, c: Omit<ListedCompetition, "fixtures">) =>
  c.bookId.startsWith("A") ? 10_000 : c.bookId.startsWith("B") ? 10_001 : c.bookId === "EPL" ? 1 : undefined;

const join = (boards: BookBoard[], more: Partial<BoardJoinInput> = {}) => joinBoard({ boards, competitionOf, ...more });
const sr = (n: number, teamIds?: [string, string]): Partial<ListedFixture> => ({ srMatch: String(n), ...(teamIds ? { teamIds } : {}) });
const books = (f: JoinedFixture | undefined) => f?.members.map((m) => `${m.listing.bookmaker}${m.swapped ? " reversed" : ""}`);
const holding = (fixtures: readonly JoinedFixture[], book: BookmakerKey, home: string) => fixtures.find((f) => f.members.some((m) => m.listing.bookmaker === book && m.listing.fixture.home === home));

describe("joining the board's listings (docs/design.md, Matching the whole board)", () => {
  it("joins by the Sportradar id whatever the names say, and keeps the id's fixture", () => {
    const { fixtures } = join([
      board("sportybet", { A1: [["Young Africans SC", "Simba SC", SAT, sr(7001)]] }),
      board("bet9ja", { A9: [["Yanga", "Simba", SAT, sr(7001)]] }),
      board("betking", { A5: [["Young Africans", "Simba", SAT + HOUR, sr(7001)]] }),
    ]);
    expect(fixtures).toHaveLength(1);
    expect(books(fixtures[0])).toEqual(["bet9ja", "betking", "sportybet"]);
    expect(fixtures[0]).toMatchObject({ competitionId: 10_000, srMatch: "7001", kickoff: SAT });
  });

  it("joins a fixture no book gives a Sportradar id, at NairaBet and 1xBet, by its names", () => {
    const { fixtures, unjoined } = join([
      board("nairabet", { A2: [["Polokwane City", "Magesi FC", SAT]] }),
      board("1xbet", { A3: [["Polokwane City FC", "Magesi", SAT + HOUR]] }),
    ]);
    expect(fixtures.map(books)).toEqual([["nairabet", "1xbet"]]);
    expect(unjoined).toEqual([]);
  });

  it("leaves a listing whose names fit two fixtures alike unjoined, reported, never guessed: two clubs called Nacional, each against a Libertad, in one slot of the club friendlies", () => {
    const { fixtures, unjoined } = join([
      board("sportybet", { A1: [["Nacional", "Libertad", SAT, sr(7101)], ["CD Nacional", "Libertad FC", SAT + HOUR, sr(7102)]] }),
      board("1xbet", { A3: [["Nacional", "Libertad", SAT + HOUR / 2]] }),
    ]);
    expect(fixtures.map(books)).toEqual([["sportybet"], ["sportybet"]]);
    expect(unjoined).toMatchObject([{ reason: "ambiguous", listing: { bookmaker: "1xbet" } }]);
    expect(unjoined[0]?.detail).toBe("fits both Nacional v Libertad (1.00) and CD Nacional v Libertad FC (1.00)");
  });

  it("joins the listing whose names are clearly closer when two fixtures of the slot fit", () => {
    const { fixtures, unjoined } = join([
      board("sportybet", { A1: [["Dynamo Kyiv", "Torpedo Kutaisi", SAT, sr(7111)], ["Dynamo Kiev", "Torpedo Kutais", SAT + HOUR, sr(7112)]] }),
      board("1xbet", { A3: [["Dynamo Kyiv", "Torpedo Kutaisi", SAT + HOUR / 2]] }),
    ]);
    expect(holding(fixtures, "1xbet", "Dynamo Kyiv")?.srMatch).toBe("7111");
    expect(unjoined).toEqual([]);
  });

  it("keeps a listing whose names fit nothing a fixture of its own", () => {
    const { fixtures } = join([
      board("sportybet", { A1: [["Wydad AC", "Raja Casablanca", SAT, sr(7201)]] }),
      board("nairabet", { A2: [["FAR Rabat", "FUS Rabat", SAT]] }),
    ]);
    expect(fixtures.map(books)).toEqual([["nairabet"], ["sportybet"]]);
  });

  it("compares a listing only with fixtures of the same competition of ours", () => {
    const { fixtures } = join([
      board("sportybet", { A1: [["Nacional", "Peñarol", SAT, sr(7301)]], B1: [["Nacional", "Maritimo", SAT, sr(7302)]] }),
      board("nairabet", { A2: [["Nacional", "Penarol", SAT]], B2: [["Nacional", "Marítimo", SAT]] }),
    ]);
    expect(fixtures.map((f) => [f.competitionId, ...(books(f) ?? [])])).toEqual([
      [10_000, "sportybet", "nairabet"],
      [10_001, "sportybet", "nairabet"],
    ]);
  });

  it("compares a listing only with fixtures of the same matchday, which starts at 05:00 in the competition's zone", () => {
    const lateNight = Date.UTC(2026, 10, 28, 3, 30);
    const boards = [board("sportybet", { A1: [["Sydney FC", "Melbourne City", lateNight, sr(7401)]] }), board("1xbet", { A3: [["Sydney", "Melbourne City", lateNight + 2 * HOUR]] })];
    expect(join(boards, { zoneOf: () => "UTC" }).fixtures.map(books)).toEqual([["sportybet"], ["1xbet"]]);
    expect(join(boards, { zoneOf: () => "Australia/Sydney" }).fixtures.map(books)).toEqual([["sportybet", "1xbet"]]);
    expect([zonedMatchday(lateNight, "UTC"), zonedMatchday(lateNight + 2 * HOUR, "UTC"), zonedMatchday(lateNight, "Australia/Sydney")]).toEqual(["2026-11-27", "2026-11-28", "2026-11-28"]);
  });

  it("keeps the kick-off gate: a listing more than two hours from a fixture is another fixture", () => {
    const { fixtures } = join([board("sportybet", { A1: [["Al Ahly", "Zamalek", SAT, sr(7501)]] }), board("nairabet", { A2: [["Al Ahly", "Zamalek", SAT + 2 * HOUR + 60_000]] })]);
    expect(fixtures.map(books)).toEqual([["sportybet"], ["nairabet"]]);
  });

  it("joins a final a book lists the other way round, marked reversed, by Sportradar id and by names", () => {
    const { fixtures } = join([
      board("sportybet", { A1: [["Orlando Pirates", "Mamelodi Sundowns", SAT, sr(7601)]] }),
      board("bet9ja", { A9: [["Mamelodi Sundowns", "Orlando Pirates", SAT, sr(7601)]] }),
      board("nairabet", { A2: [["Mamelodi Sundowns FC", "Orlando Pirates FC", SAT]] }),
    ]);
    expect(fixtures.map(books)).toEqual([["bet9ja reversed", "sportybet", "nairabet reversed"]]);
  });

  it("learns the spellings a Sportradar join puts beside SportyBet's teams, and scores NairaBet's names against them on another matchday", () => {
    const boards = [
      board("sportybet", { A1: [["Young Africans SC", "Simba SC", SAT, sr(7701, ["sr:competitor:1", "sr:competitor:2"])], ["Azam FC", "Young Africans SC", SAT + 7 * DAY, sr(7702, ["sr:competitor:3", "sr:competitor:1"])]] }),
      board("bet9ja", { A9: [["Yanga", "Simba", SAT, sr(7701)]] }),
      board("nairabet", { A2: [["Azam", "Yanga", SAT + 7 * DAY]] }),
    ];
    const learnt = join(boards);
    expect(learnt.spellings.of("sr:competitor:1")).toEqual(["Yanga"]);
    expect(learnt.spellings.all()).toEqual([
      { team: "sr:competitor:1", bookmaker: "bet9ja", name: "Yanga" },
      { team: "sr:competitor:2", bookmaker: "bet9ja", name: "Simba" },
    ]);
    expect(learnt.learnt).toBe(2);
    expect(holding(learnt.fixtures, "nairabet", "Azam")?.members.map((m) => m.listing.bookmaker)).toEqual(["sportybet", "nairabet"]);

    class Unlearning extends TeamSpellings {
      override add(): boolean {
        return false;
      }
    }
    expect(holding(join(boards, { spellings: new Unlearning() }).fixtures, "nairabet", "Azam")?.members.map((m) => m.listing.bookmaker)).toEqual(["nairabet"]);
  });

  it("learns the spellings of a reversed listing for the right teams", () => {
    const { spellings } = join([
      board("sportybet", { A1: [["Orlando Pirates", "Mamelodi Sundowns", SAT, sr(7801, ["sr:competitor:10", "sr:competitor:11"])]] }),
      board("betking", { A5: [["Sundowns", "Pirates", SAT, sr(7801)]] }),
    ]);
    expect([spellings.of("sr:competitor:10"), spellings.of("sr:competitor:11")]).toEqual([["Pirates"], ["Sundowns"]]);
  });

  it("learns nothing where the names cannot say which team is which", () => {
    const { spellings, fixtures } = join([
      board("sportybet", { A1: [["Orlando Pirates", "Mamelodi Sundowns", SAT, sr(7901, ["sr:competitor:10", "sr:competitor:11"])]] }),
      board("betking", { A5: [["Bucs", "Brazilians", SAT, sr(7901)]] }),
    ]);
    expect(spellings.all()).toEqual([]);
    expect(fixtures.map(books)).toEqual([["betking", "sportybet"]]);
  });

  it("keeps the four leagues' club aliases: Spurs at 1xBet is Tottenham Hotspur", () => {
    const { fixtures } = join([
      board("sportybet", { EPL: [["Tottenham Hotspur", "Wolverhampton Wanderers", SAT, sr(8001)]] }),
      board("1xbet", { EPL: [["Spurs", "Wolves", SAT]] }),
    ]);
    expect(fixtures.map(books)).toEqual([["sportybet", "1xbet"]]);
  });

  it("reports a second listing of one Sportradar id at one book as a duplicate, and a competition not joined yet as waiting", () => {
    const { fixtures, unjoined } = join([
      board("sportybet", { A1: [["Enyimba", "Rivers United", SAT, sr(8101)]] }),
      board("bet9ja", { A9: [["Enyimba", "Rivers Utd", SAT, sr(8101)]], A8: [["Enyimba International", "Rivers Hoopers", SAT, sr(8101)]], Z9: [["Kano Pillars", "Remo Stars", SAT]] }),
    ]);
    expect(fixtures.map(books)).toEqual([["bet9ja", "sportybet"]]);
    expect(unjoined.map((u) => [u.reason, u.listing.competition.bookId])).toEqual([
      ["waiting", "Z9"],
      ["duplicate", "A8"],
    ]);
  });

  it("gives the same join whatever order the books answered in", () => {
    const boards = [
      board("sportybet", { A1: [["Asante Kotoko", "Hearts of Oak", SAT, sr(8201)], ["Medeama SC", "Aduana Stars", SAT, sr(8202)]] }),
      board("nairabet", { A2: [["Medeama", "Aduana FC", SAT], ["Asante Kotoko SC", "Accra Hearts of Oak", SAT]] }),
      board("1xbet", { A3: [["Kotoko", "Hearts of Oak", SAT], ["Medeama", "Aduana Stars", SAT]] }),
    ];
    const plain = (fs: JoinedFixture[]) => fs.map((f) => f.members.map((m) => [m.listing.bookmaker, m.listing.fixture.home]));
    expect(plain(join([...boards].reverse()).fixtures)).toEqual(plain(join(boards).fixtures));
    expect(plain(join(boards).fixtures).map((f) => f.length)).toEqual([3, 3]);
  });
});
