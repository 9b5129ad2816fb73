import type { MarketHistory, MatchDetail, MatchMarket, OddsEvent } from "#shared/contract.ts";
import { compareMarketIds } from "#shared/reference.ts";

/** As the API orders them (shared/reference.ts, compareMarketIds). */
const referenceOrder = (a: MatchMarket, b: MatchMarket) => compareMarketIds(a.marketId, b.marketId);

const openingKey = (provider: number, marketId: number, selectionTypeId: number) => `${provider}:${marketId}:${selectionTypeId}`;

/**
 * Every opening price the page has shown, by bookmaker, market and selection. A bookmaker whose
 * prices go stale leaves the listing, and its frames, for a while: when it comes back, its prices
 * keep the opening the page showed before, not their price of the moment.
 */
export type KnownOpenings = Map<string, number>;

/** Adds the openings `detail` shows to `known` (each price's opening as last shown). */
export function rememberOpenings(known: KnownOpenings, detail: MatchDetail): KnownOpenings {
  for (const market of detail.event.markets) {
    for (const row of market.odds) for (const o of row.odds) known.set(openingKey(row.provider, market.marketId, o.selectionTypeId), o.opening);
  }
  return known;
}

/** A frame's market with each price's opening as shown or known before; a price first seen now opens at itself. */
function withOpenings(frame: OddsEvent["markets"][number], shown: MatchMarket | undefined, known: KnownOpenings): MatchMarket {
  const opening = (provider: number, selectionTypeId: number) =>
    shown?.odds.find((row) => row.provider === provider)?.odds.find((o) => o.selectionTypeId === selectionTypeId)?.opening ?? known.get(openingKey(provider, frame.marketId, selectionTypeId));
  // A market keeps what its answer said of it (names, group, shape, book-only): frames carry none of it.
  const { odds: _odds, marketId: _id, ...described } = shown ?? { odds: [], marketId: frame.marketId };
  return {
    marketId: frame.marketId,
    ...described,
    odds: frame.odds.map((row) => ({ ...row, odds: row.odds.map((o) => ({ ...o, opening: opening(row.provider, o.selectionTypeId) ?? o.value })) })),
  };
}

/**
 * The match page after one `market` frame of its event stream (decision 013: one event, one
 * market, all bookmakers). A frame for another event changes nothing; `odds: []` (the market left
 * the listing, e.g. at kick-off) keeps the prices as last seen. `known`: the openings shown before
 * (rememberOpenings), for bookmakers that left the page and come back.
 */
export function applyMatchFrame(detail: MatchDetail, frame: OddsEvent, known: KnownOpenings = new Map()): MatchDetail {
  if (frame.id !== detail.event.id) return detail;
  let markets = detail.event.markets;
  for (const changed of frame.markets) {
    if (changed.odds.length === 0) continue;
    const shown = markets.find((m) => m.marketId === changed.marketId);
    const next = withOpenings(changed, shown, known);
    markets = shown ? markets.map((m) => (m === shown ? next : m)) : [...markets, next].sort(referenceOrder);
  }
  return markets === detail.event.markets ? detail : { ...detail, event: { ...detail.event, markets } };
}

/** The charted market's history after a frame: a point for each price that differs from its series' last one. */
export function applyHistoryFrame(history: MarketHistory, frame: OddsEvent): MarketHistory {
  const changed = frame.id === history.eventId ? frame.markets.find((m) => m.marketId === history.marketId) : undefined;
  if (!changed) return history;
  let series = history.series;
  for (const row of changed.odds) {
    const at = Math.floor(Date.parse(row.updatedAt) / 1000);
    if (!Number.isFinite(at)) continue;
    for (const { selectionTypeId, value } of row.odds) {
      const found = series.find((s) => s.provider === row.provider && s.selectionTypeId === selectionTypeId);
      const last = found?.points.at(-1);
      if (last?.[1] === value) continue;
      // Never before the series' last point, whatever the clocks say: the line only moves forward.
      const point: [number, number] = [Math.max(at, last?.[0] ?? at), value];
      series = found ? series.map((s) => (s === found ? { ...s, points: [...s.points, point] } : s)) : [...series, { provider: row.provider, selectionTypeId, points: [point] }];
    }
  }
  return series === history.series ? history : { ...history, series };
}
