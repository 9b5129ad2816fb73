import { describe, expect, it } from "vitest";
import { formatKobo, formatTotalOdds, parseStake, STAKE_INVALID_MESSAGE } from "./money.ts";

describe("the betslip's money", () => {
  it("shows naira to the kobo, grouped by thousands", () => {
    expect(formatKobo(1000)).toBe("₦1,000.00");
    expect(formatKobo(12345.6)).toBe("₦12,345.60");
    expect(formatKobo(0.5)).toBe("₦0.50");
  });

  it("shows a slip's total odds with two decimals, grouped", () => {
    expect(formatTotalOdds(4.2)).toBe("4.20");
    expect(formatTotalOdds(1048576)).toBe("1,048,576.00");
  });

  it.each([
    ["1000", 1000],
    ["250.5", 250.5],
    ["250.50", 250.5],
    [" 10,000 ", 10000],
    ["₦5,000.25", 5000.25],
    ["0.01", 0.01],
    ["10,000,000", 10_000_000],
  ])("reads the stake %j as %s naira", (text, stake) => {
    expect(parseStake(text)).toBe(stake);
  });

  it.each(["", "0", "0.00", "-5", "1.234", "abc", "1e3", "12.", ".5", "10000000.01", "10000001", "1000000000"])("refuses the stake %j", (text) => {
    expect(parseStake(text)).toBeUndefined();
  });

  it("says what a stake must be, the API's limit included", () => {
    expect(STAKE_INVALID_MESSAGE).toBe("Enter a stake in naira above ₦0 and at most ₦10,000,000, with at most two decimals (for example 1000 or 250.50).");
  });
});
