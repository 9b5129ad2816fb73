/**
 * SportyBet: GET /api/ng/factsCenter/pcUpcomingEvents, one list for every league (filter by
 * tournament id); POST /api/ng/factsCenter/pcEvents, the tournament-filtered list (`data` is the
 * tournaments); GET /api/ng/factsCenter/event, one event. Odds are strings, ids Sportradar's.
 * As on the real site, market 18 also carries whole lines ("total=2"), markets 19/20 are team
 * totals reusing outcome ids 12/13, and a boosted outcome says `oddsBoostLfb` (its event
 * `oddsBoost`). pcUpcomingEvents and pcEvents (the league call the adapter makes) carry the markets their
 * `marketId` asks for; event carries every type SportyBet quotes, in markets.json's ids with
 * Sportradar specifiers (docs/design.md, Simulator). Field names mirror the captured payloads. GET /api/ng/promotion/v2/bonus/plans/valid
 * answers the Multi Bet Bonus plan (sportybet-bonus-plan.ts).
 */
import { SIM_LEAGUES, type SimLeague } from "../../leagues.ts";
import type { QuotedMarket } from "../../scenario/pricing.ts";
import { sportybetCompetitorId, sportybetGameId } from "../../event-ids.ts";
import { simBookIds, catalogueKindsOf } from "../../scenario/catalogue-kinds.ts";
import { bookSelections, outcomeLabel, simSportradarSpecifier } from "../book-notation.ts";
import { findQuotedMarket, jsonAnswer, totals, type PricedFixture, type SimulatedSite } from "../site.ts";
import { SITE_BONUS_PLAN_PATH, bonusPlanAnswer } from "./sportybet-bonus-plan.ts";
import { sportybetBoardAnswer } from "./sportybet-board.ts";

const LIST_PATH = "/api/ng/factsCenter/pcUpcomingEvents";
const FILTER_PATH = "/api/ng/factsCenter/pcEvents";
const EVENT_PATH = "/api/ng/factsCenter/event";
export const DEFAULT_MARKETS = ["1", "18", "10", "29"];

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

function renderMarket(id: string, quoted: QuotedMarket, desc?: string) {
  const shape = SHAPES[id] as MarketShape;
  const implied = quoted.prices.map((p) => 1 / p);
  const sum = implied.reduce((s, q) => s + q, 0);
  const line = quoted.line === null ? "" : ` ${quoted.line}`;
  return {
    id,
    product: 3,
    desc: desc ?? shape.desc,
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
      ...(quoted.boosted && !quoted.suspended ? { oddsBoostLfb: true } : {}),
    })),
    sourceType: "BET_RADAR",
    banned: false,
  };
}

/**
 * One market of the catalogue's other types in SportyBet's shape: its market id and outcome ids as
 * markets.json maps them, its line as a Sportradar specifier (`total=1.5`, `hcp=0:1`, `hcp=-0.25`).
 */
function renderCatalogueMarket(quoted: QuotedMarket, teams: [string, string]) {
  const book = bookSelections("sportybet", quoted);
  if (!book) return [];
  const specifier = simSportradarSpecifier(quoted.kind, quoted.line);
  const implied = quoted.prices.map((p) => 1 / p);
  const sum = implied.reduce((s, q) => s + q, 0);
  const desc = quoted.kind === "HOU" ? `${teams[0]} Over/Under` : quoted.kind === "AOU" ? `${teams[1]} Over/Under` : book.ids.name;
  const line = quoted.line === null ? "" : ` ${quoted.line}`;
  return [
    {
      id: book.ids.market,
      product: 3,
      desc,
      ...(specifier === undefined ? {} : { specifier }),
      status: quoted.suspended ? 1 : 0,
      group: "Main",
      name: book.ids.name,
      favourite: 0,
      outcomes: book.selections.map(({ outcome, index, price }) => ({
        id: outcome,
        odds: price.toFixed(2),
        probability: ((implied[index] ?? 0) / sum).toFixed(10),
        voidProbability: "0E-10",
        isActive: quoted.suspended ? 0 : 1,
        desc: `${outcomeLabel(quoted.kind, index, teams[0], teams[1])}${quoted.kind === "HCP" || quoted.kind === "AH" ? ` (${specifier?.slice(4) ?? ""})` : line}`,
      })),
      sourceType: "BET_RADAR",
      banned: false,
    },
  ];
}

