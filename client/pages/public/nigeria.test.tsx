import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useDialogs } from "../../dialogs/store.ts";
import { loggedIn, previewEvent, renderApp, renderPage, resetApp, stubApi } from "../../../tests/client/harness.tsx";
import { loader, NigeriaPage, type NigeriaData } from "./nigeria.tsx";

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
    // The fetch starts in an effect, which may run after the first paint of the loading state.
    await waitFor(() => expect(api.callsTo(SAMPLE)).toHaveLength(1));
    expect(screen.getByText("Loading preview odds...")).toBeTruthy();
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

  it("retries a failed preview on request and then shows the matches", async () => {
    const api = stubApi({
      [SAMPLE]: [
        { status: 502, error: { code: "UPSTREAM_UNAVAILABLE", description: "Upstream down" } },
        { data: { events: [previewEvent(1)], updatedAt: "2025-11-22T12:00:00Z" } },
      ],
    });
    const { user } = renderApp("/nigeria");
    const box = await preview();
    await user.click(await box.findByRole("button", { name: "Retry" }));
    expect(await box.findByRole("heading", { level: 3, name: "Home 1 vs Away 1" }, { timeout: 3000 })).toBeTruthy();
    expect(api.callsTo(SAMPLE)).toHaveLength(2);
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
      "Over/Under 0.5 to 3.5 goals",
      "Both teams to score (GG/NG)",
      "Double chance (1X, 12, X2)",
    ]);
    expect(screen.getByText(/Bet9ja, SportyBet, BetKing, NairaBet and 1xBet on one page/)).toBeTruthy();
    for (const name of ["Nigerian Bookmakers", "Top Leagues", "Why Compare Odds?"]) {
      expect(screen.getByRole("heading", { level: 3, name })).toBeTruthy();
    }
  });

  it("shows a signed-in user the way to the dashboard, not the visitor preview or sign-up offers", async () => {
    stubApi({ ...loggedIn(), [SAMPLE]: "pending" });
    renderApp("/nigeria");
    expect(await screen.findByRole("heading", { level: 2, name: "Your Odds Are Ready" })).toBeTruthy();
    const links = screen.getAllByRole("link", { name: "Go to My Dashboard" });
    expect(links.length).toBe(2);
    for (const link of links) expect(link.getAttribute("href")).toBe("/dashboard");
    expect(screen.queryByRole("heading", { name: "Next Upcoming Match" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Get Started Free|Sign Up Free/ })).toBeNull();
  });

  it("shows the preview the first HTML held at once, printed with that HTML's clock, and fetches nothing", async () => {
    const api = stubApi({ [SAMPLE]: "pending" });
    const served: NigeriaData = { preview: { status: "ready", events: [previewEvent(1)] }, renderedWith: { now: Date.parse("2026-11-23T10:00:00Z"), timeZone: "Africa/Lagos" } };
    renderPage({ path: "nigeria", Component: NigeriaPage, loader, served, user: null });
    expect(await screen.findByRole("heading", { level: 3, name: "Home 1 vs Away 1" })).toBeTruthy();
    expect(screen.queryByText("Loading preview odds...")).toBeNull();
    expect(api.callsTo(SAMPLE)).toHaveLength(0);
  });
});
