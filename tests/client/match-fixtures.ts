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

/**
 * A market beyond the eight as the match answer describes it (the catalogue's name, selections,
 * group and shape): each provider's price = base + i × 0.9 + provider / 20 per selection, margin 5
 * unless given; `skip` leaves a provider's selection unquoted.
 */
export function catalogueMarket(
  marketId: number,
  described: Required<Pick<MatchMarket, "name" | "selections" | "group" | "shape">> & Pick<MatchMarket, "bookOnly">,
  { providers = BOOKMAKER_IDS as readonly number[], base = 1.5, skip = () => false, margin = () => 5 }: { providers?: readonly number[]; base?: number; skip?: (provider: number, selectionTypeId: number) => boolean; margin?: (provider: number) => number | null } = {},
): MatchMarket {
  const odds = providers.map((provider) => ({
    provider,
    margin: margin(provider),
    updatedAt: UPDATED_AT,
    odds: described.selections.flatMap(({ id }, i) => {
      if (skip(provider, id)) return [];
      const value = Number((base + i * 0.9 + provider / 20).toFixed(2));
      return [{ selectionTypeId: id, value, flags: 0, opening: provider % 2 === 1 ? Number((value - 0.1).toFixed(2)) : value }];
    }),
  }));
  return { marketId, ...described, odds };
}

/** Home Over/Under 0.5, a team total (Teams). */
export const HOME_OVER_05 = { name: "Home Over/Under 0.5", selections: [{ id: 21, label: "Over 0.5" }, { id: 22, label: "Under 0.5" }], group: "teams", shape: "two-way" } as const satisfies Parameters<typeof catalogueMarket>[1];

const SCORES = Array.from({ length: 25 }, (_, i) => `${Math.floor(i / 5)}:${i % 5}`);
/** Correct Score: 0:0 to 4:4 and any other, 26 selections (Specials), ids 100-125 in this fixture. */
export const CORRECT_SCORE = {
  name: "Correct Score",
  selections: [...SCORES.map((label, i) => ({ id: 100 + i, label })), { id: 125, label: "Any other" }],
  group: "specials",
  shape: "many-way",
} as const satisfies Parameters<typeof catalogueMarket>[1];

/** HT/FT's nine (Halves), ids 200-208 in this fixture. */
export const HT_FT = {
  name: "Half Time/Full Time",
  selections: ["1/1", "1/X", "1/2", "X/1", "X/X", "X/2", "2/1", "2/X", "2/2"].map((label, i) => ({ id: 200 + i, label })),
  group: "halves",
  shape: "many-way",
} as const satisfies Parameters<typeof catalogueMarket>[1];

/** SportyBet's 1UP, book-only (Specials), ids 300-302 in this fixture. */
export const ONE_UP = {
  name: "1X2 - 1UP",
  selections: [{ id: 300, label: "Home 1UP" }, { id: 301, label: "Draw 1UP" }, { id: 302, label: "Away 1UP" }],
  group: "specials",
  shape: "three-way",
  bookOnly: 3,
} as const satisfies Parameters<typeof catalogueMarket>[1];
