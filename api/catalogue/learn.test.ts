import { beforeAll, describe, expect, it } from "vitest";
import type { BookBoard } from "./board-listing.ts";
import { learnState, type LearnEvent, type LearnState } from "./learn.ts";
import { learnNames, regionOf } from "./learn-names.ts";
import { buildFiles } from "../feeds/bookmakers/feed-catalogue.ts";
import { BOARD_READERS } from "../feeds/bookmakers/board/index.ts";
import { readBoard } from "../feeds/bookmakers/board/read-board.ts";
import { BOOKMAKER_ID_BY_KEY, BOOKMAKER_KEYS, type BookmakerKey } from "../feeds/types.ts";
import { learnCycle, seededStore, type LearnStore } from "../../tests/helpers/catalogue/learn-store.ts";
import { boardSimulator, readEveryBoard, SIM_ORIGIN, simulatorFetch } from "../../tests/helpers/simulator/board-fetch.ts";

/** Friday 27 November 2026, 06:00 UTC: the weekend's whole board lies ahead (docs/design.md, Simulated world). */
const FRIDAY = Date.UTC(2026, 10, 27, 6);
const MINUTE = 60_000;
const NAMES = learnNames(buildFiles());
const { sim, app } = boardSimulator(FRIDAY);

const row = (store: LearnStore, book: BookmakerKey, id: string) => store.books.get(`${BOOKMAKER_ID_BY_KEY[book]}:${id}`);
const clone = (store: LearnStore): LearnStore => ({
  competitions: new Map([...store.competitions].map(([k, v]) => [k, { ...v }])),
  books: new Map([...store.books].map(([k, v]) => [k, { ...v }])),
  nextId: store.nextId,
});
const cloneState = (state: LearnState): LearnState => ({ waits: new Map(state.waits) });

/** One book's board at an instant, its fixtures read only where the store has not joined the competition. */
async function bookBoard(book: BookmakerKey, at: number, store: LearnStore): Promise<BookBoard> {
  const { app: later } = boardSimulator(at);
  const wantsFixtures = (id: string) => row(store, book, id)?.status !== "joined";
  return readBoard({ reader: BOARD_READERS[book], baseUrl: `${SIM_ORIGIN}/${book}`, now: new Date(at), fetchBody: simulatorFetch(later), wantsFixtures });
}

let boards: BookBoard[];
const store = seededStore();
const state = learnState();
const cycles: LearnEvent[][] = [];

beforeAll(async () => {
  boards = await readEveryBoard(app, FRIDAY);
  for (let i = 0; i < 4; i += 1) cycles.push(learnCycle(store, boards, state, FRIDAY + i * MINUTE));
}, 120_000);

