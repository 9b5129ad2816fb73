import type { Kysely } from "kysely";
import type { HistorySeries, MarketHistory } from "#shared/contract.ts";
import type { Database } from "../../db/schema.ts";

/**
 * Points a series keeps at most: enough for a chart on any screen, and one market's history stays
 * within 8 KB gzip however long it ran (docs/design.md, Page weight: 15 series of 48 points is about 5 KB).
 */
export const MAX_POINTS_PER_SERIES = 48;

/**
 * A long series thinned for a step chart: the first point (the opening price), the last (the price
 * now) and, between them, the last change within each of equal slices of time. A series that fits
 * is returned as it is.
 */
export function thinSeries(points: [number, number][], max = MAX_POINTS_PER_SERIES): [number, number][] {
  if (points.length <= max) return points;
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const slices = max - 2;
  const span = (last[0] - first[0]) / slices;
  const kept = new Map<number, [number, number]>();
  for (const point of points.slice(1, -1)) kept.set(Math.min(slices - 1, Math.floor((point[0] - first[0]) / (span || 1))), point);
  return [first, ...[...kept.keys()].sort((a, b) => a - b).map((slice) => kept.get(slice)!), last];
}

/**
 * GET /odds/events/:id/history?market=M from the store: one series per (bookmaker, selection), in
 * provider then selection order, whose points are the recorded changes, oldest first, as
 * [epoch seconds, price] (thinned to MAX_POINTS_PER_SERIES by thinSeries); the first is the
 * opening price, the last the price now. Undefined for an event the store does not hold. A market
 * with no recorded price has no series.
 */
export async function readMarketHistory(db: Kysely<Database>, eventId: string, marketId: number): Promise<MarketHistory | undefined> {
  const event = await db.selectFrom("events").select("id").where("id", "=", eventId).executeTakeFirst();
  if (!event) return undefined;
  const rows = await db
    .selectFrom("price_history")
    .select(["bookmaker", "selection_type_id", "price", "recorded_at"])
    .where("event_id", "=", eventId)
    .where("market_id", "=", marketId)
    .orderBy("bookmaker")
    .orderBy("selection_type_id")
    .orderBy("recorded_at")
    .execute();
  const series: HistorySeries[] = [];
  let current: HistorySeries | undefined;
  for (const row of rows) {
    if (current?.provider !== row.bookmaker || current.selectionTypeId !== row.selection_type_id) {
      current = { provider: row.bookmaker, selectionTypeId: row.selection_type_id, points: [] };
      series.push(current);
    }
    current.points.push([Math.floor(row.recorded_at / 1000), row.price]);
  }
  return { eventId, marketId, series: series.map((s) => ({ ...s, points: thinSeries(s.points) })) };
}
