/**
 * BetKing's booked coupons (docs/design.md, Booking endpoints): POST /api/sports/v1/bet/Book
 * (the site's client adds a transaction id: /Book/<id>) takes the client-side coupon, each leg by
 * its MatchOddsID (`SelectionId`), and always answers `{"ResponseStatus":1,"BookedCouponCode"}`:
 * unknown ids are dropped and two legs of one match empty the coupon, so such a code reads back
 * with no legs, as on the real site. The same legs booked again answer the same code.
 * GET /api/sports/v1/bet/Booked/<code>/en answers `BookedCoupon.Odds`; a match leaves the coupon
 * when it starts and is named in RemovedEvents; an unknown code answers `BookedCoupon: null`.
 */
import { quoteLeg, type BookedLeg } from "../../booking/booking-store.ts";
import { betkingItemId, betkingProviderId } from "../../event-ids.ts";
import type { FeedSimulator } from "../../feed-simulator.ts";
import { lagosIso } from "../../time-format.ts";
import { betkingMatchOddsId, betkingRow, fromMatchOddsId } from "../booking-picks.ts";
import { boardViewOf, bookable, delayMs, isObject, leagueOf, parseJson } from "../booking-common.ts";
import { jsonAnswer, type SimulatedSite } from "../site.ts";

const BOOK = /^\/api\/sports\/v1\/bet\/Book(\/\d+)?$/;
const READ = /^\/api\/sports\/v1\/bet\/Booked\/([^/]+)\/en$/;
const MAX_SELECTIONS = 40;

function mint(sim: FeedSimulator, body: string | undefined, t: number) {
  const coupon = parseJson(body);
  const odds = isObject(coupon) && Array.isArray(coupon.Odds) ? coupon.Odds.filter(isObject) : undefined;
  if (!odds) return jsonAnswer({ Message: "The request is invalid." }, 400);
  if (odds.length > MAX_SELECTIONS) return jsonAnswer({ ResponseStatus: 21, BookedCouponCode: null });
  const legs = odds.flatMap((odd) => {
    const named = fromMatchOddsId(Number(odd.SelectionId));
    const leg = named && bookable(sim, "betking", t, (f) => f.serial === named.serial, named.pick);
    return leg ? [leg] : [];
  });
  // Two selections of one match are not combinable: the whole coupon books empty.
  const matches = new Set(legs.map((leg) => leg.fixture.serial));
  const kept = matches.size < legs.length ? [] : legs;
  const stored = sim.bookings.findSame("betking", kept) ?? sim.bookings.create("betking", kept, t);
  return jsonAnswer({ ResponseStatus: 1, BookedCouponCode: stored.code });
}

function row(sim: FeedSimulator, leg: BookedLeg, t: number) {
  const { fixture } = leg;
  const board = boardViewOf(sim, "betking", fixture);
  const league = leagueOf(fixture);
  const { price } = quoteLeg(sim, "betking", leg, t);
  return {
    SelectionId: betkingMatchOddsId(fixture, leg.pick),
    MatchId: betkingItemId(fixture),
    ProviderEventId: betkingProviderId(fixture),
    MatchName: `${fixture.home.names.betking} - ${fixture.away.names.betking}`,
    EventDate: lagosIso(fixture.kickoff),
    TournamentName: board ? board.competition.name : (league.listed?.betking.name ?? league.name),
    ...betkingRow(leg.pick),
    // A suspended selection keeps its row with the price collapsed to 1, as in the feed.
    OddValue: price ?? 1,
  };
}

function read(sim: FeedSimulator, code: string, t: number) {
  const stored = sim.bookings.get("betking", code);
  if (!stored) return jsonAnswer({ BookedCoupon: null, AvailableEventCount: 0, OriginalEventCount: 0, RemovedEvents: [], ResponseStatus: 1 });
  const open = stored.legs.filter((leg) => leg.fixture.kickoff > t);
  const removed = stored.legs.filter((leg) => leg.fixture.kickoff <= t).map((leg) => `${leg.fixture.home.names.betking} - ${leg.fixture.away.names.betking}`);
  const rows = open.map((leg) => row(sim, leg, t));
  return jsonAnswer({
    BookedCoupon: { CouponCode: stored.code, Odds: rows },
    AvailableEventCount: rows.filter((r) => r.OddValue > 1).length,
    OriginalEventCount: stored.legs.length,
    RemovedEvents: removed,
    ResponseStatus: rows.length > 0 ? 1 : 405,
  });
}

export const betkingBookingSite: SimulatedSite = {
  key: "betking",
  answer(sim, { path, method, body, t }) {
    if (BOOK.test(path)) return method === "POST" ? mint(sim, body, t) : null;
    const code = READ.exec(path)?.[1];
    return code !== undefined && method !== "POST" ? read(sim, code, t) : null;
  },
  emptyBody: () => ({ BookedCoupon: { Odds: [] }, AvailableEventCount: 0, OriginalEventCount: 0, RemovedEvents: [], ResponseStatus: 405 }),
  errorBody: () => ({ Message: "An error has occurred." }),
  delayMs,
  serves: (path) => BOOK.test(path) || READ.test(path),
};
