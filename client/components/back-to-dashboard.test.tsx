import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { createMemoryRouter, Link, Outlet, RouterProvider } from "react-router";
import { useTrackCameFrom } from "./came-from.ts";
import { BackToDashboard } from "./back-to-dashboard.tsx";

afterEach(cleanup);

function Shell() {
  useTrackCameFrom();
  return <Outlet />;
}

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      {
        path: "/",
        Component: Shell,
        children: [
          { path: "dashboard", Component: () => <Link to="/match/e1">Arsenal vs Chelsea</Link> },
          { path: "help", Component: () => <Link to="/match/e1">A match from help</Link> },
          { path: "match/:id", Component: BackToDashboard },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe("← Back to the dashboard", () => {
  it("is Back when the bettor came from the dashboard: the league and market come back with the entry", async () => {
    const router = renderAt("/dashboard?league=2&market=7");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("link", { name: "Arsenal vs Chelsea" }));
    await user.click(await screen.findByRole("link", { name: "← Back to the dashboard" }));
    expect(router.state.historyAction).toBe("POP");
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe("/dashboard?league=2&market=7");
  });

  it("links to the last dashboard this tab showed when the page was opened from elsewhere", async () => {
    const router = renderAt("/dashboard?league=3&market=4");
    const user = userEvent.setup();
    await router.navigate("/help");
    await user.click(await screen.findByRole("link", { name: "A match from help" }));
    const back = await screen.findByRole("link", { name: "← Back to the dashboard" });
    expect(back.getAttribute("href")).toBe("/dashboard?league=3&market=4");
    await user.click(back);
    expect(router.state.historyAction).toBe("PUSH");
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe("/dashboard?league=3&market=4");
  });
});
