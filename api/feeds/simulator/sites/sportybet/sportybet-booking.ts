/**
 * SportyBet's share codes (docs/design.md, Booking endpoints): POST /api/ng/orders/share books
 * `{"selections":[{eventId, marketId, specifier, outcomeId}]}`, answering the shareCode, its
 * shareURL, the deadline (the first kick-off) and the selections it could not take;
 * GET /api/ng/orders/share/{code} answers the ticket and its events at current odds. A code it
 * does not know answers bizCode 10000 with `isAvailable: false`.
 */
import { quoteLeg, type BookedLeg, type StoredCode } from "../../booking/booking-store.ts";
import type { FeedSimulator } from "../../feed-simulator.ts";
import { sportybetGameId } from "../../event-ids.ts";
import type { BookingFixture } from "../../booking/board-booking.ts";
import { everyPick, sportybetIds } from "../booking-picks.ts";
import { boardViewOf, bookable, delayMs, isObject, leagueOf, parseJson } from "../booking-common.ts";
import { jsonAnswer, type SimulatedSite } from "../site.ts";

const SHARE = "/api/ng/orders/share";
const READ = /^\/api\/ng\/orders\/share\/([^/]+)$/;
const UNLISTED_TOURNAMENTS: Record<number, string> = { 101: "sr:tournament:34", 102: "sr:tournament:37" };

const shareUrl = (code: string) => `https://www.sportybet.com/?shareCode=${code}&c=ng`;
const deadline = (legs: readonly BookedLeg[]) => Math.min(...legs.map((leg) => leg.fixture.kickoff));

function pickOf(selection: Record<string, unknown>) {
  const specifier = typeof selection.specifier === "string" ? selection.specifier : "";
  return everyPick().find((pick) => {
    const ids = sportybetIds(pick);
    return ids.marketId === String(selection.marketId) && ids.outcomeId === String(selection.outcomeId) && ids.specifier === specifier;
  });
}

/** The event's category and tournament: the four leagues', an unlisted league's, or (SIM_WORLD=board) the board's as sportybet-board.ts names them. */
function categoryOf(sim: FeedSimulator, fixture: BookingFixture) {
  const board = boardViewOf(sim, "sportybet", fixture);
  if (board) return { id: board.region.books.sportybet, name: board.region.name, tournament: { id: board.competition.id, name: board.competition.name } };
  const league = leagueOf(fixture);
  const tournament = league.listed
    ? { id: league.listed.sportybet.tournamentId, name: league.listed.sportybet.name }
    : { id: UNLISTED_TOURNAMENTS[fixture.competitionId] ?? "", name: league.name };
  return { id: `sr:category:${fixture.competitionId}`, name: league.country, tournament };
}

function renderEvent(sim: FeedSimulator, fixture: BookingFixture, legs: readonly BookedLeg[], t: number) {
  const started = fixture.kickoff <= t;
  return {
    eventId: fixture.srId,
    gameId: sportybetGameId(fixture),
    estimateStartTime: fixture.kickoff,
    status: started ? 1 : 0,
    matchStatus: started ? (t < fixture.kickoff + 2 * 3_600_000 ? "H1" : "Ended") : "Not start",
    homeTeamName: fixture.home.names.sportybet,
    awayTeamName: fixture.away.names.sportybet,
    sport: { id: "sr:sport:1", name: "Football", category: categoryOf(sim, fixture) },
    markets: legs.map((leg) => {
      const ids = sportybetIds(leg.pick);
      const { price } = quoteLeg(sim, "sportybet", leg, t);
      return {
        id: ids.marketId,
        specifier: ids.specifier,
        desc: ids.desc,
        status: price === undefined ? (started ? 3 : 1) : 0,
        outcomes: [{ id: ids.outcomeId, odds: (price ?? 1).toFixed(2), desc: ids.outcomeDesc, isActive: price === undefined ? 0 : 1 }],
      };
    }),
  };
}

function events(sim: FeedSimulator, legs: readonly BookedLeg[], t: number) {
  const fixtures = [...new Map(legs.map((leg) => [leg.fixture.serial, leg.fixture])).values()];
  return fixtures.map((fixture) => renderEvent(sim, fixture, legs.filter((leg) => leg.fixture.serial === fixture.serial), t));
}

const selectionOf = (leg: BookedLeg) => {
  const ids = sportybetIds(leg.pick);
  return { eventId: leg.fixture.srId, marketId: ids.marketId, specifier: ids.specifier, outcomeId: ids.outcomeId, productId: 3, sportId: "sr:sport:1" };
};

function mint(sim: FeedSimulator, body: string | undefined, t: number) {
  const parsed = parseJson(body);
  const selections = isObject(parsed) && Array.isArray(parsed.selections) ? parsed.selections.filter(isObject) : undefined;
  if (!selections || selections.length === 0) return jsonAnswer({ bizCode: 19000, message: "Invalid request parameters", data: null });
  const legs: BookedLeg[] = [];
  const unavailable: unknown[] = [];
  for (const selection of selections) {
    const leg = bookable(sim, "sportybet", t, (f) => f.srId === selection.eventId, pickOf(selection));
    if (leg) legs.push(leg);
    else unavailable.push(selection);
  }
  if (legs.length === 0) return jsonAnswer({ bizCode: 4200, message: "The selections are not available.", data: null });
  const { code } = sim.bookings.create("sportybet", legs, t);
  return jsonAnswer({
    bizCode: 10000,
    message: "0#0",
    data: { shareCode: code, shareURL: shareUrl(code), deadline: deadline(legs), outcomes: events(sim, legs, t), unavailableOutcomes: unavailable },
  });
}

function read(sim: FeedSimulator, stored: StoredCode | undefined, t: number) {
  if (!stored) return jsonAnswer({ bizCode: 10000, isAvailable: false, message: "The code does not exist or has expired.", data: null });
  return jsonAnswer({
    bizCode: 10000,
    isAvailable: true,
    message: "0#0",
    data: {
      shareCode: stored.code,
      shareURL: shareUrl(stored.code),
      deadline: deadline(stored.legs),
      ticket: { selections: stored.legs.map(selectionOf) },
      outcomes: events(sim, stored.legs, t),
    },
  });
}

export const sportybetBookingSite: SimulatedSite = {
  key: "sportybet",
  answer(sim, { path, method, body, t }) {
    if (path === SHARE) return method === "POST" ? mint(sim, body, t) : null;
    const code = READ.exec(path)?.[1];
    return code !== undefined && method !== "POST" ? read(sim, sim.bookings.get("sportybet", code), t) : null;
  },
  emptyBody: () => ({ bizCode: 10000, isAvailable: true, message: "0#0", data: { ticket: { selections: [] }, outcomes: [] } }),
  errorBody: () => ({ bizCode: 19000, message: "Service busy, please try again later", data: null }),
  delayMs,
  serves: (path) => path === SHARE || READ.test(path),
};
