import { describe, expect, it } from "vitest";
import type { FeedRequest } from "../../types.ts";
import { bet9jaBoardReader } from "./bet9ja-board-reader.ts";
import { betkingBoardReader } from "./betking-board-reader.ts";
import { BOARD_READERS } from "./index.ts";
import { nairabetBoardReader } from "./nairabet-board-reader.ts";
import { onexbetBoardReader } from "./onexbet-board-reader.ts";
import { readBoard } from "./read-board.ts";
import { sportybetBoardReader } from "./sportybet-board-reader.ts";

const BASE = "https://book.test";
const NOW = new Date("2026-11-27T06:00:00Z");
const SAT_15 = Date.parse("2026-11-28T15:00:00Z");

/** Answers by path and query, as the sites would; a request nobody answers fails the test. */
function site(answers: Record<string, unknown>): { fetchBody: (r: FeedRequest) => Promise<string>; asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    fetchBody: (r) => {
      const url = new URL(r.url);
      const key = Object.keys(answers).find((k) => `${url.pathname}${url.search}`.includes(k));
      asked.push(`${url.pathname}${url.search}`);
      if (key === undefined) return Promise.reject(new Error(`unexpected request ${r.url}`));
      const answer = answers[key];
      return Promise.resolve(typeof answer === "string" ? answer : JSON.stringify(answer));
    },
  };
}

const sportybetEvent = (n: number, home: string, away: string) => ({ eventId: `sr:match:${n}`, gameId: "1", estimateStartTime: SAT_15, status: 0, homeTeamName: home, awayTeamName: away, markets: [] });
const sportybetPage = (totalNum: number, tournaments: unknown[]) => ({ bizCode: 10000, message: "0#0", data: { totalNum, tournaments } });

