/**
 * SportyBet's whole board under SIM_WORLD=board (docs/design.md, Simulated world; Whole-board
 * collection): `pcUpcomingEvents` pages every upcoming football match the book lists by kick-off
 * (`pageSize` at most the site's 100, `pageNum`, `totalNum`), `pcEvents` answers a `tournamentId`
 * list, `event` one match; the shapes are those of sportybet.ts, the ids world.json's.
 */
import type { FeedSimulator } from "../../feed-simulator.ts";
import { sportybetGameId } from "../../event-ids.ts";
import type { BoardListed, PricedBoardFixture } from "../../board/board-source.ts";
import type { WorldClub } from "../../world/load-world.ts";
import { jsonAnswer, type SiteAnswer, type SiteRequest } from "../site.ts";
import { ALL_MARKETS, sportybetEnvelope, sportybetFilter, sportybetMarkets, wantedMarkets, wantsOthers } from "./sportybet.ts";

const LIST_PATH = "/api/ng/factsCenter/pcUpcomingEvents";
const FILTER_PATH = "/api/ng/factsCenter/pcEvents";
const EVENT_PATH = "/api/ng/factsCenter/event";
/** Board competitors' ids sit above the four leagues' (event-ids.ts, 30,000 up). */
const COMPETITOR_BASE = 200_000;

function boardEvent(sim: FeedSimulator, p: PricedBoardFixture, wanted: readonly string[]) {
  const competitor = (club: WorldClub) => `sr:competitor:${COMPETITOR_BASE + sim.board.clubIndex(club)}`;
  return {
    eventId: p.fixture.srId,
    gameId: sportybetGameId(p.fixture),
    productStatus: "0#0",
    estimateStartTime: p.fixture.kickoff,
    status: 0,
    matchStatus: "Not start",
    homeTeamId: competitor(p.home),
    homeTeamName: p.names[0],
    awayTeamName: p.names[1],
    awayTeamId: competitor(p.away),
    sport: {
      id: "sr:sport:1",
      name: "Football",
      category: { id: p.region.books.sportybet, name: p.region.name, tournament: { id: p.competition.id, name: p.competition.name } },
    },
    totalMarketSize: 380 + (p.fixture.serial % 60),
    ...(p.markets.some((m) => m.boosted) ? { oddsBoost: true } : {}),
    markets: sportybetMarkets(p.markets, wanted, p.names),
    bookingStatus: "Booked",
    topTeam: false,
    banned: false,
  };
}

/** Events grouped under their tournaments, in the order the tournaments first appear. */
function tournamentsOf(sim: FeedSimulator, listed: BoardListed[], t: number, wanted: readonly string[]) {
  const groups = new Map<string, { first: BoardListed; events: ReturnType<typeof boardEvent>[] }>();
  for (const l of listed) {
    const group = groups.get(l.competition.id) ?? { first: l, events: [] };
    group.events.push(boardEvent(sim, sim.board.price("sportybet", l, t, wantsOthers(wanted) ? "all" : "main"), wanted));
    groups.set(l.competition.id, group);
  }
  return [...groups.values()].map(({ first, events }) => ({
    id: first.competition.id,
    name: first.competition.name,
    events,
    categoryName: first.region.name,
    categoryId: first.region.books.sportybet,
  }));
}

function upcomingPage(sim: FeedSimulator, { query, t }: SiteRequest): SiteAnswer {
  const sport = query.get("sportId");
  if (sport !== null && sport !== "sr:sport:1") return jsonAnswer(sportybetEnvelope({ totalNum: 0, tournaments: [] }));
  const requested = Number(query.get("pageSize") || 100);
  // The real site refuses a page over 100 (bizCode 19000).
  if (requested > 100) return jsonAnswer({ bizCode: 19000, message: "Invalid request parameters", data: null });
  const timelineHours = Number(query.get("timeline") ?? 0);
  const perTournament = query.get("option") === "1" ? 10 : Infinity;
  const seen = new Map<string, number>();
  const all = sim.board.listed("sportybet", t).filter((l) => {
    if (timelineHours > 0 && l.fixture.kickoff > t + timelineHours * 3_600_000) return false;
    const count = (seen.get(l.competition.id) ?? 0) + 1;
    seen.set(l.competition.id, count);
    return count <= perTournament;
  });
  const pageSize = Math.min(Math.max(requested || 100, 1), sim.maxPageSize);
  const pageNum = Math.max(Number(query.get("pageNum")) || 1, 1);
  const page = all.slice((pageNum - 1) * pageSize, pageNum * pageSize);
  return jsonAnswer(sportybetEnvelope({ totalNum: all.length, tournaments: tournamentsOf(sim, page, t, wantedMarkets(query)) }));
}

function filtered(sim: FeedSimulator, body: string | undefined, t: number): SiteAnswer {
  const filter = sportybetFilter(body);
  if (!filter) return jsonAnswer({ bizCode: 19000, message: "Invalid request parameters", data: null });
  const listed = sim.board.listed("sportybet", t).filter((l) => filter.tournaments.includes(l.competition.id));
  // As in the four leagues' world, the league call carries the markets its `marketId` asks for (sportybet.ts).
  const tournaments = tournamentsOf(sim, listed, t, filter.markets);
  const order = (id: string) => filter.tournaments.indexOf(id);
  return jsonAnswer(sportybetEnvelope(tournaments.sort((a, b) => order(a.id) - order(b.id))));
}

/** The board's answer to a SportyBet path, or undefined when the path is not a listing or event (the bonus plan). */
export function sportybetBoardAnswer(sim: FeedSimulator, request: SiteRequest): SiteAnswer | null | undefined {
  const { path, method, body, query, t } = request;
  if (path === FILTER_PATH) return method === "POST" ? filtered(sim, body, t) : null;
  if (path === LIST_PATH) return upcomingPage(sim, request);
  if (path !== EVENT_PATH) return undefined;
  const eventId = query.get("eventId");
  const priced = sim.board.find("sportybet", (f) => f.srId === eventId, t);
  if (!priced) return jsonAnswer({ bizCode: 4004, message: "The event is not available.", data: null });
  return jsonAnswer(sportybetEnvelope(boardEvent(sim, priced, ALL_MARKETS)));
}
