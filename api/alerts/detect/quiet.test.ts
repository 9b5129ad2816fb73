import { describe, expect, it } from "vitest";
import { quietUntil } from "./quiet.ts";

const lagos = (from: number | null, to: number | null) => ({ timeZone: "Africa/Lagos", from, to });
// Lagos is UTC+1 all year.
const at = (h: number, m: number) => Date.UTC(2026, 10, 24, h - 1, m);

describe("quietUntil", () => {
  it("holds an alert written inside 22:00-07:00 until 07:00 in the bettor's zone", () => {
    expect(quietUntil(lagos(22 * 60, 7 * 60), at(23, 30))).toBe(Date.UTC(2026, 10, 25, 6, 0));
    expect(quietUntil(lagos(22 * 60, 7 * 60), at(3, 15))).toBe(at(7, 0));
  });
  it("lets it go at once outside the window, and without quiet hours", () => {
    expect(quietUntil(lagos(22 * 60, 7 * 60), at(12, 0))).toBe(at(12, 0));
    expect(quietUntil(lagos(22 * 60, 7 * 60), at(7, 0))).toBe(at(7, 0));
    expect(quietUntil(lagos(null, null), at(23, 0))).toBe(at(23, 0));
  });
  it("reads a window within one day, and the hour in another zone", () => {
    expect(quietUntil(lagos(13 * 60, 14 * 60), at(13, 20) + 15_000)).toBe(at(14, 0));
    // 23:30 UTC is 02:30 in Nairobi (UTC+3): inside 22:00-07:00 there, until 04:00 UTC.
    expect(quietUntil({ timeZone: "Africa/Nairobi", from: 22 * 60, to: 7 * 60 }, Date.UTC(2026, 10, 24, 23, 30))).toBe(Date.UTC(2026, 10, 25, 4, 0));
  });
});
