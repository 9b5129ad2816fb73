import { screen, waitFor } from "@testing-library/react";
import type { JSX } from "react";
import { data } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderApp, resetApp, stubApi } from "../../tests/client/harness.tsx";

let broken = true;
function Fragile(): JSX.Element {
  if (broken) throw new Error("odds table exploded");
  return <h1>Recovered page</h1>;
}

const extraRoutes = [
  { path: "fragile", Component: Fragile },
  {
    path: "gone",
    loader: () => {
      throw data(null, { status: 404 });
    },
    Component: () => <h1>Never shown</h1>,
  },
];

beforeEach(() => {
  broken = true;
  // React and the router log caught render errors; they are the point of these tests.
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(resetApp);

describe("the global error screen", () => {
  it("says 'Something went wrong!' and offers Refresh Page and Try Again", async () => {
    stubApi();
    renderApp("/fragile", extraRoutes);

    expect(await screen.findByRole("heading", { level: 1, name: "Something went wrong!" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Refresh Page" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try Again" })).toBeTruthy();
  });

  it("reports the error once as a critical_error beacon", async () => {
    const api = stubApi();
    renderApp("/fragile", extraRoutes);
    await screen.findByText("Something went wrong!");

    await waitFor(() =>
      expect(api.events().filter((event) => event.name === "critical_error")).toHaveLength(1),
    );
    expect(api.events()).toContainEqual({
      name: "critical_error",
      message: "odds table exploded",
      path: "/fragile",
    });
  });

  it("reloads the page on Refresh Page", async () => {
    stubApi();
    const reload = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, reload });
    const { user } = renderApp("/fragile", extraRoutes);

    await user.click(await screen.findByRole("button", { name: "Refresh Page" }));

    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("renders the page again on Try Again", async () => {
    stubApi();
    const { user, path } = renderApp("/fragile", extraRoutes);
    await screen.findByText("Something went wrong!");

    broken = false;
    await user.click(screen.getByRole("button", { name: "Try Again" }));

    expect(await screen.findByRole("heading", { name: "Recovered page" })).toBeTruthy();
    expect(path()).toBe("/fragile");
  });

  it("shows a not-found message for a 404 route error, without reporting it", async () => {
    const api = stubApi();
    renderApp("/gone", extraRoutes);

    expect(await screen.findByRole("heading", { level: 1, name: "Page Not Found" })).toBeTruthy();
    expect(screen.queryByText("Something went wrong!")).toBeNull();
    expect(screen.getByRole("link", { name: "Go to Home" }).getAttribute("href")).toBe("/");
    expect(api.events().filter((event) => event.name === "critical_error")).toEqual([]);
  });
});

describe("the error screens keep the shell", () => {
  it("shows the top bar and footer, and titles the page, when a page fails", async () => {
    stubApi();
    renderApp("/fragile", extraRoutes);
    await screen.findByRole("heading", { level: 1, name: "Something went wrong!" });
    expect(screen.getByRole("banner")).toBeTruthy();
    expect(screen.getByRole("contentinfo")).toBeTruthy();
    expect(document.title).toBe("Something Went Wrong | AfriOdds");
  });

  it("shows the top bar and footer, and titles the page, for a 404 from a loader", async () => {
    stubApi();
    renderApp("/gone", extraRoutes);
    await screen.findByRole("heading", { level: 1, name: "Page Not Found" });
    expect(screen.getByRole("banner")).toBeTruthy();
    expect(screen.getByRole("contentinfo")).toBeTruthy();
    expect(document.title).toBe("Page Not Found | AfriOdds");
  });
});
