import { describe, expect, it } from "vitest";
import { alertTime, channelWords, isMuted, thresholdWords } from "./rule-words.ts";

describe("a rule in words", () => {
  it("says each kind's threshold as the bettor chose it", () => {
    expect(thresholdWords({ subject: { kind: "target", eventId: "e", marketId: 1, selectionTypeId: 1 }, threshold: 2.63 })).toBe("When the best price reaches 2.63 or more");
    expect(thresholdWords({ subject: { kind: "move", eventId: "e" }, threshold: 10 })).toBe("When a best price moves by 10% or more");
    expect(thresholdWords({ subject: { kind: "slip" }, threshold: 12.5 })).toMatch(/^When its best payout moves by 12\.5% or more, its best bookmaker changes/);
    expect(thresholdWords({ subject: { kind: "sure" }, threshold: 1 })).toBe("New sure bets of 1% profit or more after tax");
    expect(thresholdWords({ subject: { kind: "sure" }, threshold: 0 })).toBe("Every new sure bet");
    expect(thresholdWords({ subject: { kind: "drop", competitions: [] }, threshold: 15 })).toBe("Prices dropping by 15% or more");
    expect(thresholdWords({ subject: { kind: "drop", competitions: [1] }, threshold: 15 })).toBe("Prices dropping by 15% or more in the competitions chosen");
  });

  it("names its channels, every one the bettor has when it lists none", () => {
    expect(channelWords(["telegram", "email"])).toBe("Telegram, E-mail");
    expect(channelWords([])).toBe("Every channel you have");
  });

  it("gives times in the bettor's zone, and whether a mute still holds", () => {
    expect(alertTime("2026-11-30T13:05:00Z", "Africa/Lagos")).toBe("30 Nov, 14:05");
    expect(alertTime("garbage", "Africa/Lagos")).toBe("-");
    const now = Date.parse("2026-11-30T12:00:00Z");
    expect(isMuted({ mutedUntil: "2026-11-30T13:00:00Z" }, now)).toBe(true);
    expect(isMuted({ mutedUntil: "2026-11-30T11:00:00Z" }, now)).toBe(false);
    expect(isMuted({ mutedUntil: null }, now)).toBe(false);
  });
});
