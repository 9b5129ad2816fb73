import request from "supertest";
import { describe, expect, it } from "vitest";
import { ADAPTERS } from "#api/feeds/bookmakers/index.ts";
import type { BookmakerKey } from "#api/feeds/types.ts";
import { FeedSimulator } from "../feed-simulator.ts";
import { createSimulatorApp } from "../simulator-app.ts";
import { clubName } from "../world/board-books.ts";
import {
  bet9jaBoard,
  betkingBoard,
  nairabetBoard,
  onexbetBoard,
  rowKey,
  sportybetPages,
  type BoardRow,
} from "../../../../tests/helpers/simulator/board-reader.ts";

/** Friday 27 November 2026, 06:00 UTC: the weekend's whole board lies ahead. */
const FRIDAY = Date.UTC(2026, 10, 27, 6);
const BOOKS = ["sportybet", "bet9ja", "betking", "nairabet", "1xbet"] as const satisfies readonly BookmakerKey[];

function boardSim(seed = 42, maxPageSize?: number) {
  const sim = new FeedSimulator({ seed, now: () => FRIDAY, world: "board", ...(maxPageSize ? { maxPageSize } : {}) });
  return { sim, app: createSimulatorApp(sim) };
}

const { sim, app } = boardSim();

/** What the world says a book lists, in its own spelling and order. */
const expectedKeys = (book: BookmakerKey) => sim.board.listed(book, FRIDAY).map((l) => rowKey({ kickoff: l.fixture.kickoff, home: l.names[0], away: l.names[1] }));

const readers: Record<BookmakerKey, () => Promise<BoardRow[]>> = {
  sportybet: async () => (await sportybetPages(app)).rows,
  bet9ja: async () => (await bet9jaBoard(app)).rows,
  betking: () => betkingBoard(app, sim),
  nairabet: async () => (await nairabetBoard(app, sim)).rows,
  "1xbet": () => onexbetBoard(app, sim),
};
/** Each book's whole board, read once for the file: the same seed and clock serve the same bytes, and a read takes seconds. */
const read = new Map<BookmakerKey, Promise<BoardRow[]>>();
const boards = Object.fromEntries(
  BOOKS.map((book) => [
    book,
    () => {
      if (!read.has(book)) read.set(book, readers[book]());
      return read.get(book)!;
    },
  ]),
) as Record<BookmakerKey, () => Promise<BoardRow[]>>;

