import { describe, expect, it } from "vitest";
import { createFeedMetrics } from "./metrics.ts";
import type { BookmakerReport } from "./reports.ts";

function report(key: BookmakerReport["key"], extra: Partial<BookmakerReport> = {}): BookmakerReport {
  return { key, ok: true, offers: 10, prices: 100, changed: 0, removed: 0, unmatched: 0, eventCalls: 0, eventFailures: 0, abandoned: false, skipped: false, failed: false, blocked: false, ...extra };
}

const AT = Date.UTC(2026, 10, 24, 10, 0);

describe("feed metrics", () => {
  it("exposes per bookmaker its last success, offers, unmatched offers and whether it was blocked", async () => {
    const metrics = createFeedMetrics();
    metrics.record([report("sportybet", { offers: 42, unmatched: 3 }), report("bet9ja", { ok: false, failed: true, blocked: true, offers: 0 })], AT);

    const text = await metrics.registry.metrics();

    expect(text).toContain(`afriodds_feed_last_success_timestamp_seconds{bookmaker="sportybet"} ${AT / 1000}`);
    expect(text).not.toContain('afriodds_feed_last_success_timestamp_seconds{bookmaker="bet9ja"}');
    expect(text).toContain('afriodds_feed_offers{bookmaker="sportybet"} 42');
    expect(text).toContain('afriodds_feed_unmatched_offers{bookmaker="sportybet"} 3');
    expect(text).toContain('afriodds_feed_blocked{bookmaker="sportybet"} 0');
    expect(text).toContain('afriodds_feed_blocked{bookmaker="bet9ja"} 1');
  });

  it("keeps the last success through later failures, and leaves a skipped bookmaker's numbers as they were", async () => {
    const metrics = createFeedMetrics();
    metrics.record([report("betking", { offers: 7 })], AT);
    metrics.record([report("betking", { ok: false, failed: true, offers: 0 })], AT + 60_000);
    metrics.record([report("betking", { skipped: true, offers: 0, blocked: true })], AT + 120_000);

    const text = await metrics.registry.metrics();

    expect(text).toContain(`afriodds_feed_last_success_timestamp_seconds{bookmaker="betking"} ${AT / 1000}`);
    expect(text).toContain('afriodds_feed_offers{bookmaker="betking"} 0');
    expect(text).toContain('afriodds_feed_blocked{bookmaker="betking"} 0');
  });

  it("counts each run that ran out of its time budget, per bookmaker", async () => {
    const metrics = createFeedMetrics();
    metrics.record([report("nairabet", { ok: false, failed: true, abandoned: true }), report("1xbet")], AT);
    metrics.record([report("nairabet", { ok: false, failed: true, abandoned: true })], AT + 15_000);
    metrics.record([report("nairabet")], AT + 30_000);

    const text = await metrics.registry.metrics();

    expect(text).toContain('afriodds_feed_runs_abandoned_total{bookmaker="nairabet"} 2');
    expect(text).not.toContain('afriodds_feed_runs_abandoned_total{bookmaker="1xbet"}');
  });
});
