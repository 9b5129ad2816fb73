import { describe, it, expect } from "vitest";
import { asShown, formatCount, formatKickoff, formatMargin, formatOdds, formatTimeZone, marginBadgeColour } from "./format.ts";

const LAGOS = "Africa/Lagos"; // UTC+1 all year
const NEW_YORK = "America/New_York";
const TOKYO = "Asia/Tokyo";

describe("formatOdds", () => {
  it("shows two decimals, or three when the bookmaker quotes three, so stake x price is the return shown", () => {
    expect(formatOdds(2.5)).toBe("2.50");
    expect(formatOdds(2.345)).toBe("2.345");
    expect(formatOdds(2.338)).toBe("2.338");
    expect(formatOdds(1.3)).toBe("1.30");
    expect(formatOdds(10)).toBe("10.00");
  });

  it("never rounds a price up: a fourth decimal is cut", () => {
    expect(formatOdds(1.2858)).toBe("1.285");
    expect(formatOdds(1.2399)).toBe("1.239");
    expect(formatOdds(4.9999)).toBe("4.999");
  });

  it("shows '-' for a missing or non-finite price", () => {
    expect(formatOdds()).toBe("-");
    expect(formatOdds(null)).toBe("-");
    expect(formatOdds(Number.NaN)).toBe("-");
    expect(formatOdds(Number.POSITIVE_INFINITY)).toBe("-");
  });
});

describe("formatMargin", () => {
  it("shows the margin as a percent with two decimals, negative margins included", () => {
    expect(formatMargin(5.234)).toBe("5.23%");
    expect(formatMargin(0)).toBe("0.00%");
    expect(formatMargin(-1.5)).toBe("-1.50%");
  });

  it("shows '-' when a bookmaker has no margin", () => {
    expect(formatMargin(null)).toBe("-");
    expect(formatMargin(undefined)).toBe("-");
    expect(formatMargin(Number.NaN)).toBe("-");
  });
});

describe("asShown", () => {
  it("is the number formatOdds prints, never above the price, binary noise aside", () => {
    for (const value of [3.475, 3.47, 3.4700001, 3.468, 1.005, 2.675, 1.2858, 4.995, 2.338, 0.1 + 0.2 + 1]) {
      expect(asShown(value)).toBe(Number(formatOdds(value)));
      expect(asShown(value)).toBeLessThanOrEqual(value);
    }
    expect(asShown(2.338)).toBe(2.338);
    expect(asShown(1.005)).toBe(1.005);
    expect(asShown(1.2858)).toBe(1.285);
  });
});

describe("marginBadgeColour", () => {
  it("is primary up to and including 5 percent", () => {
    expect(marginBadgeColour(-2)).toBe("primary");
    expect(marginBadgeColour(0)).toBe("primary");
    expect(marginBadgeColour(5)).toBe("primary");
  });

  it("is warning above 5 up to and including 10 percent, danger above", () => {
    expect(marginBadgeColour(5.01)).toBe("warning");
    expect(marginBadgeColour(10)).toBe("warning");
    expect(marginBadgeColour(10.01)).toBe("danger");
    expect(marginBadgeColour(25)).toBe("danger");
  });

  it("follows the margin as shown: 5.004% shows 5.00% and is primary, 5.005% shows 5.01% and is warning", () => {
    expect(formatMargin(5.004)).toBe("5.00%");
    expect(marginBadgeColour(5.004)).toBe("primary");
    expect(formatMargin(5.0051)).toBe("5.01%");
    expect(marginBadgeColour(5.0051)).toBe("warning");
    expect(formatMargin(10.0049)).toBe("10.00%");
    expect(marginBadgeColour(10.0049)).toBe("warning");
  });

  it("is neutral light when there is no margin", () => {
    expect(marginBadgeColour(null)).toBe("light");
    expect(marginBadgeColour(undefined)).toBe("light");
  });
});

describe("formatCount", () => {
  it("groups thousands the Nigerian English way", () => {
    expect(formatCount(1234567)).toBe("1,234,567");
    expect(formatCount(1000)).toBe("1,000");
    expect(formatCount(999)).toBe("999");
    expect(formatCount(0)).toBe("0");
  });
});

describe("formatTimeZone", () => {
  it("names the zone by its offset at that instant and its city", () => {
    expect(formatTimeZone("Africa/Lagos", new Date("2026-11-22T12:00:00Z"))).toBe("GMT+1 (Lagos)");
    expect(formatTimeZone("Europe/London", new Date("2026-11-22T12:00:00Z"))).toBe("GMT (London)");
    expect(formatTimeZone("Europe/London", new Date("2026-07-01T12:00:00Z"))).toBe("GMT+1 (London)");
    expect(formatTimeZone("America/New_York", new Date("2026-11-22T12:00:00Z"))).toBe("GMT-5 (New York)");
    expect(formatTimeZone("UTC", new Date("2026-11-22T12:00:00Z"))).toBe("GMT");
  });

  it("names a zone the runtime does not know by its name, every time", () => {
    for (let i = 0; i < 2; i++) expect(formatTimeZone("Mars/Olympus_Mons", new Date("2026-11-22T12:00:00Z"))).toBe("Mars/Olympus_Mons (Olympus Mons)");
  });
});

