import { describe, expect, it } from "vitest";
import { BETSLIP_MAX_LEGS, type Betslip, type BetslipLeg } from "#shared/contract.ts";
import { leg, legView } from "../../../tests/client/betslip-fixtures.ts";
import { IMPORT_ATTEMPTS, planImport, runImport, type ImportIO } from "./import-legs.ts";

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

/** A stored slip of these legs, as the API answers it (only its stake and legs matter to an import). */
const slipOf = (legs: BetslipLeg[]): Betslip => ({ stake: 1000, legs: legs.map((l) => legView(l)), bookmakers: [], biddable: legs.length, updatedAt: null });

describe("the import's read, plan and write", () => {
  /** A slip another device changes `changes` times between our read and our write; each write says whether it was the last try. */
  function slipChanging(changes: number, start: ReturnType<typeof leg>[] = []) {
    const seen = { reads: 0, writes: [] as { legs: number; etag: string; last: boolean }[] };
    let version = 0;
    let legs = start;
    const io: ImportIO<string> = {
      async read() {
        seen.reads += 1;
        return { slip: slipOf(legs), etag: `"${version}"` };
      },
      async write(slip, etag, _plan, last) {
        seen.writes.push({ legs: slip.legs.length, etag, last });
        if (seen.writes.length <= changes) {
          // Another device saves first: our version is stale.
          version += 1;
          legs = [...legs, match(100 + version)];
          return last ? { done: "refused" } : "changed";
        }
        legs = slip.legs;
        return { done: "saved" };
      },
      nothingAdded: () => "nothing to add",
    };
    return { io, seen };
  }

  it("reads and plans again on a stale version, keeping what the other device saved", async () => {
    const { io, seen } = slipChanging(2);
    await expect(runImport([match(1)], "add", io)).resolves.toBe("saved");
    expect(seen.reads).toBe(3);
    expect(seen.writes).toEqual([
      { legs: 1, etag: '"0"', last: false },
      { legs: 2, etag: '"1"', last: false },
      { legs: 3, etag: '"2"', last: true },
    ]);
  });

  it(`gives up after ${IMPORT_ATTEMPTS} tries, the last one told it is the last`, async () => {
    const { io, seen } = slipChanging(IMPORT_ATTEMPTS);
    await expect(runImport([match(1)], "replace", io)).resolves.toBe("refused");
    expect(seen.writes.map((w) => w.last)).toEqual([false, false, true]);
  });

  it("writes nothing when an add has nothing to add", async () => {
    const { io, seen } = slipChanging(0, [match(1)]);
    await expect(runImport([{ ...match(1), selectionTypeId: 2 }], "add", io)).resolves.toBe("nothing to add");
    expect(seen.writes).toEqual([]);
  });

  it("ends with the read's own outcome when the slip could not be read", async () => {
    const { io, seen } = slipChanging(0);
    await expect(runImport([match(1)], "add", { ...io, read: async () => ({ done: "sign in again" }) })).resolves.toBe("sign in again");
    expect(seen.writes).toEqual([]);
  });
});
