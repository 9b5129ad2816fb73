/**
 * Test-only: reads a simulated book's whole board (SIM_WORLD=board) the way the book's listing
 * endpoints page it (docs/design.md, Whole-board collection), and reduces every answer to rows in
 * the raw shapes' own fields, so a test judges coverage, names and order per book.
 */
import request from "supertest";
import { expect } from "vitest";
import type { BookmakerKey } from "#api/feeds/types.ts";
import type { FeedSimulator } from "#api/feeds/simulator/feed-simulator.ts";
import { bookCompetition } from "#api/feeds/simulator/world/board-books.ts";
import { weekOf } from "#api/feeds/simulator/world/board-schedule.ts";

type App = Parameters<typeof request>[0];

export interface BoardRow {
  kickoff: number;
  home: string;
  away: string;
  /** The book's competition id and name as the payload carries them. */
  competitionId: string;
  competitionName: string;
}

export const rowKey = (r: Pick<BoardRow, "kickoff" | "home" | "away">): string => `${r.kickoff}|${r.home}|${r.away}`;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- raw payloads, read field by field

async function getJson(app: App, path: string): Promise<Json> {
  const response = await request(app).get(path);
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  return response.body as Json;
}

/** The ids world.json gives the book this week: what a catalogue would ask for. */
function simBookIds(sim: FeedSimulator, book: BookmakerKey): string[] {
  const week = weekOf(sim.now());
  return sim.board.world.competitions.flatMap((c) => bookCompetition(c, book, week)?.id ?? []);
}

export async function sportybetPages(app: App, pageSize = 100): Promise<{ rows: BoardRow[]; pages: Json[] }> {
  const pages: Json[] = [];
  for (let pageNum = 1; pageNum < 100; pageNum++) {
    const page = await getJson(app, `/sportybet/api/ng/factsCenter/pcUpcomingEvents?sportId=sr:sport:1&marketId=1,18,10,29&pageSize=${pageSize}&pageNum=${pageNum}&option=2&timeline=168`);
    if ((page.data.tournaments as Json[]).length === 0) break;
    pages.push(page);
  }
  const rows = pages.flatMap((p) =>
    (p.data.tournaments as Json[]).flatMap((t) =>
      (t.events as Json[]).map((e) => ({ kickoff: e.estimateStartTime, home: e.homeTeamName, away: e.awayTeamName, competitionId: t.id, competitionName: t.name })),
    ),
  );
  return { rows, pages };
}

export async function bet9jaBoard(app: App): Promise<{ rows: BoardRow[]; tree: Json }> {
  const tree = await getJson(app, "/bet9ja/desktop/feapi/PalimpsestAjax/GetSports?DISP=0");
  const countries = Object.values(tree.D.PAL["1"].SG as Record<string, Json>);
  const groups = [...new Set(countries.flatMap((sg) => Object.keys(sg.G as Json)))];
  const rows: BoardRow[] = [];
  for (const group of groups) {
    const answer = await getJson(app, `/bet9ja/desktop/feapi/PalimpsestAjax/GetEventsInGroupV2?GROUPID=${group}&DISP=0&GROUPMARKETID=1&matches=true`);
    for (const e of answer.D.E as Json[]) {
      const [home, away] = (e.DS as string).split(" - ");
      rows.push({ kickoff: Date.parse(`${(e.STARTDATE as string).replace(" ", "T")}Z`), home: home ?? "", away: away ?? "", competitionId: String(e.GID), competitionName: e.GN });
    }
  }
  return { rows, tree };
}

export async function betkingBoard(app: App, sim: FeedSimulator): Promise<BoardRow[]> {
  const rows: BoardRow[] = [];
  for (const id of simBookIds(sim, "betking")) {
    const answer = await getJson(app, `/betking/api/feeds/prematch/en/4/${id}/0/0`);
    const items = (answer.AreaMatches as Json[]).flatMap((area) => area.Items as Json[]);
    // A match repeats once per market group: merged on ItemID (docs/design.md, BetKing feed).
    const merged = new Map(items.map((item) => [item.ItemID as number, item]));
    expect(answer.TotalNoOfItems).toBe(merged.size);
    for (const item of merged.values()) {
      const [home, away] = (item.ItemName as string).split(" - ");
      rows.push({ kickoff: Date.parse(item.ItemDate), home: home ?? "", away: away ?? "", competitionId: String(item.TournamentID), competitionName: item.TournamentName });
    }
  }
  return rows;
}

export async function nairabetBoard(app: App, sim: FeedSimulator): Promise<{ rows: BoardRow[]; answers: Json[] }> {
  const ids = simBookIds(sim, "nairabet");
  const answers: Json[] = [];
  // Lists of 25 champs a request (docs/design.md, Whole-board collection).
  for (let i = 0; i < ids.length; i += 25) answers.push(await getJson(app, `/nairabet/api/widget/GetEvents?integration=nairabet&champIds=${ids.slice(i, i + 25).join(",")}`));
  const rows = answers.flatMap((a) => {
    const champs = new Map((a.champs as Json[]).map((c) => [c.id as number, c.name as string]));
    return (a.events as Json[]).map((e) => {
      const [home, away] = (e.name as string).split(" vs. ");
      return { kickoff: Date.parse(e.startDate), home: home ?? "", away: away ?? "", competitionId: String(e.champId), competitionName: champs.get(e.champId) ?? "" };
    });
  });
  return { rows, answers };
}

export async function onexbetBoard(app: App, sim: FeedSimulator): Promise<BoardRow[]> {
  const rows: BoardRow[] = [];
  for (const id of simBookIds(sim, "1xbet")) {
    const answer = await getJson(app, `/1xbet/service-api/LineFeed/Get1x2_VZip?sports=1&champs=${id}&count=50&lng=en&mode=4&country=159&partner=159&getEmpty=true`);
    expect(answer.Success).toBe(true);
    for (const g of answer.Value as Json[]) rows.push({ kickoff: g.S * 1000, home: g.O1, away: g.O2, competitionId: String(g.LI), competitionName: g.L });
  }
  return rows;
}
