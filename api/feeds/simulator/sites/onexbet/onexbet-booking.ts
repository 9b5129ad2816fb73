/**
 * 1xBet's coupon read-back (docs/design.md, Booking endpoints): POST
 * /service-api/LiveBet/Open/GetCoupon with `{"Guid":<code>,"Lng":"en","partner":159}` answers the
 * coupon's events in the SaveCouponEvent shape. No create endpoint is simulated: a test puts a
 * code into the store with `sim.bookings.create("1xbet", legs, t)`.
 */
import { quoteLeg, type BookedLeg } from "../../booking/booking-store.ts";
import { onexbetGameId, onexbetTeamId } from "../../event-ids.ts";
import type { FeedSimulator } from "../../feed-simulator.ts";
import { onexbetIds } from "../booking-picks.ts";
import { delayMs, isObject, leagueOf, parseJson } from "../booking-common.ts";
import { jsonAnswer, type SimulatedSite } from "../site.ts";

const READ = "/service-api/LiveBet/Open/GetCoupon";
const PARTNER = 159;

const envelope = (value: unknown, error = "") => ({ Error: error, ErrorCode: value ? 0 : 100, Guid: "", Id: 0, Success: value !== null, Value: value });

function event(sim: FeedSimulator, leg: BookedLeg, t: number) {
  const { fixture } = leg;
  const league = leagueOf(fixture);
  const { price } = quoteLeg(sim, "1xbet", leg, t);
  const gameId = onexbetGameId(fixture);
  return {
    __type: "SaveCouponEvent:#LiveBetContract.Classes",
    ...onexbetIds(leg.pick),
    Coef: price ?? 1.001,
    GameId: gameId,
    MainGameId: gameId,
    Kind: 3,
    Block: price === undefined,
    SportId: 1,
    ChampId: league.listed?.onexbet.champId ?? 0,
    Start: Math.floor(fixture.kickoff / 1000),
    DateStart: `/Date(${fixture.kickoff})/`,
    Opp1: fixture.home.names["1xbet"],
    Opp2: fixture.away.names["1xbet"],
    Opp1Id: onexbetTeamId(fixture.home),
    Opp2Id: onexbetTeamId(fixture.away),
    Liga: league.listed?.onexbet.name ?? `${league.country}. ${league.name}`,
    PeriodName: "",
    SportName: "Football",
  };
}

export const onexbetBookingSite: SimulatedSite = {
  key: "1xbet",
  answer(sim, { path, method, body, t }) {
    if (path !== READ || method !== "POST") return null;
    const request = parseJson(body);
    if (!isObject(request) || Number(request.partner) !== PARTNER) return { status: 406, contentType: "text/plain; charset=utf-8", body: "Not Acceptable" };
    const stored = sim.bookings.get("1xbet", String(request.Guid ?? ""));
    if (!stored) return jsonAnswer(envelope(null, "Coupon not found"));
    const events = stored.legs.map((leg) => event(sim, leg, t));
    return jsonAnswer(envelope({ Events: events, Coef: events.reduce((total, e) => total * e.Coef, 1), partner: PARTNER, Summ: 0, Vid: 1 }));
  },
  emptyBody: () => envelope({ Events: [] }),
  errorBody: () => envelope(null, "Service temporarily unavailable"),
  delayMs,
  serves: (path) => path === READ,
};