/** Whole lines sit between two .5 lines; their prices are the neighbours' mean, as a push line's roughly are. */
function wholeLines(lined: readonly QuotedMarket[]): QuotedMarket[] {
  return lined.slice(1).flatMap((upper, i) => {
    const lower = lined[i];
    if (!lower || lower.line === null || upper.line === null) return [];
    const prices = lower.prices.map((p, k) => Math.round(((p + (upper.prices[k] ?? p)) / 2) * 100) / 100);
    return [{ ...upper, line: (lower.line + upper.line) / 2, prices, boosted: false }];
  });
}

/** SportyBet's market ids for the catalogue's other types (markets.json), e.g. 19/20 team totals, 60200 1UP. */
const CATALOGUE_IDS = new Map(catalogueKindsOf("sportybet").map((kind) => [simBookIds("sportybet", kind)?.market ?? "", kind]));
/** Every market id the simulated SportyBet serves: the four families, then the others. */
export const ALL_MARKETS = [...DEFAULT_MARKETS, ...CATALOGUE_IDS.keys()];
const isServedId = (id: string) => id in SHAPES || CATALOGUE_IDS.has(id);
/** Whether a request for these ids needs the types beyond the four families priced. */
export const wantsOthers = (wanted: readonly string[]) => wanted.some((id) => CATALOGUE_IDS.has(id));

export function sportybetMarkets(markets: readonly QuotedMarket[], wanted: readonly string[], teams: [string, string] = ["Home", "Away"]) {
  return wanted.flatMap((id) => {
    if (id === "18") {
      const lined = totals(markets);
      return [...lined, ...wholeLines(lined)].map((m) => renderMarket(id, m));
    }
    const other = CATALOGUE_IDS.get(id);
    if (other) return markets.filter((m) => m.kind === other).flatMap((m) => renderCatalogueMarket(m, teams));
    const kind = id === "1" ? "1X2" : id === "10" ? "DC" : id === "29" ? "BTTS" : null;
    const quoted = kind ? findQuotedMarket(markets, kind) : undefined;
    return quoted ? [renderMarket(id, quoted)] : [];
  });
}

function renderEvent(league: SimLeague, { fixture, markets }: PricedFixture, wanted: readonly string[]) {
  const tournament = { id: league.sportybet.tournamentId, name: league.sportybet.name };
  const teams: [string, string] = [fixture.home.names.sportybet, fixture.away.names.sportybet];
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
    ...(markets.some((m) => m.boosted) ? { oddsBoost: true } : {}),
    markets: sportybetMarkets(markets, wanted, teams),
    bookingStatus: "Booked",
    topTeam: false,
    banned: false,
  };
}

/** pcEvents' body: [{"sportId","marketId","tournamentId":[["sr:tournament:17"]]}]; undefined when malformed. */
export function sportybetFilter(body: string | undefined): { tournaments: string[]; markets: string[] } | undefined {
  try {
    const parsed = JSON.parse(body ?? "") as unknown;
    const first = Array.isArray(parsed) ? (parsed[0] as { marketId?: unknown; tournamentId?: unknown }) : undefined;
    if (!first || !Array.isArray(first.tournamentId)) return undefined;
    const tournaments = first.tournamentId.flat().filter((id): id is string => typeof id === "string");
    const markets = typeof first.marketId === "string" ? first.marketId.split(",").filter(isServedId) : DEFAULT_MARKETS;
    return { tournaments, markets };
  } catch {
    return undefined;
  }
}

function pcEvents(sim: Parameters<SimulatedSite["answer"]>[0], body: string | undefined, t: number) {
  const filter = sportybetFilter(body);
  if (!filter) return jsonAnswer({ bizCode: 19000, message: "Invalid request parameters", data: null });
  const tournaments = SIM_LEAGUES.filter((l) => filter.tournaments.includes(l.sportybet.tournamentId)).map((league) => {
    const { tournamentId: id, name, categoryId } = league.sportybet;
    // The league call carries the markets its `marketId` asks for: the adapter asks for every one the catalogue maps (docs/design.md, Simulator).
    const events = sim.listing("sportybet", league.competitionId, t, wantsOthers(filter.markets) ? "all" : undefined).map((p) => renderEvent(league, p, filter.markets));
    return { id, name, events, categoryName: league.country, categoryId };
  });
  return jsonAnswer(sportybetEnvelope(tournaments.filter((tournament) => tournament.events.length > 0)));
}

