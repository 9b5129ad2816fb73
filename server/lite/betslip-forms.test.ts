import { describe, expect, it } from "vitest";
import { legOf } from "./betslip-forms.ts";

describe("a selection as a betslip form sends it", () => {
  it("reads any catalogue market's selection: the eight's, SportyBet's 1UP, a learnt market's ids of up to nine digits", () => {
    expect(legOf("1.1.c1:2026-11-28:arsenal+chelsea")).toEqual({ marketId: 1, selectionTypeId: 1, eventId: "c1:2026-11-28:arsenal+chelsea" });
    expect(legOf("52.141.c2:barca+real")).toEqual({ marketId: 52, selectionTypeId: 141, eventId: "c2:barca+real" });
    expect(legOf("100000.1000000.e.1")).toEqual({ marketId: 100_000, selectionTypeId: 1_000_000, eventId: "e.1" });
  });

  it("reads nothing else: ids longer than nine digits, no event, a path step or a slash", () => {
    for (const value of ["1234567890.1.e", "1.1234567890.e", "1.1.", "1.1..", "1.1.a/b", "x.1.e", "1.1"]) expect(legOf(value), value).toBeUndefined();
  });
});
