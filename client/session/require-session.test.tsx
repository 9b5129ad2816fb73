import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NETWORK_OFFLINE_MESSAGE, UPSTREAM_UNAVAILABLE_MESSAGE } from "#shared/messages.ts";
import { renderApp, resetApp, stubApi } from "../../tests/client/harness.tsx";
import { SESSION_STORAGE_KEY, useSession } from "./store.ts";

afterEach(resetApp);

const upstreamDown = { status: 502, error: { code: "UPSTREAM_UNAVAILABLE", description: UPSTREAM_UNAVAILABLE_MESSAGE } };

describe("a protected page whose session cannot be checked", () => {
  it("says the service is unavailable and stays, with the top bar, when the web tier cannot reach the odds API", async () => {
    stubApi({ "GET /api/session": upstreamDown });
    const { path } = renderApp("/help");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Service unavailable");
    expect(alert.textContent).toContain(UPSTREAM_UNAVAILABLE_MESSAGE);
    expect(screen.getByRole("link", { name: "Try again" }).getAttribute("href")).toBe("/help");
    expect(screen.getByRole("banner")).toBeTruthy();
    expect(path()).toBe("/help");
    expect(useSession.getState()).toMatchObject({ user: null, loading: false, unavailable: true });
  });

  it("says so, never an empty page, for a user this browser remembers: the page has no data to show", async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ user: { id: "u1", username: "ada", email: "ada@example.com", country: 1 }, timestamp: Date.now() }));
    stubApi({ "GET /api/session": upstreamDown });
    renderApp("/help");
    await waitFor(() => expect(useSession.getState()).toMatchObject({ loading: false, unavailable: true }));
    expect(useSession.getState().user?.username).toBe("ada");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("AfriOdds can't reach its prices right now");
    expect(screen.getByRole("alert").textContent).toContain("You are still signed in.");
    expect(screen.queryByRole("heading", { name: "How to Read Odds Tables" })).toBeNull();
  });

  it("still sends a visitor whose check got no answer at all back to /", async () => {
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("Failed to fetch")));
    const { path } = renderApp("/help");
    await waitFor(() => expect(path()).toBe("/"));
    expect(screen.queryByText(NETWORK_OFFLINE_MESSAGE)).toBeNull();
    expect(useSession.getState().unavailable).toBe(false);
  });
});
