import { describe, expect, it } from "vitest";
import { hashingLane, LaneFullError } from "./hashing-lane.ts";

/** A job the test finishes by hand, so turns are observed without timing. */
function heldJob() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  let started = false;
  return {
    job: async () => {
      started = true;
      await done;
      return "hashed";
    },
    release: () => release(),
    get started() {
      return started;
    },
  };
}

describe("hashingLane", () => {
  it("runs at most `concurrency` jobs at once and starts a waiting one when a running one ends", async () => {
    const lane = hashingLane({ concurrency: 1, queue: 2 });
    const first = heldJob();
    const second = heldJob();
    const firstRun = lane.run(first.job);
    const secondRun = lane.run(second.job);
    await Promise.resolve();
    expect(first.started).toBe(true);
    expect(second.started).toBe(false);
    expect(lane.load).toEqual({ running: 1, waiting: 1 });
    first.release();
    await expect(firstRun).resolves.toBe("hashed");
    await Promise.resolve();
    expect(second.started).toBe(true);
    second.release();
    await expect(secondRun).resolves.toBe("hashed");
    expect(lane.load).toEqual({ running: 0, waiting: 0 });
  });

  it("refuses a job beyond the queue at once, and takes jobs again once there is room", async () => {
    const lane = hashingLane({ concurrency: 1, queue: 1 });
    const running = heldJob();
    const queued = heldJob();
    const runs = [lane.run(running.job), lane.run(queued.job)];
    await expect(lane.run(async () => "never")).rejects.toBeInstanceOf(LaneFullError);
    running.release();
    queued.release();
    await Promise.all(runs);
    await expect(lane.run(async () => "again")).resolves.toBe("again");
  });

  it("frees the turn of a job that failed", async () => {
    const lane = hashingLane({ concurrency: 1, queue: 0 });
    await expect(lane.run(async () => Promise.reject(new Error("scrypt failed")))).rejects.toThrow("scrypt failed");
    await expect(lane.run(async () => "next")).resolves.toBe("next");
  });
});
