import { describe, expect, it } from "vitest";
import { dayMatcher, parseDay } from "./day-filter.ts";

const LAGOS = "Africa/Lagos"; // UTC+1, no daylight saving

describe("dayMatcher", () => {
  // Friday 21 November 2025, 18:00 in Lagos.
  const friday = Date.parse("2025-11-21T17:00:00Z");

  it("splits today from tomorrow at local midnight: 23:30 tonight is today, 00:30 is tomorrow", () => {
    const today = dayMatcher("today", friday, LAGOS);
    const tomorrow = dayMatcher("tomorrow", friday, LAGOS);
    const lateTonight = "2025-11-21T22:30:00Z"; // 23:30 in Lagos
    const afterMidnight = "2025-11-21T23:30:00Z"; // 00:30 on Saturday in Lagos
    expect([today(lateTonight), tomorrow(lateTonight)]).toEqual([true, false]);
    expect([today(afterMidnight), tomorrow(afterMidnight)]).toEqual([false, true]);
  });

  it("judges the day in the viewer's zone, not in UTC", () => {
    // 03:30 UTC on Saturday is still Friday evening in New York.
    const newYorkFriday = Date.parse("2025-11-21T20:00:00Z");
    expect(dayMatcher("today", newYorkFriday, "America/New_York")("2025-11-22T03:30:00Z")).toBe(true);
    expect(dayMatcher("today", newYorkFriday, LAGOS)("2025-11-22T03:30:00Z")).toBe(false);
  });

  it("takes the coming Saturday and Sunday as the weekend on a Friday", () => {
    const weekend = dayMatcher("weekend", friday, LAGOS);
    expect(weekend("2025-11-21T22:30:00Z")).toBe(false); // Friday 23:30
    expect(weekend("2025-11-21T23:30:00Z")).toBe(true); // Saturday 00:30
    expect(weekend("2025-11-23T22:30:00Z")).toBe(true); // Sunday 23:30
    expect(weekend("2025-11-23T23:30:00Z")).toBe(false); // Monday 00:30
  });

  it("takes this weekend on a Sunday (today is its last day), and on a Saturday", () => {
    const sunday = Date.parse("2025-11-23T10:00:00Z");
    const onSunday = dayMatcher("weekend", sunday, LAGOS);
    expect(onSunday("2025-11-23T19:00:00Z")).toBe(true);
    expect(onSunday("2025-11-23T23:30:00Z")).toBe(false); // Monday
    expect(onSunday("2025-11-29T15:00:00Z")).toBe(false); // next Saturday
    const saturday = Date.parse("2025-11-22T10:00:00Z");
    const onSaturday = dayMatcher("weekend", saturday, LAGOS);
    expect(["2025-11-22T15:00:00Z", "2025-11-23T15:00:00Z", "2025-11-24T15:00:00Z"].map(onSaturday)).toEqual([true, true, false]);
  });

  it("takes the next weekend from a Monday", () => {
    const monday = Date.parse("2025-11-24T10:00:00Z");
    const weekend = dayMatcher("weekend", monday, LAGOS);
    expect(["2025-11-23T15:00:00Z", "2025-11-28T15:00:00Z", "2025-11-29T15:00:00Z", "2025-11-30T15:00:00Z"].map(weekend)).toEqual([false, false, true, true]);
  });

  it("keeps everything for All and nothing unparseable for a day", () => {
    expect(dayMatcher("all", friday, LAGOS)("not a date")).toBe(true);
    expect(dayMatcher("today", friday, LAGOS)("not a date")).toBe(false);
  });
});

describe("parseDay", () => {
  it("reads ?day= and falls back to All", () => {
    expect(["today", "tomorrow", "weekend", "all", "monday", ""].map((day) => parseDay(new URLSearchParams({ day })))).toEqual(["today", "tomorrow", "weekend", "all", "all", "all"]);
    expect(parseDay(new URLSearchParams())).toBe("all");
  });
});
