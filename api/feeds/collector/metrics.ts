/**
 * Feed health as Prometheus gauges, per bookmaker (docs/design.md, Feed health): when it last succeeded,
 * how many offers and unmatched offers its last run had, whether the site turned it away (blocked), and
 * how many of its runs ran out of their time budget (abandoned: on a starved host its prices go stale). The
 * registry is the feeds' own, so the API can serve it on its internal port beside its other metrics without
 * this module knowing about HTTP.
 */
import { Counter, Gauge, Registry } from "prom-client";
import type { BookmakerReport } from "./reports.ts";

export interface FeedMetrics {
  registry: Registry;
  /** Records one cycle's bookmaker lines; `at` is the cycle's start (epoch ms). */
  record(reports: readonly BookmakerReport[], at: number): void;
}

export function createFeedMetrics(registry = new Registry()): FeedMetrics {
  const labelNames = ["bookmaker"] as const;
  const lastSuccess = new Gauge({ name: "afriodds_feed_last_success_timestamp_seconds", help: "Start of the bookmaker's last run that was not a failure (unix seconds)", labelNames, registers: [registry] });
  const offers = new Gauge({ name: "afriodds_feed_offers", help: "Offers in the bookmaker's last run", labelNames, registers: [registry] });
  const unmatched = new Gauge({ name: "afriodds_feed_unmatched_offers", help: "Offers of the bookmaker's last run that matched no fixture", labelNames, registers: [registry] });
  const blocked = new Gauge({ name: "afriodds_feed_blocked", help: "1 when the bookmaker's last run met a bot challenge or WAF page, else 0", labelNames, registers: [registry] });
  const abandoned = new Counter({ name: "afriodds_feed_runs_abandoned_total", help: "Runs of the bookmaker that ran out of their time budget (two thirds of the feed interval)", labelNames, registers: [registry] });
  return {
    registry,
    record(reports, at) {
      for (const report of reports) {
        // A skipped bookmaker (circuit open) was not asked: its last run's numbers still stand.
        if (report.skipped) continue;
        const labels = { bookmaker: report.key };
        if (!report.failed) lastSuccess.set(labels, Math.floor(at / 1000));
        offers.set(labels, report.offers);
        unmatched.set(labels, report.unmatched);
        blocked.set(labels, report.blocked ? 1 : 0);
        if (report.abandoned) abandoned.inc(labels);
      }
    },
  };
}

/** The process's feed metrics: collectors record here unless given their own (tests do). */
export const feedMetrics = createFeedMetrics();
