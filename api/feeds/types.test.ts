import { describe, expect, it } from "vitest";
import { BOOKMAKER_ID_BY_KEY, BOOKMAKER_KEYS } from "./types.ts";

describe("bookmaker keys", () => {
  // docs/product.md, Reference tables.
  it("give each bookmaker its product id, from the one table in shared/reference.ts", () => {
    expect(BOOKMAKER_ID_BY_KEY).toEqual({ bet9ja: 1, betking: 2, sportybet: 3, nairabet: 4, "1xbet": 5 });
    expect(BOOKMAKER_KEYS).toEqual(["bet9ja", "betking", "sportybet", "nairabet", "1xbet"]);
  });
});
