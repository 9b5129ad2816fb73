import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { StatsStrip } from "./stats-strip.tsx";
import { summary } from "../../tests/client/harness.tsx";

afterEach(cleanup);

function valueOf(term: string) {
  return screen.getByText(term, { selector: "dt" }).nextElementSibling?.textContent;
}

describe("StatsStrip", () => {
  it("shows games, betting sites, markets and odds with en-NG thousands separators", () => {
    render(
      <StatsStrip
        summary={summary({ numEvents: 1204, numBookmakers: 5, marketIds: [1, 2, 3, 4], numOdds: 12345 })}
      />,
    );
    expect(valueOf("Games")).toBe("1,204");
    expect(valueOf("Betting Sites")).toBe("5");
    expect(valueOf("Markets")).toBe("4");
    expect(valueOf("Odds")).toBe("12,345");
  });

  it("counts the markets from the summary's market list", () => {
    render(<StatsStrip summary={summary({ marketIds: [] })} />);
    expect(valueOf("Markets")).toBe("0");
  });
});
