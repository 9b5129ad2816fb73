/**
 * One NairaBet (Altenar) fixture as its three joined pieces: the event, its markets and their
 * odds. Ids follow the captured payload's habits, including Double chance odd ids that are not
 * in selection order.
 */
import { nairabetCode, nairabetCompetitorId, nairabetEventId, nairabetExtId } from "../../event-ids.ts";
import { SIM_LEAGUES } from "../../leagues.ts";
import type { LegacyKind } from "../../scenario/margins.ts";
import type { QuotedMarket } from "../../scenario/pricing.ts";
import { utcIso } from "../../time-format.ts";
import { isLegacy, type PricedFixture } from "../site.ts";

export const FOOTBALL = 66;

const MARKET_TYPES: Record<
  LegacyKind,
  { typeId: number; sportMarketId: number; name: string; odds: number[] }
> = {
  "1X2": { typeId: 1, sportMarketId: 73990, name: "1x2", odds: [1, 2, 3] },
  DC: { typeId: 10, sportMarketId: 70495, name: "Double chance", odds: [9, 10, 11] },
  OU: { typeId: 18, sportMarketId: 70472, name: "Total", odds: [12, 13] },
  BTTS: { typeId: 29, sportMarketId: 70490, name: "Both teams to score", odds: [74, 76] },
};

function oddName(m: QuotedMarket, typeId: number, h: string, a: string): string {
  const names: Record<number, string> = {
    1: h,
    2: "X",
    3: a,
    9: `${h} or draw`,
    10: `${h} or ${a}`,
    11: `Draw or ${a}`,
    74: "Yes",
    76: "No",
  };
  return names[typeId] ?? `${typeId === 12 ? "Over" : "Under"} ${m.line}`;
}

/** A fixture as Altenar's odds name it: its serial (the ids derive from it) and each side's competitor id and name. */
export interface AltenarSides {
  serial: number;
  home: { id: number; name: string };
  away: { id: number; name: string };
}

/** One market and its odds, with the ids and names Altenar gives them. */
function renderAltenarMarket(fixture: AltenarSides, m: QuotedMarket & { kind: LegacyKind }, slot: number) {
  const type = MARKET_TYPES[m.kind];
  const base = 4_454_000_000 + fixture.serial * 64 + slot * 4;
  // Odd ids are not in selection order on the real feed (Double chance: 9, 10, 11 -> ids +2, +0, +1).
  const oddIds = type.odds.map((_, i) => (m.kind === "DC" ? base + ((i + 2) % 3) : base + i));
  const odds = type.odds.map((typeId, i) => {
    const competitorId = [1, 9].includes(typeId)
      ? fixture.home
      : [3, 11].includes(typeId)
        ? fixture.away
        : null;
    return {
      typeId,
      price: m.prices[i] ?? 1,
      isMB: false,
      oddStatus: m.suspended ? 1 : 0,
      ...(competitorId ? { competitorId: competitorId.id } : {}),
      ...(m.kind === "DC" ? { isDBB: true } : {}),
      id: oddIds[i] as number,
      name: oddName(m, typeId, fixture.home.name, fixture.away.name),
    };
  });
  const market = {
    oddIds,
    typeId: type.typeId,
    sportMarketId: type.sportMarketId,
    id: 1_717_000_000 + fixture.serial * 20 + slot,
    name: m.boosted ? `${type.name} - Enhanced Prices` : type.name,
    ...(m.line === null ? {} : { sv: String(m.line) }),
  };
  return { market, odds };
}

/** A fixture's markets and odds as Altenar joins them by id. */
function altenarMarkets(sides: AltenarSides, markets: readonly QuotedMarket[]) {
  return markets.filter(isLegacy).map((m, slot) => renderAltenarMarket(sides, m, slot));
}

const sidesOf = (fixture: PricedFixture["fixture"]): AltenarSides => ({
  serial: fixture.serial,
  home: { id: nairabetCompetitorId(fixture.home), name: fixture.home.names.nairabet },
  away: { id: nairabetCompetitorId(fixture.away), name: fixture.away.names.nairabet },
});

export function renderAltenarFixture({ fixture, markets }: PricedFixture) {
  const league = SIM_LEAGUES.find((l) => l.competitionId === fixture.competitionId);
  const view = { ...sidesOf(fixture), kickoff: fixture.kickoff, catId: league?.nairabet.categoryId ?? 0, champId: league?.nairabet.champId ?? 0 };
  return altenarFixture(view, markets);
}

/** A fixture as GetEvents lists it: its event, markets and odds, joined by id. */
export function altenarFixture(view: AltenarSides & { kickoff: number; catId: number; champId: number }, markets: readonly QuotedMarket[]) {
  const renderedMarkets = altenarMarkets(view, markets);
  const event = {
    marketIds: renderedMarkets.map((r) => r.market.id),
    isBooked: true,
    isParlay: false,
    offers: [{ type: 0, parameter: 2 }, { type: 4 }, { type: 6 }],
    code: nairabetCode(view),
    hasStream: false,
    extId: nairabetExtId(view),
    sc: 2_300 + (view.serial % 200),
    mc: 250 + (view.serial % 12),
    rc: false,
    pId: 32,
    et: 0,
    hasStats: true,
    competitorIds: [view.home.id, view.away.id],
    sportId: FOOTBALL,
    catId: view.catId,
    champId: view.champId,
    status: 0,
    startDate: utcIso(view.kickoff),
    id: nairabetEventId(view),
    name: `${view.home.name} vs. ${view.away.name}`,
  };
  return {
    event,
    markets: renderedMarkets.map((r) => r.market),
    odds: renderedMarkets.flatMap((r) => r.odds),
  };
}

/**
 * GetEventDetails: the event's fields with every market and odd. Its totals are one typeId-18
 * market holding every line, each odd carrying its own `sv` (docs/design.md, NairaBet feed).
 */
export function renderAltenarDetails(priced: PricedFixture) {
  return altenarDetails(renderAltenarFixture(priced));
}

/** GetEventDetails of a fixture already rendered as GetEvents renders it. */
export function altenarDetails({ event, markets, odds }: ReturnType<typeof altenarFixture>) {
  const totals = markets.filter((m) => m.typeId === 18);
  const lineOf = new Map(totals.flatMap((m) => m.oddIds.map((id) => [id, m.sv] as const)));
  const merged = totals[0] && { ...totals[0], name: "Total", oddIds: totals.flatMap((m) => m.oddIds) };
  const { sv: _line, ...mergedTotals } = merged ?? { sv: undefined };
  const kept = [...markets.filter((m) => m.typeId !== 18), ...(merged ? [mergedTotals as (typeof markets)[number]] : [])];
  return {
    ...event,
    marketIds: kept.map((m) => m.id),
    markets: kept,
    odds: odds.map((odd) => (lineOf.has(odd.id) ? { ...odd, sv: lineOf.get(odd.id) } : odd)),
  };
}
