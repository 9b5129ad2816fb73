import { describe, expect, it } from "vitest";
import { consumerGuard } from "./consumer-guard.ts";

/** A response whose queue the test sets. */
const response = () => ({ writableLength: 0 });
const limits = { maxQueuedBytes: 1_000, maxStallMs: 60_000 };

describe("consumerGuard", () => {
  it("says a consumer stalled once it took nothing of its queue for maxStallMs of heartbeats, and only then", () => {
    const res = response();
    const guard = consumerGuard(res, limits, 15_000);
    res.writableLength = 100;
    guard.wrote(100);
    expect([1, 2, 3].map(() => guard.stalled())).toEqual([false, false, false]);
    expect(guard.stalled()).toBe(true);
  });

  it("keeps a slow consumer that takes some of its queue at each heartbeat, and one with nothing queued", () => {
    const res = response();
    const guard = consumerGuard(res, limits, 15_000);
    guard.wrote(500);
    for (const queued of [480, 460, 440, 420, 400, 380]) {
      res.writableLength = queued;
      expect(guard.stalled()).toBe(false);
    }
    res.writableLength = 0;
    for (let beat = 0; beat < 10; beat += 1) expect(guard.stalled()).toBe(false);
  });

  it("counts bytes still flowing though the queue stays the same size as progress", () => {
    const res = response();
    const guard = consumerGuard(res, limits, 15_000);
    res.writableLength = 200;
    guard.wrote(200);
    for (let beat = 0; beat < 10; beat += 1) {
      // 200 more written since the last beat, 200 taken: the queue holds its size.
      guard.wrote(200);
      expect(guard.stalled()).toBe(false);
    }
  });

  it("says a queue is over its bound after the write that passed it", () => {
    const res = response();
    const guard = consumerGuard(res, limits, 15_000);
    res.writableLength = 1_000;
    expect(guard.wrote(1_000)).toBe(false);
    res.writableLength = 1_001;
    expect(guard.wrote(1)).toBe(true);
  });
});
