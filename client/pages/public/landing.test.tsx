import { screen, within } from "@testing-library/react";
import { waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { loggedIn, renderApp, resetApp, stubApi } from "../../../tests/client/harness.tsx";

afterEach(resetApp);

const card = (country: string) =>
  within(screen.getByRole("heading", { level: 3, name: new RegExp(`^${country}`) }).closest("article")!);

describe("the landing page", () => {
  it("leads with comparing odds across African bookmakers", async () => {
    stubApi();
    renderApp("/");
    const h1 = await screen.findByRole("heading", { level: 1 });
    expect(h1.textContent).toBe("Compare Football Odds Across African Bookmakers");
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(document.title).toBe("Compare Football Odds Across African Bookmakers | AfriOdds");
  });

  it("shows the three benefit tiles", async () => {
    stubApi();
    renderApp("/");
    for (const name of ["Free to Use", "Free Registration", "Best Odds"]) {
      expect(await screen.findByRole("heading", { level: 3, name })).toBeTruthy();
    }
  });

  it("sends Nigeria to /nigeria with the five bookmakers it compares", async () => {
    stubApi();
    renderApp("/");
    await screen.findByRole("heading", { level: 1 });
    const nigeria = card("Nigeria");
    expect(nigeria.getByRole("link", { name: "Compare Odds Now" }).getAttribute("href")).toBe("/nigeria");
    expect(nigeria.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Bet9ja",
      "SportyBet",
      "BetKing",
      "NairaBet",
      "1xBet",
    ]);
    expect(nigeria.queryByText("Coming Soon")).toBeNull();
  });

  it("offers a visitor sign-up in the hero and the top bar, each opening registration", async () => {
    stubApi();
    const { user } = renderApp("/");
    await screen.findByRole("heading", { level: 1 });
    await user.click(screen.getByRole("button", { name: "Sign Up Free" }));
    expect(await screen.findByRole("dialog", { name: "Create Your Free Account" })).toBeTruthy();
    // The dialog's head is no second banner landmark (axe landmark-no-duplicate-banner).
    expect(screen.getAllByRole("banner")).toHaveLength(1);
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await user.click(within(screen.getByRole("banner")).getByRole("button", { name: "Sign up free" }));
    expect(await screen.findByRole("dialog", { name: "Create Your Free Account" })).toBeTruthy();
  });

  it("shows a signed-in user the way to the dashboard instead of a sign-up", async () => {
    stubApi(loggedIn());
    renderApp("/");
    const dashboard = await screen.findByRole("link", { name: "Go to My Dashboard" });
    expect(dashboard.getAttribute("href")).toBe("/dashboard");
    expect(screen.queryByRole("button", { name: /sign up/i })).toBeNull();
  });

  it("marks Kenya and Ghana Coming Soon with a disabled Soon button and their bookmakers", async () => {
    stubApi();
    renderApp("/");
    await screen.findByRole("heading", { level: 1 });
    const expected = {
      Kenya: ["SportPesa", "Betika", "Odibets", "Betin"],
      Ghana: ["Betway", "1xBet", "Bet365", "SportyBet"],
    };
    for (const [country, bookmakers] of Object.entries(expected)) {
      const panel = card(country);
      expect(panel.getByText("Coming Soon")).toBeTruthy();
      expect(panel.getByRole("button", { name: "Soon" })).toHaveProperty("disabled", true);
      expect(panel.queryByRole("link", { name: "Compare Odds Now" })).toBeNull();
      expect(panel.getAllByRole("listitem").map((item) => item.textContent)).toEqual(bookmakers);
    }
  });

  it("explains why to compare: Save Money, Save Time, Make Better Decisions", async () => {
    stubApi();
    renderApp("/");
    const block = (
      await screen.findByRole("heading", { level: 2, name: "Why Compare African Betting Odds?" })
    ).closest("section")!;
    expect(
      within(block)
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(["Save Money", "Save Time", "Make Better Decisions"]);
  });
});
