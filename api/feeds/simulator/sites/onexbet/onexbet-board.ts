/**
 * 1xBet's whole board under SIM_WORLD=board (docs/design.md, Simulated world; Whole-board
 * collection): `Get1x2_VZip?sports=1&champs={id}` lists a champ's games (every champ's when
 * `champs` is absent), at most `count`, by kick-off; `GetGameZip?id=` one game; onexbet.ts's
 * shapes, its checks of partner, order and count already passed.
 */
import { onexbetGameId } from "../../event-ids.ts";
import type { FeedSimulator } from "../../feed-simulator.ts";
import type { PricedBoardFixture } from "../../board/board-source.ts";
import type { WorldClub } from "../../world/load-world.ts";
import { idList, jsonAnswer, type SiteAnswer } from "../site.ts";
import { gameMarkets, listedMarkets, onexbetEnvelope } from "./onexbet.ts";

/** Board team ids sit above the four leagues' (event-ids.ts, 2,500 up). */
const TEAM_BASE = 900_000;

function boardHeader(sim: FeedSimulator, p: PricedBoardFixture) {
  const team = (club: WorldClub) => TEAM_BASE + sim.board.clubIndex(club) * 3;
  return {
    I: onexbetGameId(p.fixture),
    L: p.competition.name,
    LI: Number(p.competition.id),
    O1: p.names[0],
    O1I: team(p.home),
    O2: p.names[1],
    O2I: team(p.away),
    S: Math.floor(p.fixture.kickoff / 1000),
    SI: 1,
    SN: "Football",
    CN: p.region.name,
  };
}

export function onexbetBoardList(sim: FeedSimulator, query: URLSearchParams, count: number, t: number): SiteAnswer {
  const champs = idList(query, "champs");
  const football = (query.get("sports") ?? "1") === "1";
  const games = sim.board
    .listed("1xbet", t)
    .filter((l) => football && (champs === null || champs.includes(Number(l.competition.id))))
    .slice(0, count)
    .map((l) => {
      const priced = sim.board.price("1xbet", l, t);
      return { ...boardHeader(sim, priced), ...listedMarkets(priced.markets) };
    });
  return jsonAnswer(onexbetEnvelope(games));
}

export function onexbetBoardGame(sim: FeedSimulator, id: number, t: number): SiteAnswer {
  const priced = sim.board.find("1xbet", (f) => onexbetGameId(f) === id, t);
  return jsonAnswer(priced ? onexbetEnvelope({ ...boardHeader(sim, priced), ...gameMarkets(priced.markets) }) : onexbetEnvelope(null, false, "Game not found"));
}
