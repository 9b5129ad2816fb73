import { afterEach, describe, expect, it } from "vitest";
import { act, cleanup, screen } from "@testing-library/react";
import { renderPage } from "../../tests/client/harness.tsx";
import { LinkBar } from "./link-bar.tsx";
import { LINK_GRACE_MS, linkLost, useLinkStatus } from "../live/link-status.ts";

afterEach(() => {
  cleanup();
  useLinkStatus.setState({ downSince: null });
});

const renderBar = () => renderPage({ path: "bar", Component: LinkBar, timeZone: "Africa/Lagos" });

describe("the bar that says prices are not updating", () => {
  it("says since when, in the viewer's zone, once the drop has lasted the grace period, and goes when the link is back", async () => {
    renderBar();
    await act(async () => undefined);
    expect(screen.queryByRole("alert")).toBeNull();

    // Dropped 90 s ago: the time is the drop's, in Lagos.
    const since = Date.now() - 90_000;
    act(() => useLinkStatus.getState().down(since));
    const bar = await screen.findByRole("alert");
    const lagos = new Intl.DateTimeFormat("en-GB", { timeZone: "Africa/Lagos", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(since);
    expect(bar.textContent).toBe(
      `Prices are not updating since ${lagos} (1 min ago). The prices shown may be out of date; this page catches up by itself when they return.`,
    );

    act(() => useLinkStatus.getState().up());
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("stays away through a drop shorter than the grace period (a stream renewing its session)", () => {
    renderBar();
    act(() => useLinkStatus.getState().down(Date.now()));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(LINK_GRACE_MS).toBeLessThanOrEqual(5_000);
    expect(linkLost(10_000, 10_000 + LINK_GRACE_MS - 1)).toBe(false);
    expect(linkLost(10_000, 10_000 + LINK_GRACE_MS)).toBe(true);
    expect(linkLost(null, 10_000)).toBe(false);
  });

  it("keeps the first drop's time while the link keeps failing", () => {
    useLinkStatus.getState().down(1_000);
    useLinkStatus.getState().down(5_000);
    expect(useLinkStatus.getState().downSince).toBe(1_000);
  });
});
