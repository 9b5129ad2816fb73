import { render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, onTestFinished } from "vitest";
import type { RootData } from "../session/root-data.ts";
import { useSession } from "../session/store.ts";
import { BetslipBadge } from "./betslip-badge.tsx";
import { useBetslip } from "./store.ts";
import { betslipFixture, leg, legView } from "../../tests/client/betslip-fixtures.ts";
import { resetApp, stubApi, USER } from "../../tests/client/harness.tsx";

afterEach(resetApp);

/** The badge under a root whose data the server rendered: `slipSize` read for `user`. */
function badgeRouter(root: Partial<RootData>) {
  const data: RootData = { timeZone: "Africa/Lagos", now: Date.now(), user: USER, sessionUnavailable: false, ...root };
  const router = createMemoryRouter([{ id: "root", path: "/", loader: () => data, Component: BetslipBadge }], { hydrationData: { loaderData: { root: data } } });
  onTestFinished(() => router.dispose());
  return router;
}

describe("the top bar's betslip badge", () => {
  it("shows the slip's size the server read in the HTML it renders, before any script reads the slip", () => {
    useSession.setState({ user: USER, loading: false });
    const html = renderToString(<RouterProvider router={badgeRouter({ slipSize: 3 })} />);

    expect(html).toContain('aria-label="Betslip, 3 selections"');
    expect(html).toMatch(/<span class="betslip-count">3<\/span>/);
  });

  it("follows the slip once the app has read it, and claims no count the server read for someone else or could not read", async () => {
    stubApi({ "GET /api/users/betslip": { data: betslipFixture([legView(leg())]) } });
    useSession.setState({ user: USER, loading: false });
    render(<RouterProvider router={badgeRouter({ slipSize: 3 })} />);
    expect(screen.getByRole("link", { name: "Betslip, 3 selections" })).toBeTruthy();

    await useBetslip.getState().load(USER.id);
    expect(await screen.findByRole("link", { name: "Betslip, 1 selection" })).toBeTruthy();
    resetApp();

    useSession.setState({ user: { ...USER, id: "u2" }, loading: false });
    render(<RouterProvider router={badgeRouter({ slipSize: 3 })} />);
    expect(screen.getByRole("link", { name: "Betslip" }).querySelector(".betslip-count")).toBeNull();
    resetApp();

    useSession.setState({ user: USER, loading: false });
    render(<RouterProvider router={badgeRouter({})} />);
    expect(screen.getByRole("link", { name: "Betslip" }).querySelector(".betslip-count")).toBeNull();
  });
});
