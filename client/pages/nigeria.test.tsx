import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useDialogs } from "../dialogs/store.ts";
import { previewEvent, renderApp, resetApp, stubApi } from "../../tests/client/harness.tsx";

afterEach(resetApp);

const SAMPLE = "GET /api/odds/sample?country=1";
const preview = async () =>
  within((await screen.findByRole("heading", { level: 2, name: "Next Upcoming Match" })).closest("section")!);

describe("the Nigeria page", () => {
  it("titles the visitor preview and shows the three highlights", async () => {
    stubApi({ [SAMPLE]: "pending" });
    renderApp("/nigeria");
    const box = await preview();
    expect(box.getByText("Preview - Sign up for all matches")).toBeTruthy();
    expect(box.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Odds Movement",
      "Margin Analysis",
      "Best Odds",
    ]);
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
  });

  it("says it is loading while the sample is on its way", async () => {
    const api = stubApi({ [SAMPLE]: "pending" });
    renderApp("/nigeria");
    expect((await preview()).getByText("Loading preview odds...")).toBeTruthy();
    expect(api.callsTo(SAMPLE)).toHaveLength(1);
  });

  it("warns when the preview fails and points to logging in", async () => {
    stubApi({
      [SAMPLE]: { status: 502, error: { code: "UPSTREAM_UNAVAILABLE", description: "Upstream down" } },
    });
    renderApp("/nigeria");
    const box = await preview();
    expect(
      await box.findByRole("heading", { level: 3, name: "Preview temporarily unavailable" }),
    ).toBeTruthy();
    expect(box.getByText("Failed to load preview odds")).toBeTruthy();
    expect(box.getByText("Login to access all odds data!")).toBeTruthy();
    expect(box.queryByText("Loading preview odds...")).toBeNull();
  });

  it("shows a sample-match invitation when there are no events", async () => {
    stubApi({ [SAMPLE]: { data: { events: [], updatedAt: "2025-11-22T12:00:00Z" } } });
    renderApp("/nigeria");
    const box = await preview();
    expect(await box.findByRole("heading", { level: 3, name: "Sample Match Preview" })).toBeTruthy();
    expect(box.getByText("Sign up to see real-time odds from Nigerian bookmakers!")).toBeTruthy();
  });

  it("shows at most two event cards when the API sends three", async () => {
    stubApi({
      [SAMPLE]: {
        data: { events: [previewEvent(1), previewEvent(2), previewEvent(3)], updatedAt: "2025-11-22T12:00:00Z" },
      },
    });
    renderApp("/nigeria");
    const box = await preview();
    expect(await box.findByRole("heading", { level: 3, name: "Home 1 vs Away 1" })).toBeTruthy();
    expect(box.getByRole("heading", { level: 3, name: "Home 2 vs Away 2" })).toBeTruthy();
    expect(box.queryByText("Home 3 vs Away 3")).toBeNull();
    expect(box.getAllByRole("article")).toHaveLength(2);
    expect(box.getAllByText("Today • 14:00")).toHaveLength(1);
  });

  it("opens registration from 'Get Started Free' in the call to action", async () => {
    stubApi({ [SAMPLE]: "pending" });
    const { user } = renderApp("/nigeria");
    const cta = within(
      (
        await screen.findByRole("heading", { level: 2, name: "Ready to Access All Nigerian Betting Odds?" })
      ).closest("section")!,
    );
    expect(cta.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Frequently Updated",
      "Compare Multiple Bookmakers",
      "Maximize Winnings",
    ]);

    await user.click(cta.getByRole("button", { name: "Get Started Free" }));

    expect(useDialogs.getState().open).toBe("register");
  });

  it("has info cards on bookmakers, leagues, markets and why to compare", async () => {
    stubApi({ [SAMPLE]: "pending" });
    renderApp("/nigeria");
    await preview();
    const markets = within(
      screen.getByRole("heading", { level: 3, name: "Popular Markets" }).closest("article")!,
    );
    expect(markets.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Match winner (1X2)",
      "Over/under goals",
      "Both teams to score",
      "Correct score",
    ]);
    for (const name of ["Nigerian Bookmakers", "Top Leagues", "Why Compare Odds?"]) {
      expect(screen.getByRole("heading", { level: 3, name })).toBeTruthy();
    }
  });
});
