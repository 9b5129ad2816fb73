/** The match page's shapes (shared/contract.ts) for client tests: every market, five bookmakers, prices that differ. */
import type { MarketHistory, MatchDetail, MatchMarket, BookDrop, EventHeading, OutcomeDrop } from "#shared/contract.ts";
import { bestPrices, isBestPrice } from "#shared/math/odds-math.ts";
import { BOOKMAKER_IDS, FLAGS, MARKETS } from "#shared/reference.ts";

export const MATCH_ID = "c1:arsenal-chelsea";
export const UPDATED_AT = "2026-11-22T09:00:00.000Z";

/** One market priced by every bookmaker: price = base + provider / 20, opening 0.1 lower for odd providers; Best flagged as the API flags it. */
export function matchMarket(marketId: number, providers: readonly number[] = BOOKMAKER_IDS): MatchMarket {
  const market = MARKETS.find((m) => m.id === marketId)!;
  const rows = providers.map((provider) => ({
    provider,
    margin: 5,
    updatedAt: UPDATED_AT,
    odds: market.selections.map((selectionTypeId, i) => {
      const value = Number((1.5 + i * 0.7 + provider / 20).toFixed(2));
      return { selectionTypeId, value, flags: 0, opening: provider % 2 === 1 ? Number((value - 0.1).toFixed(2)) : value };
    }),
  }));
  const best = bestPrices(rows);
  return { marketId, odds: rows.map((row) => ({ ...row, odds: row.odds.map((o) => ({ ...o, flags: isBestPrice(best, o.selectionTypeId, o.value) ? FLAGS.Best : 0 })) })) };
}

export function matchDetail(overrides: Partial<MatchDetail["event"]> = {}): MatchDetail {
  return {
    event: {
      id: MATCH_ID,
      name: "Arsenal vs Chelsea",
      home: "Arsenal",
      away: "Chelsea",
      date: "2026-11-22T15:00:00.000Z",
      competitionId: 1,
      started: false,
      markets: MARKETS.map((m) => matchMarket(m.id)),
      links: BOOKMAKER_IDS.map((provider) => ({ provider, url: `https://bookmaker-${provider}.example/event/42`, exact: provider !== 4 })),
      ...overrides,
    },
    updatedAt: UPDATED_AT,
  };
}

/** Each bookmaker's history of one market: the opening price at T, and for odd providers the current one an hour later. */
export function marketHistory(marketId: number, detail: MatchDetail = matchDetail()): MarketHistory {
  const market = detail.event.markets.find((m) => m.marketId === marketId)!;
  const t = Date.parse(UPDATED_AT) / 1000 - 7200;
  const series = market.odds.flatMap((row) =>
    row.odds.map((o) => ({
      provider: row.provider,
      selectionTypeId: o.selectionTypeId,
      points: (o.opening === o.value ? [[t, o.opening]] : [[t, o.opening], [t + 3600, o.value]]) as [number, number][],
    })),
  );
  return { eventId: detail.event.id, marketId, series };
}

/** The match's heading, as search, dropping odds and the tools name it. */
export function headingFixture(): EventHeading {
  const { event } = matchDetail();
  const { markets: _markets, links: _links, started: _started, ...heading } = event;
  return heading;
}

/** One bookmaker's fall: Bet9ja's 2.40 to 2.10 unless told otherwise. */
export function bookDrop(overrides: Partial<BookDrop> = {}): BookDrop {
  return { provider: 1, from: 2.4, to: 2.1, dropPct: 12.5, at: "2026-11-22T10:30:00.000Z", ...overrides };
}

/** One outcome that fell: the match's Home at the books given (Bet9ja's fall alone unless told otherwise). */
export function outcomeDrop(overrides: Partial<OutcomeDrop> = {}): OutcomeDrop {
  const books = overrides.books ?? [bookDrop()];
  return { event: headingFixture(), marketId: 1, selectionTypeId: 1, dropPct: books[0]!.dropPct, books, ...overrides };
}