describe("formatKickoff", () => {
  it("writes every ordinal suffix correctly, including 11th to 13th", () => {
    const now = new Date("2025-11-20T10:00:00Z");
    // December 2025: the 1st is a Monday. 14:00 UTC is 15:00 in Lagos.
    const expected: [number, string][] = [
      [1, "Monday 1st December • 15:00"],
      [2, "Tuesday 2nd December • 15:00"],
      [3, "Wednesday 3rd December • 15:00"],
      [4, "Thursday 4th December • 15:00"],
      [11, "Thursday 11th December • 15:00"],
      [12, "Friday 12th December • 15:00"],
      [13, "Saturday 13th December • 15:00"],
      [21, "Sunday 21st December • 15:00"],
      [22, "Monday 22nd December • 15:00"],
      [23, "Tuesday 23rd December • 15:00"],
      [31, "Wednesday 31st December • 15:00"],
    ];
    for (const [day, text] of expected) {
      const kickoff = `2025-12-${String(day).padStart(2, "0")}T14:00:00Z`;
      expect(formatKickoff(kickoff, now, LAGOS)).toBe(text);
    }
  });

  it("matches the spec's example date", () => {
    expect(formatKickoff("2025-11-22T14:00:00Z", new Date("2025-11-19T09:00:00Z"), LAGOS)).toBe(
      "Saturday 22nd November • 15:00",
    );
  });

  it("keeps 23:59 today and turns 00:00 into tomorrow in the viewer's zone", () => {
    const now = new Date("2025-11-21T10:00:00Z"); // Friday 11:00 in Lagos
    expect(formatKickoff("2025-11-21T22:59:00Z", now, LAGOS)).toBe("Today • 23:59");
    expect(formatKickoff("2025-11-21T23:00:00Z", now, LAGOS)).toBe("Tomorrow • 00:00");
    expect(formatKickoff("2025-11-22T22:59:00Z", now, LAGOS)).toBe("Tomorrow • 23:59");
    expect(formatKickoff("2025-11-22T23:00:00Z", now, LAGOS)).toBe("Sunday 23rd November • 00:00");
  });

  it("flips Today to Tomorrow when now itself sits on either side of local midnight", () => {
    const kickoff = "2025-11-21T22:59:00Z"; // Friday 23:59 in Lagos
    expect(formatKickoff(kickoff, new Date("2025-11-20T23:00:00Z"), LAGOS)).toBe("Today • 23:59"); // Friday 00:00
    expect(formatKickoff(kickoff, new Date("2025-11-20T22:59:00Z"), LAGOS)).toBe("Tomorrow • 23:59"); // Thursday 23:59
  });

  it("calls a 23:30 UTC match Tomorrow in Lagos, Today in New York and in UTC", () => {
    const now = new Date("2025-11-21T12:00:00Z");
    const kickoff = "2025-11-21T23:30:00Z";
    expect(formatKickoff(kickoff, now, LAGOS)).toBe("Tomorrow • 00:30");
    expect(formatKickoff(kickoff, now, NEW_YORK)).toBe("Today • 18:30");
    expect(formatKickoff(kickoff, now, "UTC")).toBe("Today • 23:30");
  });

  it("uses the zone's day for now too, so the same instants can be Today in Tokyo", () => {
    const now = new Date("2025-11-21T16:00:00Z"); // Saturday 01:00 in Tokyo, Friday 17:00 in Lagos
    const kickoff = "2025-11-21T23:30:00Z";
    expect(formatKickoff(kickoff, now, TOKYO)).toBe("Today • 08:30");
    expect(formatKickoff(kickoff, now, LAGOS)).toBe("Tomorrow • 00:30");
  });

  it("shows a different weekday form per zone for the same instant", () => {
    const now = new Date("2025-11-20T12:00:00Z");
    const kickoff = "2025-11-22T03:00:00Z";
    expect(formatKickoff(kickoff, now, LAGOS)).toBe("Saturday 22nd November • 04:00");
    expect(formatKickoff(kickoff, now, NEW_YORK)).toBe("Tomorrow • 22:00");
  });

  it("counts days across a daylight-saving change and a year end", () => {
    // New York leaves daylight saving on 2 November 2025.
    expect(formatKickoff("2025-11-02T15:00:00Z", new Date("2025-11-01T16:00:00Z"), NEW_YORK)).toBe(
      "Tomorrow • 10:00",
    );
    expect(formatKickoff("2026-01-01T14:00:00Z", new Date("2025-12-31T12:00:00Z"), LAGOS)).toBe(
      "Tomorrow • 15:00",
    );
  });

  it("shows a past kickoff in the weekday form, never as Today", () => {
    const now = new Date("2025-11-22T12:00:00Z");
    expect(formatKickoff("2025-11-21T14:00:00Z", now, LAGOS)).toBe("Friday 21st November • 15:00");
  });

  it("accepts a Date as well as an ISO string, and gives '-' for an invalid date", () => {
    const now = new Date("2025-11-21T10:00:00Z");
    expect(formatKickoff(new Date("2025-11-21T19:45:00Z"), now, LAGOS)).toBe("Today • 20:45");
    expect(formatKickoff("not a date", now, LAGOS)).toBe("-");
  });
});
