import { describe, expect, it } from "vitest";
import { SIM_BOOKS, harness, LEAGUE_PATHS } from "../../../tests/helpers/simulator/sim-harness.ts";

const ALL_PATHS = [
  ...SIM_BOOKS.flatMap((bk) => LEAGUE_PATHS[bk]),
  "/bet9ja/mobile/feapi/PalimpsestAjax/GetEventsInGroupV2?GROUPID=180923",
];

async function bodies(seed: number, at?: number): Promise<string[]> {
  const h = harness(seed, at);
  return Promise.all(ALL_PATHS.map(async (path) => (await h.get(path)).text));
}

describe("determinism", () => {
  it("answers byte-identical payloads on every endpoint for the same seed and clock", async () => {
    const [a, b] = await Promise.all([bodies(42), bodies(42)]);
    expect(a).toEqual(b);
    expect(a.every((body) => body.length > 200)).toBe(true);
  });

  it("answers different fixtures and prices for a different seed", async () => {
    const [a, b] = await Promise.all([bodies(42), bodies(43)]);
    a.forEach((body, i) => expect(body).not.toBe(b[i]));
  });

  it("prices a later instant the same whether or not earlier instants were served first", async () => {
    const later = Date.UTC(2026, 10, 25, 18, 42);
    const h = harness(42);
    await Promise.all(ALL_PATHS.map((p) => h.get(p)));
    h.setNow(later);
    const warm = await Promise.all(ALL_PATHS.map(async (p) => (await h.get(p)).text));
    expect(warm).toEqual(await bodies(42, later));
  });
});
