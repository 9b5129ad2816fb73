import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { MarketFilters } from "./market-filters.tsx";

afterEach(cleanup);

const filters = <MarketFilters competitionIds={[1, 2]} marketIds={[1, 4]} league={1} market={1} onLeague={() => undefined} onMarket={() => undefined} />;

describe("MarketFilters", () => {
  it("sends the choice with 'Show odds' in the page the server renders, which works without JavaScript", () => {
    expect(renderToString(filters)).toMatch(/<button type="submit"[^>]*>Show odds<\/button>/);
  });

  // docs/design.md, Pages without JavaScript: script-only and script-free controls, never a dead button.
  it("has no 'Show odds' once the app runs, where a choice applies at once and the button would do nothing", () => {
    render(filters);
    expect(screen.getByLabelText("Select League")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Show odds" })).toBeNull();
  });
});