describe("the simulated sites under SIM_WORLD=board", () => {
  it.each(BOOKS)("%s's listing endpoints cover every fixture the world gives it exactly once, and none of a competition it does not list", async (book) => {
    const rows = await boards[book]();
    const keys = rows.map(rowKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect([...keys].sort()).toEqual(expectedKeys(book).sort());
    expect(keys.length).toBeGreaterThan(500);
    const unlisted = sim.board.world.competitions.find((c) => c.books[book] === null && sim.board.upcoming(FRIDAY).some((f) => f.competition === c));
    if (!unlisted) throw new Error(`world.json gives ${book} every competition with fixtures this weekend`);
    const theirs = sim.board.upcoming(FRIDAY).filter((f) => f.competition === unlisted);
    for (const f of theirs) expect(keys).not.toContain(rowKey({ kickoff: f.kickoff, home: clubName(f.home, book), away: clubName(f.away, book) }));
  });

  it("names a fixture and its competition each book's way", async () => {
    const byBook = Object.fromEntries(await Promise.all(BOOKS.map(async (book) => [book, await boards[book]()] as const))) as Record<BookmakerKey, BoardRow[]>;
    const derby = sim.board.upcoming(FRIDAY).find((f) => f.competition.key === "ENG/premier-league" && BOOKS.every((b) => f.competition.books[b]) && new Set(BOOKS.map((b) => clubName(f.home, b))).size >= 3);
    if (!derby) throw new Error("no Premier League fixture whose home side the books spell three ways");
    const seen = BOOKS.map((book) => byBook[book].find((r) => r.kickoff === derby.kickoff && r.home === clubName(derby.home, book)));
    expect(seen.every(Boolean)).toBe(true);
    expect(new Set(seen.map((r) => r?.home)).size).toBeGreaterThanOrEqual(3);
    expect(seen.map((r) => r?.competitionName)).toEqual(BOOKS.map((b) => derby.competition.books[b]?.name));
    expect(new Set(seen.map((r) => r?.competitionName)).size).toBeGreaterThan(1);
  });

  it("pages SportyBet's pcUpcomingEvents by kick-off: totalNum on every page, no page over pageSize, and over 100 refused as the site does", async () => {
    const small = boardSim(42, 40);
    const { pages, rows } = await sportybetPages(small.app, 100);
    const total = pages[0]?.data.totalNum as number;
    expect(pages.every((p) => p.data.totalNum === total)).toBe(true);
    expect(rows.length).toBe(total);
    expect(pages.length).toBe(Math.ceil(total / 40));
    // A page groups its events under their tournaments; the pages themselves run by kick-off.
    const spans = pages.map((p) => (p.data.tournaments as { events: { estimateStartTime: number }[] }[]).flatMap((t) => t.events.map((e) => e.estimateStartTime)));
    spans.slice(1).forEach((span, i) => expect(Math.min(...span)).toBeGreaterThanOrEqual(Math.max(...(spans[i] ?? []))));
    const refused = await request(small.app).get("/sportybet/api/ng/factsCenter/pcUpcomingEvents?sportId=sr:sport:1&pageSize=101&pageNum=1");
    expect(refused.body).toMatchObject({ bizCode: 19000 });
  });

  it("answers SportyBet's pcEvents for a list of tournaments, those only, in the asked order", async () => {
    const body = JSON.stringify([{ sportId: "sr:sport:1", marketId: "1,18,10,29", tournamentId: [["sr:tournament:18"], ["sr:tournament:34"]] }]);
    const answer = await request(app).post("/sportybet/api/ng/factsCenter/pcEvents").type("application/json").send(body);
    expect(answer.body.bizCode).toBe(10000);
    expect((answer.body.data as { id: string; name: string }[]).map((t) => [t.id, t.name])).toEqual([
      ["sr:tournament:18", "Championship"],
      ["sr:tournament:34", "Ligue 1"],
    ]);
  });

  it("nests Bet9ja's groups under their countries in GetSports, each group's NUM its events, with EXTID on every event", async () => {
    const { tree, rows } = await bet9jaBoard(app);
    const soccer = tree.D.PAL["1"];
    expect(soccer.S_DESC).toBe("Soccer");
    expect(soccer.NUM).toBe(rows.length);
    const england = Object.values(soccer.SG as Record<string, { SG_DESC: string; G: Record<string, { G_DESC: string; NUM: number }> }>).find((sg) => sg.SG_DESC === "England");
    expect(england?.G["170880"]?.G_DESC).toBe("Premier League");
    expect(england?.G["170880"]?.NUM).toBe(rows.filter((r) => r.competitionId === "170880").length);
    const group = await request(app).get("/bet9ja/desktop/feapi/PalimpsestAjax/GetEventsInGroupV2?GROUPID=170881&DISP=0&GROUPMARKETID=1&matches=true");
    for (const e of group.body.D.E as { EXTID?: string; O: Record<string, string> }[]) {
      expect(e.EXTID).toMatch(/^\d{8}$/);
      expect(Object.keys(e.O)).toEqual(expect.arrayContaining(["S_1X2_1", "S_DC_1X", "S_OU@2.5_O"]));
    }
  });

  it.each(BOOKS)("%s's own adapter reads the four leagues off the board listings, every fixture the world gives it there", async (book) => {
    const adapter = ADAPTERS[book];
    const now = new Date(FRIDAY);
    for (const [competitionId, key] of [[1, "ENG/premier-league"], [2, "ESP/la-liga"], [3, "ITA/serie-a"], [4, "GER/bundesliga"]] as const) {
      const offers = [];
      for (const feed of adapter.leagueRequests("http://sim", competitionId, now)) {
        const path = feed.url.replace("http://sim", `/${book}`);
        const answer = feed.method === "POST" ? await request(app).post(path).type("application/json").send(feed.body ?? "") : await request(app).get(path);
        const parsed = adapter.parseLeague(answer.text, competitionId, now);
        if (!parsed.ok) throw new Error(`${book} ${competitionId}: ${JSON.stringify(parsed)}`);
        offers.push(...parsed.offers);
      }
      const listed = sim.board.listed(book, FRIDAY).filter((l) => l.fixture.competition.key === key);
      expect(offers.map((o) => [o.home, o.away]).sort()).toEqual(listed.map((l) => l.names).sort());
      expect(offers.every((o) => o.prices.length > 0)).toBe(true);
    }
  });

  it("serves the same bytes for the same seed and other prices for another", async () => {
    const path = "/bet9ja/desktop/feapi/PalimpsestAjax/GetEventsInGroupV2?GROUPID=170880&DISP=0&GROUPMARKETID=1&matches=true";
    const [a, b, other] = await Promise.all([app, boardSim().app, boardSim(43).app].map((x) => request(x).get(path)));
    expect(a?.text).toBe(b?.text);
    expect(other?.text).not.toBe(a?.text);
  });
});
