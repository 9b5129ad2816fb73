import { describe, expect, it } from "vitest";
import { dayBounds, isCursor, parseBoardDay } from "./board-day.ts";

const at = (iso: string) => Date.parse(iso);

describe("the board's days", () => {
  it("starts today at midnight in Lagos (GMT+1) and ends at the next, tomorrow the day after", () => {
    const now = at("2026-11-22T12:00:00Z");
    expect(dayBounds("today", now, "Africa/Lagos")).toEqual({ from: at("2026-11-21T23:00:00Z"), until: at("2026-11-22T23:00:00Z") });
    expect(dayBounds("tomorrow", now, "Africa/Lagos")).toEqual({ from: at("2026-11-22T23:00:00Z"), until: at("2026-11-23T23:00:00Z") });
  });

  it("judges the day in the bettor's zone, not UTC's: half past midnight in Lagos is already the next day", () => {
    const now = at("2026-11-22T23:30:00Z");
    expect(dayBounds("today", now, "Africa/Lagos")).toEqual({ from: at("2026-11-22T23:00:00Z"), until: at("2026-11-23T23:00:00Z") });
    expect(dayBounds("today", now, "UTC")).toEqual({ from: at("2026-11-22T00:00:00Z"), until: at("2026-11-23T00:00:00Z") });
    expect(dayBounds("today", now, "Asia/Tokyo").from).toBe(at("2026-11-22T15:00:00Z"));
  });

  it("gives a day its own length where the clocks change (London's 23-hour day in March)", () => {
    const { from, until } = dayBounds("today", at("2026-03-29T12:00:00Z"), "Europe/London");
    expect(from).toBe(at("2026-03-29T00:00:00Z"));
    expect(until).toBe(at("2026-03-29T23:00:00Z"));
  });

  it("reads ?day= as tomorrow only when it says so", () => {
    expect(parseBoardDay(new URLSearchParams("day=tomorrow"))).toBe("tomorrow");
    expect(parseBoardDay(new URLSearchParams("day=weekend"))).toBe("today");
    expect(parseBoardDay(new URLSearchParams(""))).toBe("today");
  });

  it("takes only a cursor of the API's shape", () => {
    expect(isCursor("1763852400000~c1:arsenal-chelsea")).toBe(true);
    expect(isCursor("1763852400000~")).toBe(true);
    expect(isCursor("yesterday")).toBe(false);
    expect(isCursor("1~a b")).toBe(false);
    expect(isCursor(null)).toBe(false);
  });
});
