/**
 * Bet9ja's Book-a-Bet (docs/design.md, Booking endpoints): POST /sportsbook/placebet/BookABetV2
 * with the form field BETSLIP (legs keyed `<eventId>$<oddsKey>` in EVS and ODDS; ODDMIN must be
 * the unrounded product of the prices) answers `data[0].RIS`, a seven-character code, beside an
 * internal COUPONCODE; GET /desktop/feapi/CouponAjax/GetBookABetCouponV2?couponCode= reads it
 * back. As on the real site, a code can read back one leg short (BookingOptions.bet9jaLosesLeg).
 */
import type { BookingFixture } from "../../booking/board-booking.ts";
import { type BookedLeg, quoteLeg } from "../../booking/booking-store.ts";
import { bet9jaEventId } from "../../event-ids.ts";
import type { FeedSimulator } from "../../feed-simulator.ts";
import { hash32 } from "../../scenario/random.ts";
import { utcNaive } from "../../time-format.ts";
import { everyPick, bet9jaKey } from "../booking-picks.ts";
import { boardViewOf, bookable, delayMs, isObject, leagueOf, parseJson } from "../booking-common.ts";
import { jsonAnswer, type SimulatedSite } from "../site.ts";

const BOOK = "/sportsbook/placebet/BookABetV2";
const READ = "/desktop/feapi/CouponAjax/GetBookABetCouponV2";

const refusal = (message: string) => jsonAnswer({ status: -1, error: { code: 100, message }, data: null });

/** An internal id in a UUID's shape: what COUPONCODE looks like beside the real code. */
function couponId(seed: number, code: string): string {
  const hex = [0, 1, 2, 3].map((i) => hash32(seed, "coupon", code, i).toString(16).padStart(8, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

function mint(sim: FeedSimulator, body: string | undefined, t: number) {
  const slip = parseJson(new URLSearchParams(body ?? "").get("BETSLIP") ?? undefined);
  const bet = isObject(slip) && Array.isArray(slip.BETS) && isObject(slip.BETS[0]) ? slip.BETS[0] : undefined;
  const evs = isObject(slip) && isObject(slip.EVS) ? Object.keys(slip.EVS) : [];
  const odds = bet && isObject(bet.ODDS) ? bet.ODDS : {};
  if (!bet || evs.length === 0 || evs.some((id) => typeof odds[id] !== "string")) return refusal("checkformatbetsliperror");
  const product = evs.reduce((total, id) => total * Number(odds[id]), 1);
  // The site checks ODDMIN against the product of the prices it was sent, unrounded.
  if (typeof bet.ODDMIN !== "number" || Math.abs(bet.ODDMIN - product) > product * 1e-12) return refusal("checkformatbetsliperror");
  const legs: BookedLeg[] = [];
  for (const id of evs) {
    const [eventId = "", key = ""] = id.split("$");
    const leg = bookable(sim, "bet9ja", t, (f) => String(bet9jaEventId(f)) === eventId, everyPick().find((p) => bet9jaKey(p) === key));
    if (!leg) return refusal("eventnotavailable");
    legs.push(leg);
  }
  const { code } = sim.bookings.create("bet9ja", legs, t);
  return jsonAnswer({ status: 1, error: { code: 0, message: "" }, data: [{ RIS: code, COUPONCODE: couponId(sim.seed, code), STATUS: 1 }] });
}

/** A leg's group (GN) and country (SG): the four leagues' or an unlisted league's, or (SIM_WORLD=board) the board's as bet9ja-board.ts names them. */
function groupOf(sim: FeedSimulator, fixture: BookingFixture): { group: string; country: string } {
  const board = boardViewOf(sim, "bet9ja", fixture);
  if (board) return { group: board.competition.name, country: board.region.name };
  const league = leagueOf(fixture);
  return { group: league.listed?.bet9ja.name ?? league.name, country: league.country };
}

function read(sim: FeedSimulator, code: string, t: number) {
  const stored = sim.bookings.get("bet9ja", code);
  if (!stored) return jsonAnswer({ R: "ERROR", D: null, M: "Coupon not found" });
  const legs = sim.bookings.losesLeg(stored) ? stored.legs.slice(0, -1) : stored.legs;
  const O = Object.fromEntries(
    legs.map((leg) => {
      const { fixture } = leg;
      const key = bet9jaKey(leg.pick);
      const { price } = quoteLeg(sim, "bet9ja", leg, t);
      const { group, country } = groupOf(sim, fixture);
      const entry = {
        E_NAME: `${fixture.home.names.bet9ja} - ${fixture.away.names.bet9ja}`,
        GN: group,
        SG: country,
        STARTDATE: utcNaive(fixture.kickoff, " "),
        SGN: key.split("_").at(-1) ?? "",
        // A closed or started line is priced "1", as in the feed.
        V: price === undefined ? "1" : price.toFixed(2),
      };
      return [`${bet9jaEventId(fixture)}$${key}`, entry];
    }),
  );
  return jsonAnswer({ R: "OK", D: { COUPONCODE: couponId(sim.seed, code), O } });
}

export const bet9jaBookingSite: SimulatedSite = {
  key: "bet9ja",
  answer(sim, { path, method, body, query, t }) {
    if (path === BOOK) return method === "POST" ? mint(sim, body, t) : null;
    if (path === READ) return read(sim, query.get("couponCode") ?? "", t);
    return null;
  },
  emptyBody: () => ({ R: "OK", D: { O: {} } }),
  errorBody: () => ({ R: "E", D: null, M: "Internal error" }),
  delayMs,
  serves: (path) => path === BOOK || path === READ,
};
