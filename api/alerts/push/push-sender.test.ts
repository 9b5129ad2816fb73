import { describe, expect, it } from "vitest";
import { pushMessage, pushOutcome, pushTopic, pushRetryDelay } from "./push-sender.ts";

describe("the push Topic", () => {
  it("is at most 32 URL-safe base64 characters (RFC 8030 5.4), one per outbox topic", () => {
    const topics = ["rule-1:sr:match:1", "rule-1:sr:match:2", `rule-9:${"é/+ ".repeat(200)}`, ""];
    const hashed = topics.map(pushTopic);
    for (const topic of hashed) expect(topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(new Set(hashed).size).toBe(topics.length);
    expect(pushTopic("rule-1:sr:match:1")).toBe(hashed[0]);
  });
});

describe("the push message", () => {
  const payload = { title: "Arsenal reached 2.60", lines: ["Arsenal to win", "at SportyBet"], path: "/match/sr:match:1" };

  it("joins the lines, makes the path absolute and tags it with the hashed topic", () => {
    expect(pushMessage({ topic: "rule-1" }, payload, "https://afriodds.ng")).toEqual({
      title: "Arsenal reached 2.60",
      body: "Arsenal to win\nat SportyBet",
      url: "https://afriodds.ng/match/sr:match:1",
      tag: pushTopic("rule-1"),
    });
    expect(pushMessage({ topic: "rule-1" }, { ...payload, code: { provider: 3, code: "3Q7XKD" } }, "https://afriodds.ng").code).toEqual({ provider: 3, code: "3Q7XKD" });
  });

  it("stays well inside a push service's 4 KB however long the text", () => {
    const long = pushMessage({ topic: "t" }, { ...payload, title: "x".repeat(5_000), lines: ["y".repeat(5_000)] }, "https://afriodds.ng");
    expect(Buffer.byteLength(JSON.stringify(long))).toBeLessThan(3_000);
    expect(long.body.endsWith("…")).toBe(true);
  });
});

describe("Retry-After", () => {
  const now = Date.UTC(2026, 10, 22, 8, 0);
  it("reads seconds and HTTP dates, caps at an hour, and ignores what it cannot read", () => {
    expect(pushRetryDelay("120", now)).toBe(120_000);
    expect(pushRetryDelay(new Date(now + 30_000).toUTCString(), now)).toBe(30_000);
    expect(pushRetryDelay("999999", now)).toBe(3_600_000);
    expect(pushRetryDelay(new Date(now - 30_000).toUTCString(), now)).toBe(0);
    expect(pushRetryDelay("soon", now)).toBeUndefined();
    expect(pushRetryDelay(undefined, now)).toBeUndefined();
  });
});

describe("a row's outcome over the bettor's browsers", () => {
  it("is sent when any browser took it, gone when none is left, else a retry after the longest wait asked", () => {
    expect(pushOutcome([{ status: "gone" }, { status: "sent" }, { status: "retry", error: "500" }])).toEqual({ status: "sent" });
    expect(pushOutcome([])).toMatchObject({ status: "gone" });
    expect(pushOutcome([{ status: "gone" }, { status: "gone" }])).toMatchObject({ status: "gone" });
    expect(pushOutcome([{ status: "gone" }, { status: "retry", error: "429", retryAfterMs: 5_000 }, { status: "retry", error: "429", retryAfterMs: 60_000 }])).toEqual({
      status: "retry",
      error: "429",
      retryAfterMs: 60_000,
    });
    expect(pushOutcome([{ status: "retry", error: "unreachable" }])).toEqual({ status: "retry", error: "unreachable", retryAfterMs: undefined });
  });
});
