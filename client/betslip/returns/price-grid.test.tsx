import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { leg, legView } from "../../../tests/client/betslip-fixtures.ts";
import { PriceGrid } from "./price-grid.tsx";

afterEach(cleanup);

const HOME = leg();
const OVER = leg({ eventId: "c1:spurs-everton", marketId: 4, selectionTypeId: 8 });
const AWAY = leg({ eventId: "c2:real-getafe", selectionTypeId: 3 });

function renderGrid() {
  render(
    <PriceGrid
      legs={[
        legView(HOME, {
          prices: [
            { provider: 1, value: 2 },
            { provider: 2, value: 2.1 },
            { provider: 3, value: 2.05 },
            { provider: 5, value: 2.1 },
          ],
        }),
        legView(OVER, { started: true, prices: [] }),
        legView(AWAY, { prices: [] }),
      ]}
    />,
  );
  const table = screen.getByRole("table", { name: "Each selection's price at each bookmaker (best in bold)" });
  const rows = within(table).getAllByRole("row").slice(1);
  return { table, rows, cells: (row: HTMLElement) => within(row).getAllByRole("cell") };
}

describe("the slip's price grid", () => {
  it("is a table with a caption, a column per bookmaker under its short name and a row per selection", () => {
    const { table, rows } = renderGrid();

    expect(within(table).getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["Selection", "Bet9ja", "BetKing", "SportySportyBet", "NairaNairaBet", "1xBet"]);
    expect(within(table).getByRole("columnheader", { name: "SportyBet" })).toBeTruthy();
    expect(rows.map((row) => within(row).getByRole("rowheader").textContent)).toEqual([
      "Arsenal vs Chelsea 1X2: Home",
      "Tottenham vs Everton OU2.5: Over 2.5Started",
      "Real Madrid vs Getafe 1X2: AwayNo longer priced",
    ]);
  });

  it("shows each selection's price at each book, the best of each row marked in words as well as bold, a missing price as 'no price'", () => {
    const { rows, cells } = renderGrid();
    const home = cells(rows[0]!);

    expect(home.map((td) => td.textContent)).toEqual(["2.00", "2.10 best", "2.05", "—no price", "2.10 best"]);
    expect(home.filter((td) => td.className.includes("slip-grid-best"))).toEqual([home[1], home[4]]);
    expect(within(rows[0]!).getByRole("cell", { name: "no price" })).toBe(home[3]);
    expect(within(rows[0]!).getAllByRole("cell", { name: "2.10 best" })).toHaveLength(2);
  });

  it("keeps the started and no longer priced selections in the grid, priced nowhere", () => {
    const { rows, cells } = renderGrid();

    for (const row of rows.slice(1)) {
      expect(row.className).toContain("is-out");
      expect(cells(row).map((td) => td.textContent)).toEqual(Array(5).fill("—no price"));
    }
  });

  it("scrolls inside its own box, which the keyboard can reach and which is named by the caption", () => {
    renderGrid();
    const box = screen.getByRole("region", { name: "Each selection's price at each bookmaker (best in bold)" });

    expect(box.className).toBe("slip-grid");
    expect(box.tabIndex).toBe(0);
  });
});
