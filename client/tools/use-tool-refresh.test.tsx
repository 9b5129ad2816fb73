import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, useLoaderData } from "react-router";
import { useSession } from "../session/store.ts";
import { FakeEventSource, installEventSource, setTabHidden } from "../../tests/client/fake-event-source.ts";
import { USER } from "../../tests/client/harness.tsx";
import { TOOL_STREAM_URL, useToolRefresh } from "./use-tool-refresh.ts";

const NOW = Date.parse("2026-11-22T12:00:00Z");

/** A page whose loader counts its runs and which keeps itself current with the hook. */
function renderTool(active = true) {
  let runs = 0;
  function Tool() {
    const run = useLoaderData() as number;
    useToolRefresh(active);
    return <p>Loader runs: {run}</p>;
  }
  const router = createMemoryRouter(
    [{ path: "/tool", loader: () => (runs += 1), Component: Tool, HydrateFallback: () => null }],
    { initialEntries: ["/tool"] },
  );
  const view = render(<RouterProvider router={router} />);
  return { ...view, router, runs: () => runs };
}

const later = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const frame = {
  id: "e1",
  name: "Arsenal vs Chelsea",
  competitionId: 1,
  markets: [{ marketId: 1, odds: [] }],
};

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"],
    now: NOW,
  });
  installEventSource();
  Object.defineProperty(document, "hidden", { configurable: true, get: () => false });
  useSession.setState({ user: USER, loading: false });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  useSession.setState({ user: null, loading: true });
});

describe("useToolRefresh", () => {
  it("listens to the 1X2 stream of every league while the page is open", async () => {
    renderTool();
    await later(0);
    expect(screen.getByText("Loader runs: 1")).toBeTruthy();
    expect(FakeEventSource.opened.map((source) => source.url)).toEqual([TOOL_STREAM_URL]);
    expect(TOOL_STREAM_URL).toBe("/api/odds/stream?country=1");
  });

  it("runs the loader again when a change arrives, and at most once per 5 s however many arrive", async () => {
    const tool = renderTool();
    await later(0);
    const stream = FakeEventSource.latest();

    stream.send("market", 1, frame);
    await later(0);
    expect(tool.runs()).toBe(2);

    stream.send("market", 2, frame);
    await later(1_000);
    stream.send("market", 3, frame);
    await later(3_000);
    expect(tool.runs()).toBe(2);
    await later(1_000);
    expect(tool.runs()).toBe(3);
    expect(screen.getByText("Loader runs: 3")).toBeTruthy();

    await later(30_000);
    expect(tool.runs()).toBe(3);
  });

  it("runs the loader again when the stream cannot carry on from where the page was", async () => {
    const tool = renderTool();
    await later(0);
    FakeEventSource.latest().send("reset", 500, { seq: 500 });
    await later(0);
    expect(tool.runs()).toBe(2);
  });

  it("runs the loader every 30 s where the stream is refused, and stops once the session has ended", async () => {
    const tool = renderTool();
    await later(0);
    FakeEventSource.latest().refuse();
    await later(1);
    expect(tool.runs()).toBe(2);
    await later(29_000);
    expect(tool.runs()).toBe(2);
    await later(1_000);
    expect(tool.runs()).toBe(3);

    act(() => useSession.setState({ user: null, loading: false }));
    await later(60_000);
    expect(tool.runs()).toBe(3);
  });

  it("closes the stream while the tab is hidden and when the page goes", async () => {
    const tool = renderTool();
    await later(0);
    const first = FakeEventSource.latest();
    setTabHidden(true);
    expect(first.closed).toBe(true);
    setTabHidden(false);
    const second = FakeEventSource.latest();
    expect(second).not.toBe(first);

    tool.unmount();
    expect(second.closed).toBe(true);
  });

  it("opens nothing while the page has nothing to keep current", async () => {
    const tool = renderTool(false);
    await later(60_000);
    expect(FakeEventSource.opened).toEqual([]);
    expect(tool.runs()).toBe(1);
  });
});
