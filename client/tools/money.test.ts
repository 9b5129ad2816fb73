import { describe, expect, it } from "vitest";
import { formatNaira, parseStakeTotal, STAKE_MESSAGES } from "./money.ts";

describe("formatNaira", () => {
  it("writes whole naira with thousands separators", () => {
    expect(formatNaira(3412)).toBe("₦3,412");
    expect(formatNaira(1_250_000)).toBe("₦1,250,000");
  });

  it("writes kobo when asked", () => {
    expect(formatNaira(10_234.5, { kobo: true })).toBe("₦10,234.50");
    expect(formatNaira(7, { kobo: true })).toBe("₦7.00");
  });

  it("marks a loss with a minus sign and never writes a negative zero", () => {
    expect(formatNaira(-1.2, { kobo: true })).toBe("\u2212₦1.20");
    expect(formatNaira(-0.001, { kobo: true })).toBe("₦0.00");
  });
});

describe("parseStakeTotal", () => {
  it("reads figures with or without separators and the naira sign", () => {
    expect(parseStakeTotal("10000")).toEqual({ ok: true, naira: 10_000 });
    expect(parseStakeTotal(" ₦10,000 ")).toEqual({ ok: true, naira: 10_000 });
  });

  it("drops kobo: the stakes are whole naira", () => {
    expect(parseStakeTotal("10000.75")).toEqual({ ok: true, naira: 10_000 });
  });

  it("refuses an empty, non-numeric, zero or negative amount", () => {
    expect(parseStakeTotal("")).toEqual({ ok: false, message: STAKE_MESSAGES.empty });
    for (const text of ["abc", "0", "0.00", "-500", "1e4", "10.123", "."]) {
      expect(parseStakeTotal(text), text).toEqual({ ok: false, message: STAKE_MESSAGES.notAmount });
    }
  });

  it("needs a whole naira, leaves the bookmakers' minimums to the split, and refuses a total beyond ₦10,000,000", () => {
    expect(parseStakeTotal("2")).toEqual({ ok: true, naira: 2 });
    expect(parseStakeTotal("0.5")).toEqual({ ok: false, message: "Enter at least ₦1." });
    expect(parseStakeTotal("10000001")).toEqual({ ok: false, message: "Enter at most ₦10,000,000." });
    expect(parseStakeTotal("10,000,000")).toEqual({ ok: true, naira: 10_000_000 });
  });
});
