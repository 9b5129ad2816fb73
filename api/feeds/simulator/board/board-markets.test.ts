/**
 * Under SIM_WORLD=board the listings carry the main markets, as the real ones do, and the match
 * and league calls every type the book quotes (docs/design.md, Simulator).
 */
import request from "supertest";
import { describe, expect, it } from "vitest";
import { catalogueMarketIds } from "../../bookmakers/sportybet/sportybet.ts";
import { bet9jaEventId } from "../event-ids.ts";
import { FeedSimulator } from "../feed-simulator.ts";
import { createSimulatorApp } from "../simulator-app.ts";

const FRIDAY = Date.UTC(2026, 10, 27, 6);
const sim = new FeedSimulator({ seed: 42, now: () => FRIDAY, world: "board" });
const app = createSimulatorApp(sim);
const json = async <T>(path: string, body?: unknown): Promise<T> => {
  const response = body === undefined ? await request(app).get(path) : await request(app).post(path).set("content-type", "application/json").send(JSON.stringify(body));
  return JSON.parse(response.text) as T;
};

interface SportyMarket {
  id: string;
}
interface SportyEvent {
  eventId: string;
  markets: SportyMarket[];
}

describe("the board's markets per call", () => {
  it("SportyBet: the paged listing the four asked for; pcEvents as the adapter asks it and event every type, 1UP and 2UP among them", async () => {
    const page = await json<{ data: { tournaments: { id: string; events: SportyEvent[] }[] } }>("/sportybet/api/ng/factsCenter/pcUpcomingEvents?sportId=sr:sport:1&marketId=1,18,10,29&pageSize=20&pageNum=1");
    const listed = page.data.tournaments.flatMap((t) => t.events);
    expect(new Set(listed.flatMap((e) => e.markets.map((m) => m.id)))).toEqual(new Set(["1", "18", "10", "29"]));
    const tournament = page.data.tournaments[0]!.id;
    const filtered = await json<{ data: { events: SportyEvent[] }[] }>("/sportybet/api/ng/factsCenter/pcEvents", [{ sportId: "sr:sport:1", marketId: catalogueMarketIds(), tournamentId: [[tournament]] }]);
    const ids = new Set(filtered.data.flatMap((t) => t.events.flatMap((e) => e.markets.map((m) => m.id))));
    for (const id of ["19", "20", "68", "90", "11", "60", "47", "45", "14", "16", "50", "51", "60200", "60100"]) expect(ids, id).toContain(id);
    const one = await json<{ data: SportyEvent }>(`/sportybet/api/ng/factsCenter/event?eventId=${listed[0]!.eventId}&productId=3`);
    expect(one.data.markets.map((m) => m.id)).toContain("60200");
  });

  it("Bet9ja: the group listing the four families, GetEvent every type", async () => {
    const listed = sim.board.listed("bet9ja", FRIDAY)[0]!;
    const group = await json<{ D: { E: { ID: number; O: Record<string, string> }[] } }>(`/bet9ja/desktop/feapi/PalimpsestAjax/GetEventsInGroupV2?GROUPID=${listed.competition.id}&DISP=0&GROUPMARKETID=1&matches=true`);
    const keys = group.D.E.flatMap((e) => Object.keys(e.O));
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.every((k) => /^S_(1X2|DC|OU)[@_]/.test(k))).toBe(true);
    const event = await json<{ D: { O: Record<string, string> } }>(`/bet9ja/desktop/feapi/PalimpsestAjax/GetEvent?EVENTID=${bet9jaEventId(listed.fixture)}`);
    const markets = new Set(Object.keys(event.D.O).map((k) => (k.includes("@") ? k.slice(0, k.indexOf("@")) : k.replace(/_[^_]+$/, ""))));
    for (const market of ["S_HAOU", "S_OU1T", "S_OU2T", "S_DNB", "S_1X21T", "S_HTFT", "S_CSFT", "S_1X2HND", "S_AH", "S_HOMEWINHALF", "S_AWAYWINHALF"]) expect(markets, market).toContain(market);
  });

  it("BetKing: the day feed 1X2 and Double Chance, a tournament's listing every type it quotes in a third group", async () => {
    const listed = sim.board.listed("betking", FRIDAY)[0]!;
    const tournament = await json<{ AreaMatches: { Items: { OddsCollection: { OddsType: { OddsTypeID: number } }[] }[] }[] }>(`/betking/api/feeds/prematch/en/4/${listed.competition.id}/0/0`);
    const types = new Set(tournament.AreaMatches.flatMap((a) => a.Items.flatMap((i) => i.OddsCollection.map((c) => c.OddsType.OddsTypeID))));
    expect([...types].sort((a, b) => a - b)).toEqual([102, 110, 146, 160, 302, 305, 342, 9881, 10283, 10284]);
    const day = new Date(listed.fixture.kickoff + 3_600_000).toISOString().slice(0, 10);
    const feed = await json<{ AreaMatches: { Items: { OddsCollection: { OddsType: { OddsTypeID: number } }[] }[] }[] }>(`/betking/api/feeds/prematch/GetEvents/en/${day}/0/0/1`);
    const dayTypes = new Set(feed.AreaMatches.flatMap((a) => a.Items.flatMap((i) => i.OddsCollection.map((c) => c.OddsType.OddsTypeID))));
    expect([...dayTypes].sort((a, b) => a - b)).toEqual([110, 146]);
  });
});
