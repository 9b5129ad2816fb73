import { EventEmitter } from "node:events";
import type { Response } from "express";
import { describe, expect, it } from "vitest";
import { browserStream, DEFAULT_LIMITS } from "./browser-stream.ts";

/** A response whose queue the test controls: `accepts` is what write() answers, `queued` its writableLength. */
class FakeResponse extends EventEmitter {
  queued = 0;
  accepts = true;
  destroyed = false;
  writableEnded = false;
  get writableLength(): number {
    return this.queued;
  }
  write(chunk: string): boolean {
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

const limits = { maxQueuedBytes: 1_000, maxRefusedBytes: 2_000, maxStallMs: 60_000 };

function stream(res = fakeResponse()) {
  let dropped = 0;
  const s = browserStream(res as unknown as Response, limits, () => (dropped += 1));
  return { res, s, dropped: () => dropped };
}

describe("browserStream", () => {
  it("drops a browser that has taken nothing of its queue for a minute, and only then", () => {
    const { res, s, dropped } = stream();
    s.write("x".repeat(100));
    s.checkStall(0);
    s.checkStall(59_999);
    expect(dropped()).toBe(0);
    s.checkStall(60_000);
    expect([dropped(), res.destroyed]).toEqual([1, true]);
  });

  it("keeps a slow browser that takes some of its queue, and one with nothing queued", () => {
    const { res, s, dropped } = stream();
    s.write("x".repeat(500));
    s.checkStall(0);
    res.queued = 300;
    s.checkStall(45_000);
    s.checkStall(90_000);
    res.queued = 0;
    for (let t = 100_000; t < 400_000; t += 15_000) s.checkStall(t);
    expect(dropped()).toBe(0);
  });

  it("drops at once past its queue bound, and past what the compressor refused", () => {
    const queued = stream();
    expect(queued.s.write("x".repeat(1_001))).toBe(false);
    expect(queued.dropped()).toBe(1);

    const refused = stream();
    const chunk = "x".repeat(500);
    // writableLength stays 0 (the compressor holds it): the refusal is what is counted.
    refused.res.write = () => false;
    for (let i = 0; i < 5; i++) expect(refused.s.write(chunk)).toBe(true);
    expect(refused.s.write(chunk)).toBe(false);
    expect(refused.dropped()).toBe(1);
  });

  it("forgets a refusal once the response drains", () => {
    const { res, s, dropped } = stream();
    res.write = () => false;
    for (let i = 0; i < 4; i++) s.write("x".repeat(500));
    res.emit("drain");
    for (let i = 0; i < 4; i++) s.write("x".repeat(500));
    expect(dropped()).toBe(0);
  });

  it("holds a stream to at most 32 KB queued and 64 KB refused by default, and drops after a minute", () => {
    expect(DEFAULT_LIMITS).toEqual({ maxQueuedBytes: 32 << 10, maxRefusedBytes: 64 << 10, maxStallMs: 60_000 });
  });
});
