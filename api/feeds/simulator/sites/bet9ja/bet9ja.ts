/**
 * Bet9ja: the PalimpsestAjax league list (GetEventsInGroupV2, no GG/NG) and per-event call
 * (GetEvent, full odds map with GG/NG), under both the desktop and the mobile prefix.
 * Odds are strings in a flat map keyed S_<MARKET>[@<LINE>]_<OUTCOME>; kick-offs are naive UTC
 * strings and EXTID is Sportradar's bare match number, as in the real GetEvent captures; a
 * closed line is priced "1". The mobile answer also carries STARTDATEUTC, as a September 2026
 * capture of that path did. Boosted prices are named in BOOSTED_ODDS and BOOSTED_MARKETS.
 */
import { bet9jaEventId } from "../../event-ids.ts";
import { leagueById, SIM_LEAGUES, type SimLeague } from "../../leagues.ts";
import type { QuotedMarket } from "../../scenario/pricing.ts";
import { utcIso, utcNaive } from "../../time-format.ts";
import type { LegacyKind } from "../../scenario/margins.ts";
import { bet9jaMarket, bookSelections } from "../book-notation.ts";
import { isLegacy, jsonAnswer, type PricedFixture, type SimulatedSite } from "../site.ts";
import { bet9jaBoardAnswer } from "./bet9ja-board.ts";

export const BET9JA_PATH = /^\/(desktop|mobile)\/feapi\/PalimpsestAjax\/(GetEventsInGroupV2|GetEvent)$/;

const OUTCOME_CODES: Record<LegacyKind, string[]> = {
  "1X2": ["1", "X", "2"],
  DC: ["1X", "12", "X2"],
  OU: ["O", "U"],
  BTTS: ["Y", "N"],
};
const MARKET_CODES: Record<LegacyKind, string> = { "1X2": "1X2", DC: "DC", OU: "OU", BTTS: "GGNG" };

/**
 * The flat odds map: the four families as before, then every other type Bet9ja quotes under its
 * markets.json keys (`S_HAOU@1.5_OH`, `S_OU1T@0.5_O`, `S_1X2HND@-1_1H`, `S_AH@-0.25_1`,
 * `S_HTFT_1/X`, `S_CSFT_2:1`, `S_CSFT_OTH`, `S_HOMEWINHALF_Y`), which only GetEvent carries.
 */
export function bet9jaOddsMap(markets: readonly QuotedMarket[], withBtts: boolean): Record<string, string> {
  const map: Record<string, string> = {};
  for (const m of markets) {
    if (!isLegacy(m)) {
      const book = bookSelections("bet9ja", m);
      for (const { outcome, price } of book?.selections ?? []) map[`${bet9jaMarket(book!.ids, m.line)}_${outcome}`] = m.suspended ? "1" : price.toFixed(2);
      continue;
    }
    if (m.kind === "BTTS" && !withBtts) continue;
    const market = m.line === null ? MARKET_CODES[m.kind] : `${MARKET_CODES[m.kind]}@${m.line}`;
    OUTCOME_CODES[m.kind].forEach((outcome, i) => {
      // Suspended (closed) selections keep their key, priced "1" as the real site does.
      map[`S_${market}_${outcome}`] = m.suspended ? "1" : (m.prices[i] ?? 0).toFixed(2);
    });
  }
  return map;
}

/** The boost fields of GetEvent: the boosted markets and their odds keys, in the odds map's names. */
export function bet9jaBoostFields(markets: readonly QuotedMarket[]) {
  const boosted = markets.filter(isLegacy).filter((m) => m.boosted && !m.suspended);
  const names = boosted.map((m) => `S_${m.line === null ? MARKET_CODES[m.kind] : `${MARKET_CODES[m.kind]}@${m.line}`}`);
  return {
    IS_BOOSTED: boosted.length > 0,
    BOOSTED_MARKETS: names,
    BOOSTED_ODDS: boosted.flatMap((m, i) => OUTCOME_CODES[m.kind].map((outcome) => `${names[i]}_${outcome}`)),
  };
}

function renderEvent(
  league: SimLeague,
  { fixture, markets }: PricedFixture,
  mobile: boolean,
  withBtts: boolean,
) {
  return {
    ID: bet9jaEventId(fixture),
    DS: `${fixture.home.names.bet9ja} - ${fixture.away.names.bet9ja}`,
    GN: league.bet9ja.name,
    GID: league.bet9ja.groupId,
    SG: league.country,
    // Both forms occur on the real site; the fixture decides which, so it is stable.
    STARTDATE: utcNaive(fixture.kickoff, fixture.serial % 2 === 0 ? " " : "T"),
    ...(mobile ? { STARTDATEUTC: utcIso(fixture.kickoff) } : {}),
    EXTID: fixture.srId.replace("sr:match:", ""),
    ...bet9jaBoostFields(markets),
    O: bet9jaOddsMap(markets, withBtts),
  };
}

export const bet9jaSite: SimulatedSite = {
  key: "bet9ja",
  answer(sim, request) {
    if (sim.world === "board") return bet9jaBoardAnswer(sim, request);
    const { path, query, t } = request;
    const match = BET9JA_PATH.exec(path);
    if (!match) return null;
    const mobile = match[1] === "mobile";
    if (match[2] === "GetEventsInGroupV2") {
      const league = SIM_LEAGUES.find((l) => l.bet9ja.groupId === Number(query.get("GROUPID")));
      const events = league
        ? sim.listing("bet9ja", league.competitionId, t).map((p) => renderEvent(league, p, mobile, false))
        : [];
      return jsonAnswer({ R: "OK", D: { E: events } });
    }
    const id = Number(query.get("EVENTID"));
    const priced = sim.findListed("bet9ja", (f) => bet9jaEventId(f) === id, t);
    const league = priced && leagueById(priced.fixture.competitionId);
    if (!priced || !league) return jsonAnswer({ R: "E", D: null, M: "Event not found" });
    return jsonAnswer({ R: "OK", D: renderEvent(league, priced, mobile, true) });
  },
  emptyBody: ({ path }) => (path.endsWith("/GetEvent") ? { R: "OK", D: {} } : { R: "OK", D: { E: [] } }),
  errorBody: () => ({ R: "E", D: null, M: "Internal error" }),
};
