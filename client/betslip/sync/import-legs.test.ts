import { describe, expect, it } from "vitest";
import { BETSLIP_MAX_LEGS } from "#shared/contract.ts";
import { leg } from "../../../tests/client/betslip-fixtures.ts";
import { planImport } from "./import-legs.ts";

const match = (i: number) => leg({ eventId: `c1:match-${i}` });

describe("planning a booking code's import", () => {
  it("replaces the slip's legs, keeping one selection per match and at most the slip's 50", () => {
    const incoming = [match(0), { ...match(0), selectionTypeId: 2 }, ...Array.from({ length: BETSLIP_MAX_LEGS }, (_, i) => match(i + 1))];
    const plan = planImport([match(99)], incoming, "replace");

    expect(plan.legs).toHaveLength(BETSLIP_MAX_LEGS);
    expect(plan.legs[0]).toEqual(match(0));
    expect(plan.legs).not.toContainEqual(match(99));
    expect([plan.added, plan.sameMatch, plan.overLimit]).toEqual([BETSLIP_MAX_LEGS, 1, 1]);
  });

  it("adds after the slip's legs, skipping a match already on it, and keeps only the stored fields", () => {
    const plan = planImport([match(1)], [{ ...match(1), selectionTypeId: 3 }, { ...match(2), extra: true } as ReturnType<typeof leg>], "add");

    expect(plan.legs).toEqual([match(1), match(2)]);
    expect([plan.added, plan.sameMatch, plan.overLimit]).toEqual([1, 1, 0]);
  });
});
