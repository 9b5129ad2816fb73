import { act, cleanup, render } from "@testing-library/react";
import { useState } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { choiceOnItsWay, useReplaceParams } from "./use-replace-params.ts";

afterEach(cleanup);

describe("useReplaceParams", () => {
  it("keeps a choice asked for but not yet shown when a part of the page mounts again with the query still on screen", async () => {
    let change: ((edit: (query: URLSearchParams) => void) => void) | undefined;
    let showPart: (() => void) | undefined;
    function Chooser() {
      change = useReplaceParams()[1];
      return null;
    }
    // A part that mounts later, while the first choice's navigation has not yet shown (a loading state, a re-keyed select).
    function LatePart() {
      useReplaceParams();
      return null;
    }
    function Page() {
      const [late, setLate] = useState(false);
      showPart = () => setLate(true);
      return (
        <>
          <Chooser />
          {late && <LatePart />}
        </>
      );
    }
    // The dashboard's loader holds each navigation until released: the query asked for is not yet shown.
    const releases: Array<() => void> = [];
    const router = createMemoryRouter([{ path: "/dashboard", element: <Page />, loader: () => new Promise<null>((resolve) => releases.push(() => resolve(null))) }], {
      initialEntries: ["/dashboard?league=1&market=1"],
      hydrationData: { loaderData: { "0": null } },
    });
    render(<RouterProvider router={router} />);

    act(() => change!((query) => query.set("league", "2")));
    // Still showing league 1: a part mounts now, with the old query.
    act(() => showPart!());
    act(() => change!((query) => query.set("market", "7")));
    await act(async () => {
      for (const release of releases.splice(0)) release();
      await Promise.resolve();
    });
    await act(async () => {
      for (const release of releases.splice(0)) release();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(router.state.location.search).toBe("?league=2&market=7");
  });

  it("says a choice is on its way from the tap until the page shows it, so a board mounting meanwhile does not write its preselection", async () => {
    let change: ((edit: (query: URLSearchParams) => void) => void) | undefined;
    function Chooser() {
      change = useReplaceParams()[1];
      return null;
    }
    const releases: Array<() => void> = [];
    const router = createMemoryRouter([{ path: "/dashboard", element: <Chooser />, loader: () => new Promise<null>((resolve) => releases.push(() => resolve(null))) }], {
      initialEntries: ["/dashboard?league=1&market=1"],
      hydrationData: { loaderData: { "0": null } },
    });
    render(<RouterProvider router={router} />);
    expect(choiceOnItsWay()).toBe(false);
    act(() => change!((query) => query.set("league", "2")));
    expect(choiceOnItsWay()).toBe(true);
    await act(async () => {
      for (const release of releases.splice(0)) release();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(router.state.location.search).toBe("?league=2&market=1");
    expect(choiceOnItsWay()).toBe(false);
  });
});
