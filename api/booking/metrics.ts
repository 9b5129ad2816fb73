/**
 * Booking codes as Prometheus counters per bookmaker (docs/design.md, Booking codes), in the feeds'
 * registry so the API's /metrics serves them beside feed health (api/feeds/collector/metrics.ts), and
 * `npm run feeds:report` prints them from there.
 */
import { Counter, type Registry } from "prom-client";
import { feedMetrics } from "../feeds/collector/metrics.ts";

/** What a code read came to: `ok` (mapped and answered), the code's own failures, or the book not answering. */
export type ReadResult = "ok" | "cached" | "not-found" | "empty" | "unavailable";
/** What a mint came to: `verified` (answered), `refused` by the book, `unverified` (read back wrong), `unavailable`. */
export type MintResult = "verified" | "refused" | "unverified" | "unavailable";

export interface BookingMetrics {
  reads: Counter<"bookmaker" | "result">;
  mints: Counter<"bookmaker" | "result">;
  verificationFailures: Counter<"bookmaker">;
  blocked: Counter<"bookmaker">;
}

export function createBookingMetrics(registry: Registry): BookingMetrics {
  const registers = [registry];
  return {
    reads: new Counter({ name: "afriodds_booking_reads_total", help: "Booking codes read, by bookmaker and result (cached: answered without asking the book)", labelNames: ["bookmaker", "result"], registers }),
    mints: new Counter({ name: "afriodds_booking_mints_total", help: "Booking codes minted, by bookmaker and result", labelNames: ["bookmaker", "result"], registers }),
    verificationFailures: new Counter({ name: "afriodds_booking_verification_failures_total", help: "Minted codes that read back without every leg as booked", labelNames: ["bookmaker"], registers }),
    blocked: new Counter({ name: "afriodds_booking_blocked_total", help: "Booking calls the bookmaker turned away (challenge page or 429)", labelNames: ["bookmaker"], registers }),
  };
}

/** The process's booking metrics, served with feed health. */
export const bookingMetrics = createBookingMetrics(feedMetrics.registry);

/** The booking lines of a Prometheus text exposition, per bookmaker: what feeds:report prints. */
export function bookingCounts(exposition: string): Map<string, Record<string, number>> {
  const counts = new Map<string, Record<string, number>>();
  const line = /^afriodds_booking_(\w+?)_total\{([^}]*)\}\s+([0-9.e+-]+)$/;
  for (const text of exposition.split("\n")) {
    const match = line.exec(text.trim());
    if (!match) continue;
    const [, name = "", labels = "", value = "0"] = match;
    const bookmaker = /bookmaker="([^"]*)"/.exec(labels)?.[1] ?? "?";
    const result = /result="([^"]*)"/.exec(labels)?.[1];
    const key = result ? `${name}:${result}` : name;
    const row = counts.get(bookmaker) ?? {};
    row[key] = (row[key] ?? 0) + Number(value);
    counts.set(bookmaker, row);
  }
  return counts;
}
