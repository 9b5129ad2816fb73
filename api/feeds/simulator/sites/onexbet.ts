/**
 * 1xBet: LineFeed/Get1x2_VZip (list) and LineFeed/GetGameZip (one game). Short keys:
 * I id, O1/O2 teams, S kick-off in unix seconds, E/AE events {G group, T type, C price, P line}.
 * Main markets and the 2.5 total sit in E; the other total lines in AE. A wrong partner or a
 * count below 10 answers 406, as the real site does. C 1 marks a suspended price.
 */
import { onexbetGameId, onexbetTeamId } from "../event-ids.ts";
import { LEAGUES } from "../leagues.ts";
import type { QuotedMarket } from "../pricing.ts";
import { idList, jsonAnswer, type PricedFixture, type SiteAnswer, type SimulatedSite } from "./site.ts";

const LIST_PATH = "/service-api/LineFeed/Get1x2_VZip";
const GAME_PATH = "/service-api/LineFeed/GetGameZip";
const PARTNER = "159";
const MAIN_LINE = 2.5;

const GROUPS: Record<QuotedMarket["kind"], { g: number; types: number[] }> = {
  "1X2": { g: 1, types: [1, 2, 3] },
  DC: { g: 8, types: [4, 5, 6] },
  OU: { g: 17, types: [9, 10] },
  BTTS: { g: 19, types: [180, 181] },
};

interface Entry {
  G: number;
  T: number;
  C: number;
  P?: number;
}

function entries(m: QuotedMarket): Entry[] {
  const { g, types } = GROUPS[m.kind];
  return types.map((type, i) => ({
    G: g,
    T: type,
    C: m.suspended ? 1 : (m.prices[i] ?? 1),
    ...(m.line === null ? {} : { P: m.line }),
  }));
}

function header({ fixture }: PricedFixture) {
  const league = LEAGUES.find((l) => l.competitionId === fixture.competitionId);
  return {
    I: onexbetGameId(fixture),
    L: league?.onexbet.name ?? "",
    LI: league?.onexbet.champId ?? 0,
    O1: fixture.home.names["1xbet"],
    O1I: onexbetTeamId(fixture.home),
    O2: fixture.away.names["1xbet"],
    O2I: onexbetTeamId(fixture.away),
    S: Math.floor(fixture.kickoff / 1000),
    SI: 1,
    SN: "Football",
    CN: league?.country ?? "",
  };
}

function listGame(priced: PricedFixture) {
  const main = priced.markets.filter((m) => m.kind !== "OU" || m.line === MAIN_LINE);
  const other = priced.markets.filter((m) => m.kind === "OU" && m.line !== MAIN_LINE);
  return {
    ...header(priced),
    E: main.flatMap(entries),
    AE: other.length === 0 ? [] : [{ G: 17, ME: other.flatMap(entries) }],
  };
}

/** GetGameZip groups events per market, one column per outcome type (lines stack in a column). */
function fullGame(priced: PricedFixture) {
  const kinds = [...new Set(priced.markets.map((m) => m.kind))];
  const GE = kinds.map((kind) => {
    const markets = priced.markets.filter((m) => m.kind === kind);
    const { g, types } = GROUPS[kind];
    return { G: g, E: types.map((_, column) => markets.map((m) => entries(m)[column] as Entry)) };
  });
  return { ...header(priced), GE };
}

const envelope = (value: unknown, success = true, error = "") => ({
  Error: error,
  ErrorCode: success ? 0 : 100,
  Guid: "",
  Id: 0,
  Success: success,
  Value: value,
});

const notAcceptable: SiteAnswer = {
  status: 406,
  contentType: "text/plain; charset=utf-8",
  body: "Not Acceptable",
};

export const onexbetSite: SimulatedSite = {
  key: "1xbet",
  answer(sim, { path, query, t }) {
    if (path !== LIST_PATH && path !== GAME_PATH) return null;
    if (query.get("partner") !== PARTNER) return notAcceptable;
    if (path === GAME_PATH) {
      const id = Number(query.get("id"));
      const priced = sim.findListed("1xbet", (f) => onexbetGameId(f) === id, t);
      return jsonAnswer(priced ? envelope(fullGame(priced)) : envelope(null, false, "Game not found"));
    }
    const count = Number(query.get("count"));
    if (!(count >= 10)) return notAcceptable;
    const champs = idList(query, "champs");
    const football = (query.get("sports") ?? "1") === "1";
    const leagues = LEAGUES.filter(
      (l) => football && (champs === null || champs.includes(l.onexbet.champId)),
    );
    const games = sim
      .listing("1xbet", undefined, t)
      .filter(({ fixture }) => leagues.some((l) => l.competitionId === fixture.competitionId))
      .slice(0, count)
      .map(listGame);
    return jsonAnswer(envelope(games));
  },
  emptyBody: ({ path }) => envelope(path === GAME_PATH ? null : []),
  errorBody: () => envelope(null, false, "Service temporarily unavailable"),
};
