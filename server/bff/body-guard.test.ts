import { describe, expect, it } from "vitest";
import { nestsDeeperThan } from "./body-guard.ts";

describe("nestsDeeperThan", () => {
  it("counts arrays and objects, not scalars", () => {
    expect(nestsDeeperThan("text", 0)).toBe(false);
    expect(nestsDeeperThan({ a: 1 }, 1)).toBe(false);
    expect(nestsDeeperThan({ a: [1] }, 1)).toBe(true);
    expect(nestsDeeperThan({ a: [1], b: { c: { d: null } } }, 3)).toBe(false);
    expect(nestsDeeperThan({ a: [1], b: { c: { d: {} } } }, 3)).toBe(true);
  });

  it("walks a value far deeper than the call stack allows without throwing", () => {
    const deep = JSON.parse("[".repeat(100_000) + "]".repeat(100_000)) as unknown;
    expect(nestsDeeperThan(deep, 32)).toBe(true);
  });
});