describe("each book's whole-listing reader (docs/design.md, Learning competitions)", () => {
  it("reads SportyBet's pages until totalNum is covered, a tournament split across two pages counted once per fixture", async () => {
    const premier = { id: "sr:tournament:17", name: "Premier League", categoryName: "England", categoryId: "sr:category:1" };
    const pages = Array.from({ length: 101 }, (_, i) => sportybetEvent(70_000_000 + i, `Home ${i}`, `Away ${i}`));
    const { fetchBody, asked } = site({
      "pageNum=1&": sportybetPage(102, [{ ...premier, events: pages.slice(0, 100) }]),
      "pageNum=2&": sportybetPage(102, [{ ...premier, events: pages.slice(99) }, { id: "sr:tournament:45", name: "Bundesliga", categoryName: "Austria", events: [sportybetEvent(71_000_000, "Sturm Graz", "Rapid Wien")] }]),
    });
    const board = await readBoard({ reader: sportybetBoardReader, baseUrl: BASE, now: NOW, fetchBody });
    expect(asked).toHaveLength(2);
    expect(asked[0]).toContain("pageSize=100&pageNum=1");
    expect(board.competitions.map((c) => [c.bookId, c.name, c.country, c.fixtures?.length])).toEqual([
      ["sr:tournament:17", "Premier League", "England", 101],
      ["sr:tournament:45", "Bundesliga", "Austria", 1],
    ]);
    expect(board.competitions[1]?.fixtures?.[0]).toEqual({ home: "Sturm Graz", away: "Rapid Wien", kickoff: SAT_15, srMatch: "71000000" });
  });

  it("reads SportyBet's competitor ids beside its team names, for the spellings the whole-board join learns (docs/design.md, Matching the whole board)", async () => {
    const withIds = { ...sportybetEvent(71_000_001, "Sturm Graz", "Rapid Wien"), homeTeamId: "sr:competitor:2043", awayTeamId: "sr:competitor:2040" };
    const halfIds = { ...sportybetEvent(71_000_002, "LASK", "Austria Wien"), homeTeamId: "sr:competitor:2044" };
    const { fetchBody } = site({ "pageNum=1&": sportybetPage(2, [{ id: "sr:tournament:45", name: "Bundesliga", categoryName: "Austria", events: [withIds, halfIds] }]) });
    const board = await readBoard({ reader: sportybetBoardReader, baseUrl: BASE, now: NOW, fetchBody });
    expect(board.competitions[0]?.fixtures?.map((f) => f.teamIds)).toEqual([["sr:competitor:2043", "sr:competitor:2040"], undefined]);
  });

  it("refuses a SportyBet page whose bizCode is not 10000", async () => {
    const { fetchBody } = site({ pcUpcomingEvents: { bizCode: 19000, message: "Invalid request parameters", data: null } });
    await expect(readBoard({ reader: sportybetBoardReader, baseUrl: BASE, now: NOW, fetchBody })).rejects.toThrow(/bizCode/);
  });

  it("reads Bet9ja's tree for every group and asks the events only of the groups wanted, EXTID as the Sportradar number", async () => {
    const tree = {
      R: "OK",
      D: {
        PAL: {
          "1": {
            S_DESC: "Soccer",
            NUM: 12,
            SG: {
              "11003": { SG_DESC: "England", NUM: 10, G: { "170880": { G_DESC: "Premier League", NUM: 10 } } },
              "11040": { SG_DESC: "Wales", NUM: 2, G: { "1300555": { G_DESC: "Premier League", NUM: 2 } } },
            },
          },
        },
      },
    };
    const group = {
      R: "OK",
      D: {
        E: [
          { ID: 1, DS: "Bala Town - Caernarfon Town", GN: "Premier League", GID: 1300555, SG: "Wales", SGID: 11040, STARTDATE: "2026-11-28 15:00:00", EXTID: "70001234", O: {} },
          { ID: 2, DS: "TNS - Newtown", GN: "Premier League", GID: 1300555, SG: "Wales", SGID: 11040, STARTDATE: "2026-11-28T15:00:00", EXTID: "abc", O: {} },
        ],
      },
    };
    const { fetchBody, asked } = site({ GetSports: tree, "GROUPID=1300555&": group });
    const board = await readBoard({ reader: bet9jaBoardReader, baseUrl: BASE, now: NOW, fetchBody, wantsFixtures: (id) => id !== "170880" });
    expect(asked.filter((a) => a.includes("GetEventsInGroupV2"))).toEqual(["/desktop/feapi/PalimpsestAjax/GetEventsInGroupV2?GROUPID=1300555&DISP=0&GROUPMARKETID=1&matches=true"]);
    const [england, wales] = board.competitions;
    expect(england).toEqual({ bookId: "170880", name: "Premier League", country: "England", upcoming: 10, fixtures: undefined });
    expect(wales).toMatchObject({ bookId: "1300555", name: "Premier League", country: "Wales", upcoming: 2 });
    expect(wales?.fixtures).toEqual([
      { home: "Bala Town", away: "Caernarfon Town", kickoff: SAT_15, srMatch: "70001234" },
      { home: "TNS", away: "Newtown", kickoff: SAT_15 },
    ]);
  });

  it("keeps a Bet9ja group id listed under two countries as two entries: a reused id is never merged", async () => {
    const tree = { R: "OK", D: { PAL: { "1": { SG: { "1": { SG_DESC: "Italy", G: { "1304947": { G_DESC: "Serie C, Girone B", NUM: 3 } } }, "2": { SG_DESC: "Spain", G: { "1304947": { G_DESC: "Primera Federacion, Grupo 2", NUM: 2 } } } } } } } };
    const { fetchBody } = site({ GetSports: tree });
    const board = await readBoard({ reader: bet9jaBoardReader, baseUrl: BASE, now: NOW, fetchBody, wantsFixtures: () => false });
    expect(board.competitions.map((c) => [c.bookId, c.name, c.country])).toEqual([
      ["1304947", "Serie C, Girone B", "Italy"],
      ["1304947", "Primera Federacion, Grupo 2", "Spain"],
    ]);
  });

  it("reads BetKing's day feed for eight Lagos days, a match repeated per market group counted once, ExtProvIDItem of 8-9 digits only", async () => {
    const item = (id: number, name: string, ext: string) => ({ ItemID: id, ItemName: name, ItemDate: "2026-11-28T16:00:00+01:00", TournamentID: 21600130, TournamentName: "Bundesliga", CategoryName: "Austria", ExtProvIDItem: ext, OddsCollection: [] });
    const day = { AreaMatches: [{ AreaID: 1, Items: [item(9, "Sturm Graz - Rapid Wien", "70000009"), item(9, "Sturm Graz - Rapid Wien", "70000009"), item(10, "LASK - Altach", "1234")] }], TotalNoOfItems: 2 };
    const { fetchBody, asked } = site({ "2026-11-28": day, "/GetEvents/en/": { AreaMatches: [], TotalNoOfItems: 0 } });
    const board = await readBoard({ reader: betkingBoardReader, baseUrl: BASE, now: new Date("2026-11-27T23:30:00Z"), fetchBody });
    expect(asked[0]).toBe("/api/feeds/prematch/GetEvents/en/2026-11-28/0/0/1");
    expect(asked).toHaveLength(8);
    expect(board.competitions).toEqual([
      {
        bookId: "21600130",
        name: "Bundesliga",
        country: "Austria",
        upcoming: 2,
        fixtures: [
          { home: "Sturm Graz", away: "Rapid Wien", kickoff: SAT_15, srMatch: "70000009" },
          { home: "LASK", away: "Altach", kickoff: SAT_15 },
        ],
      },
    ]);
  });

  it("reads NairaBet's champs and categories, the category's ISO code as the country", async () => {
    const answer = {
      events: [
        { id: 1, name: "Sturm Graz vs. Rapid Wien", startDate: "2026-11-28T15:00:00Z", champId: 3270, catId: 501, extId: "fp32_ar:match:1" },
        { id: 2, name: "Arsenal vs. Chelsea", startDate: "2026-11-28T15:00:00Z", champId: 2936, catId: 497 },
      ],
      champs: [{ id: 3270, name: "Bundesliga" }, { id: 2936, name: "Premier League" }],
      categories: [{ champIds: [3270], iso: "AUT", id: 501, name: "Austria" }, { champIds: [2936], iso: "", id: 497, name: "England" }],
      markets: [],
      odds: [],
    };
    const { fetchBody, asked } = site({ GetEvents: answer });
    const board = await readBoard({ reader: nairabetBoardReader, baseUrl: BASE, now: NOW, fetchBody });
    expect(asked[0]).not.toContain("champIds");
    expect(board.competitions.map((c) => [c.bookId, c.name, c.country, c.fixtures])).toEqual([
      ["3270", "Bundesliga", "AUT", [{ home: "Sturm Graz", away: "Rapid Wien", kickoff: SAT_15 }]],
      ["2936", "Premier League", "England", [{ home: "Arsenal", away: "Chelsea", kickoff: SAT_15 }]],
    ]);
  });

  it("reads 1xBet's whole line: the country before the first '. ' of L, else CN", async () => {
    const game = (LI: number, L: string, CN: string) => ({ I: LI * 10, O1: "A", O2: "B", S: SAT_15 / 1000, L, LI, CN, E: [] });
    const { fetchBody, asked } = site({ Get1x2_VZip: { Success: true, Value: [game(131490, "Austria. Bundesliga", "Austria"), game(118587, "UEFA Champions League", "Europe")] } });
    const board = await readBoard({ reader: onexbetBoardReader, baseUrl: BASE, now: NOW, fetchBody });
    expect(asked[0]).toBe("/service-api/LineFeed/Get1x2_VZip?sports=1&count=5000&lng=en&mode=4&country=159&partner=159&getEmpty=true");
    expect(board.competitions.map((c) => [c.bookId, c.name, c.country])).toEqual([
      ["131490", "Austria. Bundesliga", "Austria"],
      ["118587", "UEFA Champions League", "Europe"],
    ]);
  });

  it.each(Object.values(BOARD_READERS))("$key refuses a challenge page as blocked", async (reader) => {
    const { fetchBody } = site({ "/": "<html><head><title>Just a moment...</title></head></html>" });
    await expect(readBoard({ reader, baseUrl: BASE, now: NOW, fetchBody, wantsFixtures: () => false })).rejects.toMatchObject({ blocked: true });
  });
});
