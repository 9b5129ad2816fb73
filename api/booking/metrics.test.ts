import { Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { bookingCounts, createBookingMetrics } from "./metrics.ts";

describe("booking metrics", () => {
  it("counts reads, mints, verification failures and blocked answers per bookmaker, and reads them back from the exposition as feeds:report does", async () => {
    const registry = new Registry();
    const metrics = createBookingMetrics(registry);
    metrics.reads.inc({ bookmaker: "sportybet", result: "ok" });
    metrics.reads.inc({ bookmaker: "sportybet", result: "ok" });
    metrics.reads.inc({ bookmaker: "sportybet", result: "cached" });
    metrics.mints.inc({ bookmaker: "betking", result: "unverified" });
    metrics.verificationFailures.inc({ bookmaker: "betking" });
    metrics.blocked.inc({ bookmaker: "bet9ja" });
    const counts = bookingCounts(await registry.metrics());
    expect(counts.get("sportybet")).toEqual({ "reads:ok": 2, "reads:cached": 1 });
    expect(counts.get("betking")).toEqual({ "mints:unverified": 1, verification_failures: 1 });
    expect(counts.get("bet9ja")).toEqual({ blocked: 1 });
  });
});
