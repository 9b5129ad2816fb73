/**
 * SportyBet: GET /api/ng/factsCenter/pcUpcomingEvents, one list for every league (filter by
 * tournament id), odds as strings, Sportradar ids. Field names mirror the captured payload
 * (captures/sportybet-pcUpcomingEvents-trimmed.json).
 */
import { LEAGUES, type SimLeague } from "../leagues.ts";
import type { QuotedMarket } from "../pricing.ts";
import { sportybetCompetitorId, sportybetGameId } from "../event-ids.ts";
import { findMarket, jsonAnswer, totals, type PricedFixture, type SimulatedSite } from "./site.ts";

const LIST_PATH = "/api/ng/factsCenter/pcUpcomingEvents";
const DEFAULT_MARKETS = ["1", "18", "10", "29"];

interface MarketShape {
  desc: string;
  title: string;
  outcomes: [id: string, desc: string][];
}

const SHAPES: Record<string, MarketShape> = {
  "1": {
    desc: "1X2",
    title: "1,X,2",
    outcomes: [
      ["1", "Home"],
      ["2", "Draw"],
      ["3", "Away"],
    ],
  },
  "10": {
    desc: "Double Chance",
    title: "1X,12,X2",
    outcomes: [
      ["9", "Home or Draw"],
      ["10", "Home or Away"],
      ["11", "Draw or Away"],
    ],
  },
  "18": {
    desc: "Over/Under",
    title: "Goals",
    outcomes: [
      ["12", "Over"],
      ["13", "Under"],
    ],
  },
  "29": {
    desc: "GG/NG",
    title: "GG,NG",
    outcomes: [
      ["74", "Yes"],
      ["76", "No"],
    ],
  },
};

function renderMarket(id: string, quoted: QuotedMarket) {
  const shape = SHAPES[id] as MarketShape;
  const implied = quoted.prices.map((p) => 1 / p);
  const sum = implied.reduce((s, q) => s + q, 0);
  const line = quoted.line === null ? "" : ` ${quoted.line}`;
  return {
    id,
    product: 3,
    desc: shape.desc,
    // Only lined markets carry a specifier, as in the capture.
    ...(quoted.line === null ? {} : { specifier: `total=${quoted.line}` }),
    // Non-zero status and isActive 0: how SportyBet shows a suspended market.
    status: quoted.suspended ? 1 : 0,
    group: "Main",
    title: shape.title,
    name: shape.desc,
    favourite: quoted.line === null || quoted.line === 2.5 ? 1 : 0,
    outcomes: shape.outcomes.map(([outcomeId, desc], i) => ({
      id: outcomeId,
      odds: (quoted.prices[i] ?? 0).toFixed(2),
      probability: ((implied[i] ?? 0) / sum).toFixed(10),
      voidProbability: "0E-10",
      isActive: quoted.suspended ? 0 : 1,
      desc: `${desc}${line}`,
    })),
    sourceType: "BET_RADAR",
    banned: false,
  };
}

function renderMarkets(markets: readonly QuotedMarket[], wanted: readonly string[]) {
  return wanted.flatMap((id) => {
    if (id === "18") return totals(markets).map((m) => renderMarket(id, m));
    const kind = id === "1" ? "1X2" : id === "10" ? "DC" : id === "29" ? "BTTS" : null;
    const quoted = kind ? findMarket(markets, kind) : undefined;
    return quoted ? [renderMarket(id, quoted)] : [];
  });
}

function renderEvent(league: SimLeague, { fixture, markets }: PricedFixture, wanted: readonly string[]) {
  const tournament = { id: league.sportybet.tournamentId, name: league.sportybet.name };
  return {
    eventId: fixture.srId,
    gameId: sportybetGameId(fixture),
    productStatus: "0#0",
    estimateStartTime: fixture.kickoff,
    status: 0,
    matchStatus: "Not start",
    homeTeamId: sportybetCompetitorId(fixture.home),
    homeTeamName: fixture.home.names.sportybet,
    awayTeamName: fixture.away.names.sportybet,
    awayTeamId: sportybetCompetitorId(fixture.away),
    sport: {
      id: "sr:sport:1",
      name: "Football",
      category: { id: league.sportybet.categoryId, name: league.country, tournament },
    },
    totalMarketSize: 380 + (fixture.serial % 60),
    markets: renderMarkets(markets, wanted),
    bookingStatus: "Booked",
    topTeam: false,
  };
}

const envelope = (data: unknown) => ({ bizCode: 10000, message: "0#0", data });

export const sportybetSite: SimulatedSite = {
  key: "sportybet",
  answer(sim, { path, query, t }) {
    if (path !== LIST_PATH) return null;
    const sport = query.get("sportId");
    if (sport !== null && sport !== "sr:sport:1")
      return jsonAnswer(envelope({ totalNum: 0, tournaments: [] }));
    const wanted =
      query
        .get("marketId")
        ?.split(",")
        .filter((id) => id in SHAPES) ?? DEFAULT_MARKETS;
    const timelineHours = Number(query.get("timeline") ?? 0);
    // option=1 is the site's "top ten per tournament" view.
    const perTournament = query.get("option") === "1" ? 10 : Infinity;
    // The real list runs by kick-off across every tournament, so one page mixes leagues.
    const all = LEAGUES.flatMap((league) =>
      sim
        .listing("sportybet", league.competitionId, t)
        .filter((p) => !(timelineHours > 0) || p.fixture.kickoff <= t + timelineHours * 3_600_000)
        .slice(0, perTournament)
        .map((priced) => ({ league, priced })),
    ).sort((a, b) => a.priced.fixture.kickoff - b.priced.fixture.kickoff || a.priced.fixture.serial - b.priced.fixture.serial);
    const pageSize = Math.min(Math.max(Number(query.get("pageSize")) || 100, 1), sim.maxPageSize);
    const pageNum = Math.max(Number(query.get("pageNum")) || 1, 1);
    const page = all.slice((pageNum - 1) * pageSize, pageNum * pageSize);
    const tournaments = LEAGUES.flatMap((league) => {
      const events = page
        .filter((e) => e.league === league)
        .map((e) => renderEvent(league, e.priced, wanted));
      if (events.length === 0) return [];
      const { tournamentId: id, name, categoryId } = league.sportybet;
      return [{ id, name, events, categoryName: league.country, categoryId }];
    });
    return jsonAnswer(envelope({ totalNum: all.length, tournaments }));
  },
  emptyBody: () => envelope({ totalNum: 0, tournaments: [] }),
  errorBody: () => ({ bizCode: 19000, message: "Service busy, please try again later", data: null }),
};
