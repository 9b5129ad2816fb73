import { describe, expect, it } from "vitest";
import { ifMatchOf, versionTag } from "./routes.ts";

describe("a betslip write's If-Match", () => {
  it("checks nothing when absent, so a client that never sends it writes as before", () => {
    expect(ifMatchOf(undefined)).toBeUndefined();
  });

  it("matches the slip's version by strong comparison, among several tags, or any version for *", () => {
    expect(versionTag(7)).toBe('"7"');
    const check = ifMatchOf('"6", "7"')!;
    expect([check(6), check(7), check(8)]).toEqual([true, true, false]);
    expect(ifMatchOf("*")!(0)).toBe(true);
    for (const header of ['W/"7"', "7", "", '"7 "']) expect(ifMatchOf(header)!(7), header).toBe(false);
  });
});
