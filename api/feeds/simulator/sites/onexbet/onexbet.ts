/**
 * 1xBet: LineFeed/Get1x2_VZip (list) and LineFeed/GetGameZip (one game). Short keys:
 * I id, O1/O2 teams, S kick-off in unix seconds, E/AE events {G group, T type, C price, P line}.
 * Main markets and the 2.5 total sit in E; the other total lines in AE, with whole lines (P 2,
 * P 3) beside them; BTTS only in GetGameZip, where group 19 also holds T 11273/11274 with P 2.
 * A blocked outcome is `B: true` priced 1.001. A wrong partner, a count below 10, or the query
 * parameters in another order than the site's client sends answer 406, as the real site does.
 */
import { onexbetGameId, onexbetTeamId } from "../../event-ids.ts";
import { SIM_LEAGUES } from "../../leagues.ts";
import type { LegacyKind } from "../../scenario/margins.ts";
import type { QuotedMarket } from "../../scenario/pricing.ts";
import { onexbetBoardGame, onexbetBoardList } from "./onexbet-board.ts";
import { idList, isLegacy, jsonAnswer, type PricedFixture, type SiteAnswer, type SimulatedSite } from "../site.ts";

const ONEXBET_LIST_PATH = "/service-api/LineFeed/Get1x2_VZip";
const ONEXBET_GAME_PATH = "/service-api/LineFeed/GetGameZip";
const PARTNER = "159";
const MAIN_LINE = 2.5;

const GROUPS: Record<LegacyKind, { g: number; types: number[] }> = {
  "1X2": { g: 1, types: [1, 2, 3] },
  DC: { g: 8, types: [4, 5, 6] },
  OU: { g: 17, types: [9, 10] },
  BTTS: { g: 19, types: [180, 181] },
};

/** The order the site's own client sends its parameters in; another order answers 406. */
const LIST_ORDER = ["sports", "champs", "count", "lng", "mode", "country", "partner", "getEmpty"];
const GAME_ORDER = ["id", "lng", "isSubGames", "GroupEvents", "countevents", "grMode", "partner", "country", "marketType"];

interface Entry {
  G: number;
  T: number;
  C: number;
  P?: number;
  B?: boolean;
}

function entries(m: QuotedMarket & { kind: LegacyKind }): Entry[] {
  const { g, types } = GROUPS[m.kind];
  return types.map((type, i) => ({
    G: g,
    T: type,
    ...(m.suspended ? { C: 1.001, B: true } : { C: m.prices[i] ?? 1.001 }),
    ...(m.line === null ? {} : { P: m.line }),
  }));
}

/** Whole lines between two .5 lines (push lines), priced at the neighbours' mean; adapters must skip them. */
function wholeLineEntries(lined: readonly QuotedMarket[]): Entry[] {
  return lined.slice(1).flatMap((upper, i) => {
    const lower = lined[i];
    if (!lower || lower.line === null || upper.line === null || lower.suspended || upper.suspended) return [];
    const line = (lower.line + upper.line) / 2;
    return [9, 10].map((T, k) => ({ G: 17, T, C: Math.round((((lower.prices[k] ?? 2) + (upper.prices[k] ?? 2)) / 2) * 1000) / 1000, P: line }));
  });
}

/** Whether the known parameters come in the client's order (unknown ones may sit anywhere). */
function inOrder(query: URLSearchParams, order: readonly string[]): boolean {
  const seen = [...query.keys()].filter((k) => order.includes(k)).map((k) => order.indexOf(k));
  return seen.every((at, i) => i === 0 || at > (seen[i - 1] ?? -1));
}

function header({ fixture }: PricedFixture) {
  const league = SIM_LEAGUES.find((l) => l.competitionId === fixture.competitionId);
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
  return { ...header(priced), ...listedMarkets(priced.markets) };
}

/** A listed game's markets: the main ones and the 2.5 total in E, the other total lines in AE. */
export function listedMarkets(markets: readonly QuotedMarket[]) {
  const priced = { markets: markets.filter(isLegacy) };
  const main = priced.markets.filter((m) => (m.kind !== "OU" || m.line === MAIN_LINE) && m.kind !== "BTTS");
  const lined = priced.markets.filter((m) => m.kind === "OU");
  const other = [...lined.filter((m) => m.line !== MAIN_LINE).flatMap(entries), ...wholeLineEntries(lined)];
  return {
    E: main.flatMap(entries),
    AE: other.length === 0 ? [] : [{ G: 17, ME: other }],
  };
}

/** GetGameZip groups events per market, one column per outcome type (lines stack in a column). */
function fullGame(priced: PricedFixture) {
  return { ...header(priced), ...gameMarkets(priced.markets) };
}

/** GetGameZip's GE: every market of the game, grouped. */
export function gameMarkets(markets: readonly QuotedMarket[]) {
  const priced = { markets: markets.filter(isLegacy) };
  const kinds = [...new Set(priced.markets.map((m) => m.kind))];
  const GE = kinds.map((kind) => {
    const markets = priced.markets.filter((m) => m.kind === kind);
    const { g, types } = GROUPS[kind];
    const columns = types.map((_, column) => markets.map((m) => entries(m)[column] as Entry));
    // Group 19's other pair (T 11273/11274, P 2) is not BTTS, as on the real site.
    if (kind === "BTTS") columns.push([{ G: g, T: 11273, C: 1.85, P: 2 }], [{ G: g, T: 11274, C: 1.95, P: 2 }]);
    return { G: g, E: columns };
  });
  return { GE };
}

export const onexbetEnvelope = (value: unknown, success = true, error = "") => ({
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
    if (path !== ONEXBET_LIST_PATH && path !== ONEXBET_GAME_PATH) return null;
    if (query.get("partner") !== PARTNER) return notAcceptable;
    if (!inOrder(query, path === ONEXBET_GAME_PATH ? GAME_ORDER : LIST_ORDER)) return notAcceptable;
    if (path === ONEXBET_GAME_PATH) {
      const id = Number(query.get("id"));
      if (sim.world === "board") return onexbetBoardGame(sim, id, t);
      const priced = sim.findListed("1xbet", (f) => onexbetGameId(f) === id, t);
      return jsonAnswer(priced ? onexbetEnvelope(fullGame(priced)) : onexbetEnvelope(null, false, "Game not found"));
    }
    const count = Number(query.get("count"));
    if (!(count >= 10)) return notAcceptable;
    const champs = idList(query, "champs");
    if (sim.world === "board") return onexbetBoardList(sim, query, count, t);
    const football = (query.get("sports") ?? "1") === "1";
    const leagues = SIM_LEAGUES.filter(
      (l) => football && (champs === null || champs.includes(l.onexbet.champId)),
    );
    const games = sim
      .listing("1xbet", undefined, t)
      .filter(({ fixture }) => leagues.some((l) => l.competitionId === fixture.competitionId))
      .slice(0, count)
      .map(listGame);
    return jsonAnswer(onexbetEnvelope(games));
  },
  emptyBody: ({ path }) => onexbetEnvelope(path === ONEXBET_GAME_PATH ? null : []),
  errorBody: () => onexbetEnvelope(null, false, "Service temporarily unavailable"),
};
