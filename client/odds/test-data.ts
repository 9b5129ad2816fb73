/** Test factories (not shipped) for the odds contract shapes. */
import type { EventMarket, OddsEvent, OddsSummary, ProviderOdds } from "#shared/contract.ts";

export function providerOdds(
  provider: number,
  prices: Array<[selectionTypeId: number, value: number, flags?: number]>,
  margin: number | null = 5.5,
): ProviderOdds {
  return {
    provider,
    margin,
    updatedAt: "2026-11-22T09:00:00.000Z",
    odds: prices.map(([selectionTypeId, value, flags = 0]) => ({ selectionTypeId, value, flags })),
  };
}

export function market(marketId: number, odds: ProviderOdds[]): EventMarket {
  return { marketId, odds };
}

let counter = 0;

export function oddsEvent(overrides: Partial<OddsEvent> = {}): OddsEvent {
  counter += 1;
  return {
    id: `ev-${counter}`,
    name: "Arsenal vs Chelsea",
    home: "Arsenal",
    away: "Chelsea",
    date: "2026-11-22T15:00:00.000Z",
    competitionId: 1,
    markets: [
      market(1, [
        providerOdds(1, [
          [1, 2.1],
          [2, 3.4],
          [3, 3.25],
        ]),
      ]),
    ],
    ...overrides,
  };
}

export function summary(overrides: Partial<OddsSummary> = {}): OddsSummary {
  return {
    numEvents: 42,
    numBookmakers: 5,
    marketIds: [1, 4, 7],
    competitionIds: [1, 2, 3],
    numOdds: 12345,
    ...overrides,
  };
}
