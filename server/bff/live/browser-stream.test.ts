import { EventEmitter } from "node:events";
import type { Response } from "express";
import { describe, expect, it } from "vitest";
import { browserStream, DEFAULT_LIMITS } from "./browser-stream.ts";
import { liveFrame } from "./stream-coding.ts";

/** A response whose queue the test controls: `accepts` is what write() answers, `queued` its writableLength. */
class FakeResponse extends EventEmitter {
  queued = 0;
  accepts = true;
  destroyed = false;
  writableEnded = false;
  get writableLength(): number {
    return this.queued;
  }
  write(chunk: string | Buffer): boolean {
    this.queued += chunk.length;
    return this.accepts;
  }
  destroy() {
    this.destroyed = true;
  }
  end() {
    this.writableEnded = true;
  }
}
const fakeResponse = () => new FakeResponse();

const limits = { maxQueuedBytes: 1_000, maxStallMs: 60_000 };
const frame = (bytes: number) => liveFrame("x".repeat(bytes));

function stream(coding: "gzip" | "identity" = "identity") {
  const res = fakeResponse();
  let dropped = 0;
  const s = browserStream(res as unknown as Response, { limits, heartbeatMs: 15_000, onDropped: () => (dropped += 1), coding });
  return { res, s, dropped: () => dropped };
}

describe("browserStream", () => {
  it("drops a browser that has taken nothing of its queue for a minute of heartbeats, and only then", () => {
    const { res, s, dropped } = stream();
    s.write(frame(100));
    for (let beat = 1; beat < 4; beat += 1) s.checkStall();
    expect(dropped()).toBe(0);
    s.checkStall();
    expect([dropped(), res.destroyed]).toEqual([1, true]);
  });

  it("keeps a slow browser that takes some of its queue, and one with nothing queued", () => {
    const { res, s, dropped } = stream();
    s.write(frame(500));
    for (const queued of [450, 400, 350, 300, 250, 200]) {
      res.queued = queued;
      s.checkStall();
    }
    res.queued = 0;
    for (let beat = 0; beat < 20; beat += 1) s.checkStall();
    expect(dropped()).toBe(0);
  });

  it("drops at once past its queue bound", () => {
    const { s, dropped } = stream();
    expect(s.write(frame(999))).toBe(true);
    expect(s.write(frame(2))).toBe(false);
    expect(dropped()).toBe(1);
  });

  it("holds a stream to at most 32 KB queued by default, and drops one that has not read for a minute", () => {
    expect(DEFAULT_LIMITS).toEqual({ maxQueuedBytes: 32 << 10, maxStallMs: 60_000 });
  });
});