describe("learning competitions from the simulated board (docs/design.md, Learning competitions)", () => {
  it("joins every book's competition as world.json says: one competition of ours for each of the world's, the four leagues the seed's", () => {
    const ours = new Map<string, Set<number | null>>();
    for (const book of BOOKMAKER_KEYS) {
      for (const listed of sim.board.listed(book, FRIDAY)) {
        const found = row(store, book, listed.competition.id);
        expect(found, `${book} ${listed.competition.id}`).toMatchObject({ status: "joined" });
        const key = listed.fixture.competition.key;
        ours.set(key, new Set([...(ours.get(key) ?? []), found?.competition_id ?? null]));
      }
    }
    const split = [...ours].filter(([, ids]) => ids.size !== 1).map(([key]) => key);
    expect(split).toEqual([]);
    const ids = [...ours.values()].map((s) => [...s][0]);
    expect(new Set(ids).size).toBe(ours.size);
    expect(ours.size).toBeGreaterThan(150);
    expect(["ENG/premier-league", "ESP/la-liga", "ITA/serie-a", "GER/bundesliga"].map((key) => [...(ours.get(key) ?? [])])).toEqual([[1], [2], [3], [4]]);
    expect(ids.filter((id) => id !== undefined && id !== null && id > 4).every((id) => (id as number) >= 10_000)).toBe(true);
  });

  it("holds the same name in different regions apart: Bet9ja's 'Premier League's each their region's, no row joined across regions", () => {
    const premierLeagues = [...store.books.values()].filter((b) => b.bookmaker === BOOKMAKER_ID_BY_KEY.bet9ja && b.name === "Premier League" && b.status === "joined");
    expect(premierLeagues.length).toBeGreaterThanOrEqual(8);
    expect(new Set(premierLeagues.map((b) => b.competition_id)).size).toBe(premierLeagues.length);
    const across = [...store.books.values()].filter((b) => {
      const region = regionOf(NAMES, b.region_name);
      const competition = b.competition_id === null ? undefined : store.competitions.get(b.competition_id);
      return b.status === "joined" && region !== null && competition !== undefined && competition.region_id !== region;
    });
    expect(across).toEqual([]);
  });

  it("joins a competition a book lists under another name: by Sportradar events at Bet9ja, by fixtures at NairaBet and 1xBet", () => {
    const brazil = sim.board.world.competitions.find((c) => c.key === "BRA/serie-a-brazil");
    const books = brazil?.books;
    if (!books?.sportybet || !books.bet9ja || !books.nairabet || !books["1xbet"]) throw new Error("world.json lists Brazil's Serie A at every book");
    const sportybet = row(store, "sportybet", books.sportybet.id);
    expect(sportybet).toMatchObject({ joined_by: "sr-tournament", status: "joined" });
    expect(row(store, "bet9ja", books.bet9ja.id)).toMatchObject({ name: "Serie A", joined_by: "sr-events", competition_id: sportybet?.competition_id });
    expect(row(store, "nairabet", books.nairabet.id)).toMatchObject({ name: "Brasileirão Série A", joined_by: "fixtures", competition_id: sportybet?.competition_id });
    expect(row(store, "1xbet", books["1xbet"].id)).toMatchObject({ name: "Brazil. Campeonato Brasileiro Serie A", joined_by: "fixtures", competition_id: sportybet?.competition_id });
    expect(sportybet?.competition_id).not.toBe(3);
  });

  it("holds a competition only one book lists for three cycles, then it appears by itself with the book's name and region", () => {
    const vietnam = sim.board.world.competitions.find((c) => c.key === "VIE/v-league-1")?.books["1xbet"];
    if (!vietnam) throw new Error("world.json lists V.League 1 at 1xBet only");
    const about = (events: LearnEvent[]) => events.filter((e) => e.bookmaker === "1xbet" && e.bookId === vietnam.id).map((e) => e.kind);
    expect(cycles.map(about)).toEqual([["held"], ["held"], ["held"], ["new"]]);
    const found = row(store, "1xbet", vietnam.id);
    expect(found).toMatchObject({ joined_by: "new", status: "joined" });
    expect(store.competitions.get(found?.competition_id ?? 0)).toMatchObject({ name: "V.League 1", key: "VIE/v-league-1", region_id: regionOf(NAMES, "Vietnam") });
    expect(cycles.slice(0, 3).flat().filter((e) => e.kind === "new")).toEqual([]);
  });

  it("joins a competition SportyBet alone lists at once, by its Sportradar tournament", () => {
    const only = sim.board.world.competitions.find((c) => c.key === "GRE/k19-super-league")?.books.sportybet;
    const found = only && row(store, "sportybet", only.id);
    expect(found).toMatchObject({ joined_by: "sr-tournament", status: "joined" });
    expect(cycles[0]?.some((e) => e.bookId === only?.id && e.kind === "joined")).toBe(true);
    expect(store.competitions.get(found?.competition_id ?? 0)?.sr_tournament).toBe(only?.id.replace("sr:tournament:", ""));
  });

  it("puts a Bet9ja group reused for another league in conflict, keeping the competition it joined, and reports what the rules now say", async () => {
    const later = clone(store);
    const tuesday = Date.UTC(2026, 11, 1, 6);
    const before = row(later, "bet9ja", "1304947");
    expect(before).toMatchObject({ name: "Primera Federacion, Grupo 2", status: "joined" });
    const events = learnCycle(later, [await bookBoard("bet9ja", tuesday, later)], cloneState(state), tuesday);
    const serieC = row(later, "bet9ja", "1999001")?.competition_id;
    expect(row(later, "bet9ja", "1304947")).toMatchObject({ status: "conflict", competition_id: before?.competition_id });
    expect(events.find((e) => e.bookId === "1304947")).toMatchObject({ kind: "conflict", detail: `now "Serie C, Girone B" (Italy): the rules now give ${serieC}` });
  }, 60_000);

  it("puts a group id listed under two names at once in conflict", async () => {
    const later = clone(store);
    const saturday = Date.UTC(2026, 10, 28, 6);
    const events = learnCycle(later, [await bookBoard("bet9ja", saturday, later)], cloneState(state), saturday);
    expect(row(later, "bet9ja", "1304947")?.status).toBe("conflict");
    expect(events.find((e) => e.bookId === "1304947")?.detail).toBe('listed under "Primera Federacion, Grupo 2" (Spain) and "Serie C, Girone B" (Italy)');
  }, 60_000);

  it("never undoes an operator's join", () => {
    const later = clone(store);
    const vietnam = row(later, "1xbet", "145198");
    if (!vietnam) throw new Error("1xBet's V.League 1 row");
    Object.assign(vietnam, { competition_id: 1, joined_by: "operator", status: "joined" });
    learnCycle(later, boards, cloneState(state), FRIDAY + 10 * MINUTE);
    expect(row(later, "1xbet", "145198")).toMatchObject({ competition_id: 1, joined_by: "operator", status: "joined" });
  });

  it("holds a row two rules disagree on in conflict: its name says one competition, its Sportradar events another", () => {
    const later = clone(store);
    const austria = boards.find((b) => b.bookmaker === "sportybet")?.competitions.find((c) => c.bookId === "sr:tournament:45");
    const forged = { bookId: "999001", name: "Premier League", country: "England", upcoming: 3, fixtures: austria?.fixtures?.slice(0, 4) };
    const withForged = boards.map((b) => (b.bookmaker === "bet9ja" ? { ...b, competitions: [...b.competitions, forged] } : b));
    const events = learnCycle(later, withForged, learnState(), FRIDAY + 10 * MINUTE);
    expect(row(later, "bet9ja", "999001")).toMatchObject({ status: "conflict", competition_id: null });
    const austrian = row(later, "sportybet", "sr:tournament:45")?.competition_id;
    expect(events.find((e) => e.bookId === "999001")?.detail).toBe(`sr-events says ${austrian}, name says 1`);
  });

  it("puts a country no region spells in no region: never joined by its name, it appears by itself under Other", () => {
    const later = clone(store);
    const atlantis = { bookId: "999002", name: "Premier League", country: "Atlantis", upcoming: 1, fixtures: [{ home: "Poseidon FC", away: "Trident United", kickoff: FRIDAY + 86_400_000 }] };
    const withAtlantis = boards.map((b) => (b.bookmaker === "bet9ja" ? { ...b, competitions: [...b.competitions, atlantis] } : b));
    const own = learnState();
    const kinds = [1, 2, 3, 4].map((i) => learnCycle(later, withAtlantis, own, FRIDAY + (10 + i) * MINUTE).find((e) => e.bookId === "999002")?.kind);
    expect(kinds).toEqual(["held", "held", "held", "new"]);
    expect(store.competitions.get(row(later, "bet9ja", "999002")?.competition_id ?? 0)).toBeUndefined();
    expect(later.competitions.get(row(later, "bet9ja", "999002")?.competition_id ?? 0)).toMatchObject({ name: "Premier League", region_id: null, key: "OTHER/premier-league" });
  });

  it("keeps a row joined when its book renames the competition and the rules still give it, our competition's name unchanged", () => {
    const later = clone(store);
    const brazil = sim.board.world.competitions.find((c) => c.key === "BRA/serie-a-brazil")?.books.bet9ja;
    const renamed = boards.map((b) =>
      b.bookmaker === "bet9ja" ? { ...b, competitions: b.competitions.map((c) => (c.bookId === brazil?.id ? { ...c, name: "Serie A Betano" } : c)) } : b,
    );
    const before = row(later, "bet9ja", brazil?.id ?? "");
    const ours = store.competitions.get(before?.competition_id ?? 0)?.name;
    const events = learnCycle(later, renamed, cloneState(state), FRIDAY + 10 * MINUTE);
    expect(events.filter((e) => e.bookId === brazil?.id).map((e) => [e.kind, e.rule])).toEqual([["renamed", "sr-events"]]);
    expect(row(later, "bet9ja", brazil?.id ?? "")).toMatchObject({ name: "Serie A Betano", status: "joined", competition_id: before?.competition_id });
    expect(later.competitions.get(before?.competition_id ?? 0)?.name).toBe(ours);
  });

  it("marks a joined row its book has not listed for three days gone, and leaves its competition to the books still listing it", () => {
    const later = clone(store);
    const austria = row(later, "bet9ja", "1300970");
    expect(austria).toMatchObject({ status: "joined" });
    const without = boards.map((b) => (b.bookmaker === "bet9ja" ? { ...b, competitions: b.competitions.filter((c) => c.bookId !== "1300970") } : b));
    const day = 24 * 60 * MINUTE;
    const [soon, after] = [2 * day, 3 * day + MINUTE].map((ms) => learnCycle(later, without, cloneState(state), FRIDAY + ms).filter((e) => e.bookId === "1300970").map((e) => e.kind));
    expect([soon, after]).toEqual([[], ["gone"]]);
    expect(row(later, "bet9ja", "1300970")).toMatchObject({ status: "gone", upcoming: 0, competition_id: austria?.competition_id });
    expect(later.competitions.get(austria?.competition_id ?? 0)).toMatchObject({ status: "active", last_listed_at: FRIDAY + 3 * day + MINUTE });
  });

  it("keeps a held row in the book's words as listed now", () => {
    const later = clone(store);
    const held = (name: string) => boards.map((b) => (b.bookmaker === "nairabet" ? { ...b, competitions: [...b.competitions, { bookId: "999003", name, country: "Atlantis", upcoming: 0, fixtures: [] }] } : b));
    const own = learnState();
    learnCycle(later, held("Atlantic League"), own, FRIDAY + 10 * MINUTE);
    learnCycle(later, held("Atlantic League 2026"), own, FRIDAY + 11 * MINUTE);
    expect(row(later, "nairabet", "999003")).toMatchObject({ name: "Atlantic League 2026", region_name: "Atlantis", status: "held", competition_id: null, joined_by: "new" });
  });
});
