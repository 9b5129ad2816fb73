import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import type { MarketHistory } from "#shared/contract.ts";
import { PriceChart } from "./price-chart.tsx";

afterEach(cleanup);

const T0 = Date.parse("2026-11-22T08:00:00Z") / 1000;
const HOUR = 3600;

const HISTORY: MarketHistory = {
  eventId: "c1:ev",
  marketId: 1,
  series: [
    // Bet9ja's home price moved twice.
    { provider: 1, selectionTypeId: 1, points: [[T0, 2.1], [T0 + 2 * HOUR, 2.25], [T0 + 5 * HOUR, 2.4]] },
    { provider: 2, selectionTypeId: 1, points: [[T0 + HOUR, 2.2]] },
    { provider: 1, selectionTypeId: 2, points: [[T0, 3.3]] },
    { provider: 1, selectionTypeId: 3, points: [[T0, 3.5], [T0 + 3 * HOUR, 3.4]] },
  ],
};

function renderChart(history = HISTORY) {
  return render(<PriceChart history={history} selections={[1, 2, 3]} end={T0 + 6 * HOUR} timeZone="Africa/Lagos" />);
}

describe("the price history chart", () => {
  it("draws a panel per selection as an image with a summary", () => {
    renderChart();
    const panels = screen.getAllByRole("img").filter((el) => el.tagName.toLowerCase() === "svg");
    expect(panels.map((svg) => svg.getAttribute("aria-label"))).toEqual([
      "Home: 2 bookmakers, prices between 2.10 and 2.40, 09:00 to 15:00",
      "Draw: 1 bookmaker, prices between 3.30 and 3.30, 09:00 to 15:00",
      "Away: 1 bookmaker, prices between 3.40 and 3.50, 09:00 to 15:00",
    ]);
  });

  it("draws a point at every price of a price that moved, on a line carried on to the end", () => {
    const { container } = renderChart();
    const home = container.querySelectorAll(".chart-panel")[0]!;
    const bet9ja = home.querySelector('[data-provider="1"]')!;
    const points = [...bet9ja.querySelectorAll("circle")].map((c) => [Number(c.getAttribute("cx")), Number(c.getAttribute("cy"))]);
    expect(points).toHaveLength(3);
    // Later to the right, and a higher price higher up (smaller y).
    expect(points[0]![0]).toBeLessThan(points[1]![0]!);
    expect(points[1]![0]).toBeLessThan(points[2]![0]!);
    expect(points[0]![1]).toBeGreaterThan(points[2]![1]!);
    const path = bet9ja.querySelector("path")!.getAttribute("d")!;
    expect(path.startsWith(`M${points[0]![0]} ${points[0]![1]}`)).toBe(true);
    expect(path.match(/V/g)).toHaveLength(2);
    // Each bookmaker has its own colour.
    expect(bet9ja.getAttribute("stroke")).not.toBe(home.querySelector('[data-provider="2"]')!.getAttribute("stroke"));
  });

  it("labels the price axis with a few round prices and the time axis in the viewer's zone", () => {
    const { container } = renderChart();
    const labels = [...container.querySelectorAll(".chart-panel")[0]!.querySelectorAll(".chart-axes text")].map((t) => t.textContent);
    expect(labels).toEqual(["2.10", "2.20", "2.30", "2.40", "09:00", "12:00", "15:00"]);
  });

  it("names the bookmakers in a legend", () => {
    const { container } = renderChart();
    expect([...container.querySelectorAll(".chart-legend li")].map((li) => li.textContent)).toEqual(["Bet9ja", "BetKing"]);
  });

  it("lists every price in a table for screen readers and text browsers", () => {
    renderChart();
    const table = screen.getByRole("table", { name: "Price history of 1X2 (Match Result), oldest first" });
    const bet9jaHome = within(table).getAllByRole("row").find((tr) => tr.textContent?.startsWith("Bet9jaHome"))!;
    expect(within(bet9jaHome).getAllByRole("cell")[1]!.textContent).toBe("2.10 (22 Nov, 09:00), 2.25 (22 Nov, 11:00), 2.40 (22 Nov, 14:00)");
  });

  it("hides the text alternative in a wrapper, since a table sized to its content would widen a phone's page", () => {
    renderChart();
    const table = screen.getByRole("table");
    expect(table.className).toBe("");
    expect(table.parentElement!.className).toBe("visually-hidden");
  });

  it("says so when the market has no history yet", () => {
    renderChart({ eventId: "c1:ev", marketId: 1, series: [] });
    expect(screen.getByText("No price history for this market yet.")).toBeTruthy();
    expect(screen.queryByRole("img")).toBeNull();
  });
});
