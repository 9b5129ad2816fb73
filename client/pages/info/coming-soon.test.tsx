import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useDialogs } from "../../dialogs/store.ts";
import { renderApp, resetApp, stubApi } from "../../../tests/client/harness.tsx";

afterEach(resetApp);

describe.each([
  { path: "/kenya", country: "Kenya", bookmakers: ["SportPesa", "Betika", "Odibets", "Betin"] },
  { path: "/ghana", country: "Ghana", bookmakers: ["Betway", "1xBet", "Bet365", "SportyBet"] },
])("the $country page", ({ path, country, bookmakers }) => {
  it("announces that it is coming soon", async () => {
    stubApi();
    renderApp(path);
    const h1 = await screen.findByRole("heading", { level: 1 });
    expect(h1.textContent).toBe(`${country} Odds Comparison Coming Soon`);
    expect(screen.getByText(`We're getting ${country} ready.`)).toBeTruthy();
  });

  it("lists what you'll get when it launches and its bookmakers", async () => {
    stubApi();
    renderApp(path);
    const launch = within(
      (await screen.findByRole("heading", { level: 2, name: "What You'll Get When We Launch" })).closest(
        "section",
      )!,
    );
    expect(launch.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual([
      "Free to Use",
      "Free Registration",
      "Best Odds",
    ]);
    const cover = within(screen.getByRole("heading", { level: 3, name: "Bookmakers" }).closest("article")!);
    expect(cover.getAllByRole("listitem").map((item) => item.textContent)).toEqual(bookmakers);
    expect(screen.getByText("Double chance")).toBeTruthy();
  });

  it("opens registration from the signup block", async () => {
    stubApi();
    const { user } = renderApp(path);
    const signup = within(
      (await screen.findByRole("heading", { level: 2, name: "Be Ready on Launch Day" })).closest("section")!,
    );
    expect(signup.getByRole("link", { name: "See Nigerian Odds" }).getAttribute("href")).toBe("/nigeria");

    await user.click(signup.getByRole("button", { name: "Sign Up Free" }));

    expect(useDialogs.getState().open).toBe("register");
  });
});
