import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, renderHook } from "@testing-library/react";
import { useNow } from "./use-now.ts";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("useNow", () => {
  it("renders first with the loader's time, then follows the clock each minute", () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    vi.setSystemTime(Date.parse("2026-11-22T22:59:30Z"));
    const seen: number[] = [];
    const { result } = renderHook(() => {
      const now = useNow(Date.parse("2026-11-22T20:00:00Z"));
      seen.push(now);
      return now;
    });

    expect(seen[0]).toBe(Date.parse("2026-11-22T20:00:00Z"));
    expect(result.current).toBe(Date.parse("2026-11-22T22:59:30Z"));
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current).toBe(Date.parse("2026-11-22T23:00:30Z"));
  });

  it("does not render again at mount when less than an interval has passed since the loader's time", () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    vi.setSystemTime(Date.parse("2026-11-22T20:00:20Z"));
    const seen: number[] = [];
    renderHook(() => {
      const now = useNow(Date.parse("2026-11-22T20:00:00Z"));
      seen.push(now);
      return now;
    });
    expect(seen).toEqual([Date.parse("2026-11-22T20:00:00Z")]);
    act(() => vi.advanceTimersByTime(60_000));
    expect(seen.at(-1)).toBe(Date.parse("2026-11-22T20:01:20Z"));
  });

  it("catches up at mount when the browser's clock is behind the loader's by an interval or more: its own day is the bettor's today", () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    vi.setSystemTime(Date.parse("2026-11-27T11:00:00Z"));
    const { result } = renderHook(() => useNow(Date.parse("2026-11-27T23:30:00Z")));
    expect(result.current).toBe(Date.parse("2026-11-27T11:00:00Z"));
  });
});
