import { describe, expect, it } from "vitest";
import { alertOfTap, alertTapValue, nextPriceStep, sureAlertProfit } from "./alert-taps.ts";

describe("an Alert me tap's defaults", () => {
  it("sets a target price at the next step above the best price: 5 % up, to two decimals, always above it", () => {
    expect(nextPriceStep(2.5)).toBe(2.63);
    expect(nextPriceStep(1.9)).toBe(2);
    expect(nextPriceStep(1.01)).toBe(1.06);
    expect(nextPriceStep(0.1)).toBe(1.01);
    expect(nextPriceStep(980)).toBe(1000);
  });

  it("asks sure bets over the list's chosen least profit, or 1 % when it shows any", () => {
    expect(sureAlertProfit(2)).toBe(2);
    expect(sureAlertProfit(0)).toBe(1);
  });
});

describe("an Alert me tap as its button sends it", () => {
  it("reads back each kind as the contract's rule, to every channel the bettor has", () => {
    const event = "c1:2026-11-28:arsenal+chelsea";
    expect(alertOfTap(alertTapValue({ kind: "target", marketId: 1, selectionTypeId: 3, price: 2.63 }), event)).toEqual({ kind: "target", eventId: event, marketId: 1, selectionTypeId: 3, threshold: 2.63, channels: [] });
    expect(alertOfTap(alertTapValue({ kind: "move", share: 10 }), event)).toEqual({ kind: "move", eventId: event, threshold: 10, channels: [] });
    expect(alertOfTap(alertTapValue({ kind: "slip", share: 10 }), "")).toEqual({ kind: "slip", threshold: 10, channels: [] });
    expect(alertOfTap(alertTapValue({ kind: "sure", profit: 1 }), "")).toEqual({ kind: "sure", threshold: 1, channels: [] });
  });

  it("reads nothing outside the contract's limits or shapes: no rule, so no call", () => {
    const event = "e1";
    for (const value of ["target:1:1:1.00", "target:1:1:1000.01", "target:1:1:2.633", "target:x:1:2", "target:1234567890:1:2", "target:1:1", "move:0", "move:101", "slip:0.5", "sure:-1", "sure:101", "drop:5", "move:10:1", "", "move:1e2", "sure: 1"]) {
      expect(alertOfTap(value, event), value).toBeUndefined();
    }
  });

  it("needs a match for a target or a move alert, never a path step or a slash", () => {
    for (const event of ["", ".", "..", "a/b", "a\\b", "a b", "x".repeat(201)]) {
      expect(alertOfTap("move:10", event), event).toBeUndefined();
      expect(alertOfTap("target:1:1:2.5", event), event).toBeUndefined();
    }
  });
});
