import { pino } from "pino";
import { Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { sportybetBooking } from "../feeds/bookmakers/sportybet/sportybet-booking.ts";
import { FeedBlockedError, FeedHttpError, type Fetcher } from "../feeds/fetcher.ts";
import type { FeedRequest } from "../feeds/types.ts";
import { bookCalls, liveSites, simulatedSites } from "./book-calls.ts";
import { createBookingMetrics } from "./metrics.ts";

const SHARE = JSON.stringify({ bizCode: 10000, isAvailable: false, message: "The code does not exist or has expired.", data: null });

/** A fetcher that records each request and answers what `answer` says, when the test lets it. */
function fakeFetcher(answer: (req: FeedRequest) => Promise<string> | string) {
  const asked: string[] = [];
  const fetcher = {
    fetch: async (req: FeedRequest) => {
      asked.push(req.url);
      return answer(req);
    },
    close: async () => undefined,
  } as unknown as Fetcher;
  return { fetcher, asked };
}

function calls(answer: (req: FeedRequest) => Promise<string> | string, clock = () => 0) {
  const { fetcher, asked } = fakeFetcher(answer);
  const made = bookCalls({ fetcher, clock, logger: pino({ level: "silent" }), metrics: createBookingMetrics(new Registry()), politeDelayMs: [0, 0] });
  made.useSites(simulatedSites((key) => `http://sim.test/${key}`));
  return { calls: made, asked };
}

describe("booking calls to the books", () => {
  it("asks only the book's configured origin: the simulator's stand-in, the codec's live origins, or none with FEEDS=off", async () => {
    const { calls: made, asked } = calls(() => SHARE);
    expect(await made.read(sportybetBooking, "ABCDEF")).toMatchObject({ ok: false, reason: "not-found" });
    expect(asked).toEqual(["http://sim.test/sportybet/api/ng/orders/share/ABCDEF"]);
    expect(liveSites("bet9ja", "read")).toBe("https://coupon.bet9ja.com");
    expect(liveSites("bet9ja", "mint")).toBe("https://apigw.bet9ja.com");
    expect(liveSites("betking", "feed")).toBe("https://sportsapicdn-desktop.betking.com");
    expect(liveSites("nairabet", "read")).toBeUndefined();
    made.useSites(() => undefined);
    expect(made.configured("sportybet")).toBe(false);
    expect(await made.read(sportybetBooking, "ABCDEF")).toMatchObject({ ok: false, reason: "failed" });
    expect(asked).toHaveLength(1);
  });

  it("sends one request at a time to a book", async () => {
    const releases: (() => void)[] = [];
    const { calls: made, asked } = calls(() => new Promise<string>((resolve) => releases.push(() => resolve(SHARE))));
    const first = made.read(sportybetBooking, "AAAAAA");
    const second = made.read(sportybetBooking, "BBBBBB");
    await new Promise((r) => setTimeout(r, 10));
    expect(asked).toHaveLength(1);
    releases.shift()!();
    await first;
    await new Promise((r) => setTimeout(r, 10));
    expect(asked).toHaveLength(2);
    releases.shift()!();
    expect(await second).toMatchObject({ reason: "not-found" });
  });

  it("reads a challenge page or a 429 as blocked, and leaves the book alone for a minute after", async () => {
    let now = 0;
    let answer: () => string = () => {
      throw new FeedBlockedError(403);
    };
    const { calls: made, asked } = calls(() => answer(), () => now);
    expect(await made.read(sportybetBooking, "ABCDEF")).toMatchObject({ ok: false, reason: "blocked" });
    answer = () => SHARE;
    now += 59_000;
    expect(await made.read(sportybetBooking, "ABCDEF")).toMatchObject({ ok: false, reason: "blocked" });
    expect(asked).toHaveLength(1);
    now += 2_000;
    expect(await made.read(sportybetBooking, "ABCDEF")).toMatchObject({ ok: false, reason: "not-found" });
    answer = () => {
      throw new FeedHttpError("HTTP 429", 429);
    };
    expect(await made.read(sportybetBooking, "ABCDEF")).toMatchObject({ ok: false, reason: "blocked" });
  });

  it("hands a 404 or a 5xx to the codec, and answers a bettor out of time without waiting for the book", async () => {
    const { calls: made } = calls((req) => {
      if (req.url.endsWith("NOTHER")) throw new FeedHttpError("HTTP 404", 404);
      if (req.url.endsWith("BROKEN")) throw new FeedHttpError("HTTP 502", 502);
      return new Promise<string>(() => undefined);
    });
    expect(await made.read(sportybetBooking, "NOTHER")).toMatchObject({ reason: "not-found" });
    expect(await made.read(sportybetBooking, "BROKEN")).toMatchObject({ reason: "failed" });
    const started = Date.now();
    expect(await made.read(sportybetBooking, "HANGS0", AbortSignal.timeout(50))).toMatchObject({ ok: false, reason: "failed" });
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
