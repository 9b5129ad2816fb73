import { describe, expect, it } from "vitest";
import { frameRing } from "./ring.ts";

const entry = (seq: number) => ({ seq, frame: `f${seq}` });

describe("frameRing", () => {
  it("resumes nobody until positioned, then everything after a sequence it still holds", () => {
    const ring = frameRing<ReturnType<typeof entry>>(3);
    expect([ring.latest(), ring.since(0)]).toEqual([undefined, null]);
    ring.startAt(10);
    expect(ring.since(9)).toBeNull();
    expect(ring.since(10)).toEqual([]);
    for (const seq of [11, 12, 13]) ring.push(entry(seq));
    expect(ring.since(11)).toEqual([entry(12), entry(13)]);
    expect(ring.latest()).toBe(13);
  });

  it("forgets past its capacity: a resume from before the oldest kept is refused, not partial", () => {
    const ring = frameRing<ReturnType<typeof entry>>(2);
    ring.startAt(0);
    for (const seq of [1, 2, 3, 4]) ring.push(entry(seq));
    expect(ring.since(1)).toBeNull();
    expect(ring.since(2)).toEqual([entry(3), entry(4)]);
  });

  it("moves its position for a change it does not keep, and starts empty again at a reset", () => {
    const ring = frameRing<ReturnType<typeof entry>>(5);
    ring.startAt(0);
    ring.push(entry(1));
    ring.advanceTo(3);
    expect(ring.latest()).toBe(3);
    ring.startAt(9);
    expect([ring.latest(), ring.since(9), ring.since(1)]).toEqual([9, [], null]);
  });
});
