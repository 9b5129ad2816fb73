import { describe, expect, it } from "vitest";
import { hash32, mulberry32, shuffled } from "./random.ts";

describe("seeded randomness", () => {
  it("repeats the same mulberry32 sequence for the same seed and another for a different seed", () => {
    const draw = (seed: number) => Array.from({ length: 5 }, mulberry32(seed));
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(8));
    expect(draw(7).every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it("hashes parts separately, so moving a boundary between parts changes the hash", () => {
    expect(hash32("ab", "c")).not.toBe(hash32("a", "bc"));
    expect(hash32(1, "x", 2)).toBe(hash32("1", "x", "2"));
  });

  it("shuffles a copy deterministically and keeps every item", () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    const a = shuffled(items, mulberry32(3));
    expect(a).toEqual(shuffled(items, mulberry32(3)));
    expect([...a].sort((x, y) => x - y)).toEqual(items);
    expect(items[0]).toBe(0);
  });
});
