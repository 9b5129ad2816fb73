import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { MAX_POINTS_PER_SERIES, thinSeries } from "./history.ts";

const T0 = 1_764_000_000;

describe("a price history thinned for its chart", () => {
  it("keeps a series that fits exactly as recorded", () => {
    const points: [number, number][] = [[T0, 2.1], [T0 + 60, 2.05], [T0 + 120, 2.2]];
    expect(thinSeries(points)).toBe(points);
  });

  it("keeps the opening and the price now, one change per slice of time between, in order", () => {
    const points = Array.from({ length: 1000 }, (_, i): [number, number] => [T0 + i * 300, 2 + (i % 37) / 100]);
    const thinned = thinSeries(points);
    expect(thinned.length).toBeLessThanOrEqual(MAX_POINTS_PER_SERIES);
    expect(thinned.length).toBeGreaterThan(MAX_POINTS_PER_SERIES - 4);
    expect(thinned[0]).toEqual(points[0]);
    expect(thinned.at(-1)).toEqual(points.at(-1));
    for (let i = 1; i < thinned.length; i += 1) expect(thinned[i]![0]).toBeGreaterThan(thinned[i - 1]![0]);
    for (const point of thinned) expect(points).toContainEqual(point);
  });

  it("keeps one market's week-long history of five bookmakers within 8 KB gzip", () => {
    const series = [1, 2, 3, 4, 5].flatMap((provider) =>
      [1, 2, 3].map((selectionTypeId) => ({
        provider,
        selectionTypeId,
        points: thinSeries(Array.from({ length: 2000 }, (_, i): [number, number] => [T0 + i * 300 + provider * 7, Math.round((1.5 + ((i * provider * selectionTypeId) % 97) / 20) * 1000) / 1000])),
      })),
    );
    const json = JSON.stringify({ data: { eventId: "c1:2026-11-28:arsenal+chelsea", marketId: 1, series } });
    expect(gzipSync(json).length).toBeLessThanOrEqual(8192);
  });
});
