/**
 * BetKing's whole board under SIM_WORLD=board (docs/design.md, Simulated world; Whole-board
 * collection): `/api/feeds/prematch/en/4/{tournamentId}/0/0` for every tournament world.json gives
 * BetKing, in betking.ts's shape (a match once per market group, merged on `ItemID`),
 * `ExtProvIDItem` the fixture's Sportradar number; and the day feed
 * `/api/feeds/prematch/GetEvents/en/<YYYY-MM-DD>/0/0/1`, every fixture BetKing lists kicking off that
 * Lagos day, across tournaments, with its main market group (how a reader finds the tournament ids).
 */
import { betkingItemId } from "../../event-ids.ts";
import type { FeedSimulator } from "../../feed-simulator.ts";
import type { PricedBoardFixture } from "../../board/board-source.ts";
import { weekOf } from "../../world/board-schedule.ts";
import { bookCompetition } from "../../world/board-books.ts";
import type { QuotedMarket } from "../../scenario/pricing.ts";
import { lagosIso } from "../../time-format.ts";
import { jsonAnswer, type SiteAnswer } from "../site.ts";
import { BETKING_LIST_PATH, betkingOddsEntries } from "./betking.ts";

function boardItem(p: PricedBoardFixture, markets: QuotedMarket[]) {
  return {
    ItemID: betkingItemId(p.fixture),
    ItemName: `${p.names[0]} - ${p.names[1]}`,
    ItemDate: lagosIso(p.fixture.kickoff),
    TournamentID: Number(p.competition.id),
    TournamentName: p.competition.name,
    CategoryName: p.region.name,
    ExtProvIDItem: (p.fixture.srId ?? "").replace("sr:match:", ""),
    OddsCollection: markets.flatMap((m) => betkingOddsEntries(p.fixture, m)),
  };
}

const DAY_PATH = /^\/api\/feeds\/prematch\/GetEvents\/en\/(\d{4}-\d{2}-\d{2})\/0\/0\/1$/;

/** One Lagos day's fixtures, every tournament, the 1X2 and Double Chance group. */
function dayAnswer(sim: FeedSimulator, day: string, t: number): SiteAnswer {
  const listed = sim.board
    .listed("betking", t)
    .filter((l) => lagosIso(l.fixture.kickoff).startsWith(day))
    .map((l) => sim.board.price("betking", l, t));
  const items = listed.map((p) => boardItem(p, p.markets.filter((m) => m.kind === "1X2" || m.kind === "DC")));
  return jsonAnswer({ AreaMatches: items.length === 0 ? [] : [{ AreaID: 1, AreaName: "Football", Items: items }], TotalNoOfItems: items.length });
}

/** The board's answer to a BetKing path (null: not one the site serves). */
export function betkingBoardAnswer(sim: FeedSimulator, path: string, t: number): SiteAnswer | null {
  const day = DAY_PATH.exec(path);
  if (day) return dayAnswer(sim, day[1] as string, t);
  const match = BETKING_LIST_PATH.exec(path);
  if (!match) return null;
  const id = match[1];
  const competition = sim.board.world.competitions.find((c) => bookCompetition(c, "betking", weekOf(t))?.id === id);
  if (!competition) return jsonAnswer({ AreaMatches: [], TotalNoOfItems: 0 });
  const region = sim.board.world.regions[competition.region];
  const listed = sim.board
    .listed("betking", t)
    .filter((l) => l.competition.id === id)
    .map((l) => sim.board.price("betking", l, t, "all"));
  const main = listed.map((p) => boardItem(p, p.markets.filter((m) => m.kind === "1X2" || m.kind === "DC")));
  const goals = listed.map((p) => boardItem(p, p.markets.filter((m) => m.kind === "OU" || m.kind === "BTTS")));
  // A third group: the catalogue's other types BetKing quotes, as betking.ts serves them.
  const more = listed.flatMap((p) => {
    const others = p.markets.filter((m) => m.kind !== "1X2" && m.kind !== "DC" && m.kind !== "OU" && m.kind !== "BTTS");
    return others.length === 0 ? [] : [boardItem(p, others)];
  });
  return jsonAnswer({
    AreaMatches: [{ AreaID: 1, AreaName: region?.name ?? "", Items: [...main, ...goals, ...more] }],
    TotalNoOfItems: listed.length,
  });
}