function oneEvent(sim: Parameters<SimulatedSite["answer"]>[0], eventId: string | null, t: number) {
  const priced = sim.findListed("sportybet", (f) => f.srId === eventId, t);
  const league = priced && SIM_LEAGUES.find((l) => l.competitionId === priced.fixture.competitionId);
  if (!priced || !league) return jsonAnswer({ bizCode: 4004, message: "The event is not available.", data: null });
  return jsonAnswer(sportybetEnvelope(renderEvent(league, priced, ALL_MARKETS)));
}

/** The markets a list asks for (`marketId`), those the simulator serves; the four compared ones by default. */
export const wantedMarkets = (query: URLSearchParams): string[] =>
  query
    .get("marketId")
    ?.split(",")
    .filter(isServedId) ?? DEFAULT_MARKETS;

export const sportybetEnvelope = (data: unknown) => ({ bizCode: 10000, message: "0#0", data });

export const sportybetSite: SimulatedSite = {
  key: "sportybet",
  answer(sim, request) {
    const board = sim.world === "board" ? sportybetBoardAnswer(sim, request) : undefined;
    if (board !== undefined) return board;
    const { path, query, t, method, body } = request;
    if (path === FILTER_PATH) return method === "POST" ? pcEvents(sim, body, t) : null;
    if (path === EVENT_PATH) return oneEvent(sim, query.get("eventId"), t);
    if (path === SITE_BONUS_PLAN_PATH) return method === "GET" ? jsonAnswer(bonusPlanAnswer()) : null;
    if (path !== LIST_PATH) return null;
    const sport = query.get("sportId");
    if (sport !== null && sport !== "sr:sport:1")
      return jsonAnswer(sportybetEnvelope({ totalNum: 0, tournaments: [] }));
    const wanted = wantedMarkets(query);
    const timelineHours = Number(query.get("timeline") ?? 0);
    // option=1 is the site's "top ten per tournament" view.
    const perTournament = query.get("option") === "1" ? 10 : Infinity;
    // The real list runs by kick-off across every tournament, so one page mixes leagues.
    const all = SIM_LEAGUES.flatMap((league) =>
      sim
        .listing("sportybet", league.competitionId, t, wantsOthers(wanted) ? "all" : "main")
        .filter((p) => !(timelineHours > 0) || p.fixture.kickoff <= t + timelineHours * 3_600_000)
        .slice(0, perTournament)
        .map((priced) => ({ league, priced })),
    ).sort((a, b) => a.priced.fixture.kickoff - b.priced.fixture.kickoff || a.priced.fixture.serial - b.priced.fixture.serial);
    const pageSize = Math.min(Math.max(Number(query.get("pageSize")) || 100, 1), sim.maxPageSize);
    const pageNum = Math.max(Number(query.get("pageNum")) || 1, 1);
    const page = all.slice((pageNum - 1) * pageSize, pageNum * pageSize);
    const tournaments = SIM_LEAGUES.flatMap((league) => {
      const events = page
        .filter((e) => e.league === league)
        .map((e) => renderEvent(league, e.priced, wanted));
      if (events.length === 0) return [];
      const { tournamentId: id, name, categoryId } = league.sportybet;
      return [{ id, name, events, categoryName: league.country, categoryId }];
    });
    return jsonAnswer(sportybetEnvelope({ totalNum: all.length, tournaments }));
  },
  emptyBody: ({ path }) => (path === SITE_BONUS_PLAN_PATH ? bonusPlanAnswer(false) : sportybetEnvelope(path === FILTER_PATH ? [] : { totalNum: 0, tournaments: [] })),
  errorBody: () => ({ bizCode: 19000, message: "Service busy, please try again later", data: null }),
};
