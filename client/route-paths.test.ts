import { describe, expect, it } from "vitest";
import { linkHolds, returnPath, signInFor, hasForms } from "./route-paths.ts";

describe("returnPath", () => {
  it("keeps our own signed-in pages with their query", () => {
    expect(returnPath("/dashboard?competition=2&market=3")).toBe("/dashboard?competition=2&market=3");
    expect(returnPath("/match/c1%3Aarsenal-chelsea?chart=4")).toBe("/match/c1%3Aarsenal-chelsea?chart=4");
    expect(returnPath("/code/3/ABC123")).toBe("/code/3/ABC123");
    expect(returnPath("/betslip")).toBe("/betslip");
    expect(returnPath("/alerts")).toBe("/alerts");
    expect(returnPath("/matches?day=tomorrow&market=4")).toBe("/matches?day=tomorrow&market=4");
    expect(returnPath("/competitions?q=spain")).toBe("/competitions?q=spain");
    expect(returnPath("/competitions/10042?market=7")).toBe("/competitions/10042?market=7");
  });

  it("refuses other sites, public pages, odd paths and long ones", () => {
    for (const raw of ["//evil.example/dashboard", "/\\evil.example", "https://evil.example/dashboard", "javascript:alert(1)", "dashboard", "/", "/about", "/match/", "/nope", "", null, undefined, `/dashboard?${"a".repeat(1_000)}`]) {
      expect(returnPath(raw), String(raw)).toBeNull();
    }
  });
});

describe("signInFor", () => {
  it("sends a visitor home with the page to return to, or home alone", () => {
    expect(signInFor("/match/c1:x?chart=2")).toBe(`/?next=${encodeURIComponent("/match/c1:x?chart=2")}`);
    expect(signInFor("//evil.example")).toBe("/");
  });
});

describe("linkHolds", () => {
  it("says what the link holds", () => {
    expect(linkHolds("/match/c1:x")).toBe("this match's odds");
    expect(linkHolds("/betslip?x=1")).toBe("your betslip");
    expect(linkHolds("/code/1/X")).toBe("this booking code");
    expect(linkHolds("/matches?day=today")).toBe("the day's matches");
    expect(linkHolds("/competitions")).toBe("every competition");
    expect(linkHolds("/alerts")).toBe("your alerts");
    expect(linkHolds("/competitions/10042")).toBe("this competition's odds");
  });
});

describe("hasForms", () => {
  it("holds for the listed pages and a match's page, whose odds tables are the add form", () => {
    for (const path of ["/login", "/dashboard", "/betslip", "/dropping", "/profile", "/feedback", "/alerts", "/sure-bets", "/match/sim-e1", "/match/a%3Ab:c"]) expect(hasForms(path), path).toBe(true);
  });
  it("does not hold for other pages, nor a match path a cookie's Path could not carry", () => {
    for (const path of ["/", "/about", "/value-bets", "/alerts/add", "/match/", "/match/a/b", "/match/a;Domain=evil", "/match/a<b", "/match/é"]) expect(hasForms(path), path).toBe(false);
  });
});
