/**
 * Selections that name a side (shared/reference.ts): 1X2 Home 1 <-> Away 3, Double Chance
 * 1X 16 <-> X2 18. Draw, 12, Over/Under and BTTS read the same from either side.
 */
const SIDE_SWAPS: ReadonlyMap<number, number> = new Map([
  [1, 3],
  [3, 1],
  [16, 18],
  [18, 16],
]);

/** Prices of a bookmaker that lists the sides reversed, rewritten for the fixture's orientation. */
export function swapSides<T extends { selectionTypeId: number }>(prices: readonly T[]): T[] {
  return prices.map((price) => ({
    ...price,
    selectionTypeId: SIDE_SWAPS.get(price.selectionTypeId) ?? price.selectionTypeId,
  }));
}
