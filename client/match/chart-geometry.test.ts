import { describe, expect, it } from "vitest";
import { domainOf, PANEL, priceTicks, scaleFor, stepPath } from "./chart-geometry.ts";

describe("price ticks", () => {
  it("covers the prices with at most four round intervals, ends on ticks", () => {
    expect(priceTicks(2.1, 2.4)).toEqual([2.1, 2.2, 2.3, 2.4]);
    expect(priceTicks(2.05, 3.6)).toEqual([2, 2.5, 3, 3.5, 4]);
    expect(priceTicks(1.01, 26)).toEqual([0, 10, 20, 30]);
  });

  it("opens a band around a price that never moved", () => {
    expect(priceTicks(3.3, 3.3)).toEqual([3.25, 3.3, 3.35]);
  });
});

describe("the chart's domain", () => {
  it("runs from the first point to the end, prices on tick boundaries", () => {
    expect(domainOf([[[100, 2.1], [200, 2.4]], [[150, 2.2]]], 400)).toEqual({ t0: 100, t1: 400, low: 2.1, high: 2.4, ticks: [2.1, 2.2, 2.3, 2.4] });
  });

  it("gives one instant an hour's width, and no points no domain", () => {
    expect(domainOf([[[100, 2]]], 100)?.t1).toBe(3700);
    expect(domainOf([[]], 100)).toBeNull();
  });
});

describe("step paths", () => {
  const domain = domainOf([[[0, 2], [50, 3]]], 100)!;
  const scale = scaleFor(domain);

  it("holds each price until the next, then carries the last one to the end", () => {
    const [x0, x50, x100] = [scale.x(0), scale.x(50), scale.x(100)];
    expect(stepPath([[0, 2], [50, 3]], scale, 100)).toBe(`M${x0} ${scale.y(2)}H${x50}V${scale.y(3)}H${x100}`);
    expect(x0).toBe(PANEL.left);
    expect(x100).toBe(PANEL.width - PANEL.right);
    expect(scale.y(3)).toBe(PANEL.top);
    expect(scale.y(2)).toBe(PANEL.height - PANEL.bottom);
  });

  it("draws nothing for no points", () => {
    expect(stepPath([], scale, 100)).toBe("");
  });
});
