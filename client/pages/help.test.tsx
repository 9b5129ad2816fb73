import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { loggedIn, renderApp, resetApp, stubApi } from "../../tests/client/harness.tsx";

afterEach(resetApp);

describe("the help page", () => {
  it("says 'Loading...' while the session is being checked", async () => {
    stubApi({ "GET /api/session": "pending" });
    renderApp("/help");
    expect(await screen.findByRole("status")).toHaveProperty("textContent", "Loading...");
    expect(screen.queryByRole("heading", { name: "How to Read Odds Tables" })).toBeNull();
  });

  it("sends a visitor back to /", async () => {
    stubApi();
    const { path } = renderApp("/help");
    await waitFor(() => expect(path()).toBe("/"));
    expect(screen.queryByRole("heading", { name: "How to Read Odds Tables" })).toBeNull();
  });

  it("explains the symbols, the terms, the margin guide and quick tips to a logged-in user", async () => {
    stubApi(loggedIn());
    renderApp("/help");
    expect(await screen.findByRole("heading", { level: 1, name: "How to Read Odds Tables" })).toBeTruthy();
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
      "What the Symbols Mean",
      "Betting Terms",
      "Bookmaker Margin",
      "Quick Tips",
    ]);
    for (const text of [
      /Green up arrow:.*increased/,
      /Red down arrow:.*decreased/,
      /Lightning bolt:.*boosted/,
      /Bold yellow numbers:.*best/,
    ]) {
      expect(
        screen.getByText((_, el) => el?.tagName === "LI" && text.test(el.textContent ?? "")),
      ).toBeTruthy();
    }
    expect(screen.getByText(/Over 2.5 means more than 2 goals/)).toBeTruthy();
    expect(screen.getByText(/1X \(home win or draw\), 12 \(home or away win\) or X2/)).toBeTruthy();
    expect(screen.getAllByRole("term").map((t) => t.textContent)).toEqual([
      "1X2",
      "Over/Under",
      "BTTS",
      "Double Chance",
    ]);
    expect(
      ["About 5%", "About 10%", "About 15%"].map((band) => screen.getByText(band).parentElement?.textContent),
    ).toEqual(["About 5% Good", "About 10% Average", "About 15% High"]);
  });
});
