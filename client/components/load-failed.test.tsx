import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, screen } from "@testing-library/react";
import { useLoaderData } from "react-router";
import { renderPage } from "../../tests/client/harness.tsx";
import { autoRetryDelay, LoadFailed } from "./load-failed.tsx";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Page() {
  const data = useLoaderData() as { ok: boolean };
  return data.ok ? <p>Prices are here</p> : <LoadFailed message="Failed to load odds data" />;
}

describe("a failed load", () => {
  it("retries by itself after 5 s, then 10 s, and shows the page once the data answers", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    let calls = 0;
    // Fails on the page's first load and the first retry; the second retry answers.
    const loader = () => ({ ok: ++calls > 2 });
    renderPage({ path: "odds", Component: Page, loader });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole("alert").textContent).toContain("Failed to load odds data");
    expect(calls).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(4_900));
    expect(calls).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(calls).toBe(2);
    expect(screen.getByRole("alert")).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(9_800));
    expect(calls).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(calls).toBe(3);
    expect(screen.getByText("Prices are here")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();

    // Nothing is asked once the page has its data.
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(calls).toBe(3);
  });

  it("backs off to once a minute", () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(autoRetryDelay)).toEqual([5_000, 10_000, 20_000, 40_000, 60_000, 60_000, 60_000]);
  });
});
