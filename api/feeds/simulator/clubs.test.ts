import { describe, expect, it } from "vitest";
import { SIM_CLUBS, simClubsOf } from "./clubs.ts";
import { SIM_BOOKS } from "../../../tests/helpers/simulator/sim-harness.ts";

describe("club data", () => {
  it("lists the 2025-26 line-ups: twenty clubs in three leagues and eighteen in the Bundesliga", () => {
    expect([1, 2, 3, 4].map((id) => simClubsOf(id).length)).toEqual([20, 20, 20, 18]);
    expect(simClubsOf(1).map((c) => c.key)).toEqual(expect.arrayContaining(["sunderland", "leeds", "burnley"]));
    expect(simClubsOf(4).map((c) => c.key)).toEqual(expect.arrayContaining(["hamburg", "koln"]));
    expect(new Set(SIM_CLUBS.map((c) => c.key)).size).toBe(SIM_CLUBS.length);
  });

  it("gives every club a spelling at every bookmaker, unique within that bookmaker's league", () => {
    for (const bk of SIM_BOOKS) {
      for (const id of [1, 2, 3, 4]) {
        const names = simClubsOf(id).map((c) => c.names[bk]);
        expect(names.every((n) => n.trim().length > 2)).toBe(true);
        expect(new Set(names).size).toBe(names.length);
      }
    }
  });

  it("uses the forms real sites use, so the team matcher meets them here first", () => {
    const find = (key: string) => SIM_CLUBS.find((c) => c.key === key)?.names;
    expect(find("man-utd")).toMatchObject({
      bet9ja: "Man Utd",
      betking: "Man. United",
      sportybet: "Manchester United",
    });
    expect(find("wolves")?.bet9ja).toBe("Wolves");
    expect(find("nottm-forest")?.bet9ja).toBe("Nottm Forest");
    expect(find("atletico")).toMatchObject({
      bet9ja: "Atl. Madrid",
      nairabet: "Atlético Madrid",
      "1xbet": "Atletico Madrid",
    });
    expect(find("bayern")).toMatchObject({ nairabet: "Bayern München", "1xbet": "Bayern Munich" });
    expect(find("inter")?.bet9ja).toBe("Inter");
  });

  it("rates the title contenders above the promoted sides", () => {
    const strength = (key: string) => SIM_CLUBS.find((c) => c.key === key)?.strength ?? 0;
    expect(strength("arsenal")).toBeGreaterThan(strength("sunderland") + 10);
    expect(strength("bayern")).toBeGreaterThan(strength("heidenheim") + 10);
  });
});
