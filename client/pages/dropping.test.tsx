import { afterEach, describe, expect, it } from "vitest";
import { fireEvent, screen, within } from "@testing-library/react";
import { errorReply, renderPage, resetApp, stubApi } from "../../tests/client/harness.tsx";
import { MATCH_ID, priceDrop } from "../../tests/client/match-fixtures.ts";
import { DroppingPage, loader, NO_DROPS_MESSAGE } from "./dropping.tsx";

const NOW = Date.parse("2026-11-22T12:00:00Z");
const DROPPING = "GET /api/odds/dropping?country=1&hours=24";

afterEach(resetApp);

function renderDropping() {
  return renderPage({ path: "dropping", Component: DroppingPage, loader, now: NOW });
}

describe("the dropping odds page", () => {
  it("lists each drop with its match, market, selection, bookmaker, prices, percent and time, largest first as the API orders them", async () => {
    const api = stubApi({
      [DROPPING]: {
        data: {
          hours: 24,
          drops: [
            priceDrop(),
            priceDrop({ event: { ...priceDrop().event, id: "c2:real-getafe", name: "Real Madrid vs Getafe" }, marketId: 4, selectionTypeId: 9, provider: 3, from: 2.0, to: 1.8, dropPct: 10, at: "2026-11-21T22:15:00.000Z" }),
          ],
        },
      },
    });
    renderDropping();
    const items = await screen.findAllByRole("listitem");
    expect(api.callsTo(DROPPING)).toHaveLength(1);
    expect(items).toHaveLength(2);
    const first = within(items[0]!);
    expect(first.getByRole("link", { name: "Arsenal vs Chelsea" }).getAttribute("href")).toBe(`/match/${encodeURIComponent(MATCH_ID)}`);
    expect(items[0]!.textContent).toContain("1X2 (Match Result) · Home · Bet9ja");
    expect(items[0]!.textContent).toContain("Dropped −12.5%");
    expect(items[0]!.textContent).toContain("from 2.40 →  to 2.10");
    expect(items[0]!.textContent).toContain("Today • 11:30");
    expect(within(items[1]!).getByRole("link", { name: "Real Madrid vs Getafe" }).getAttribute("href")).toBe("/match/c2%3Areal-getafe");
    expect(items[1]!.textContent).toContain("OU2.5 · Under 2.5 · SportyBet");
    expect(items[1]!.textContent).toContain("−10.0%");
    expect(items[1]!.textContent).toContain("Saturday 21st November • 23:15");
  });

  it("says so when no price has dropped", async () => {
    stubApi({ [DROPPING]: { data: { hours: 24, drops: [] } } });
    renderDropping();
    expect(await screen.findByText(NO_DROPS_MESSAGE)).toBeTruthy();
    expect(screen.queryByRole("list")).toBeNull();
  });

  it("says the drops failed to load when the call fails, and Retry asks again", async () => {
    stubApi({ [DROPPING]: [errorReply(503, "UPSTREAM_UNAVAILABLE"), { data: { hours: 24, drops: [] } }] });
    renderDropping();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to load dropping odds");
    fireEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await screen.findByText(NO_DROPS_MESSAGE)).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("links back to the dashboard", async () => {
    stubApi({ [DROPPING]: { data: { hours: 24, drops: [] } } });
    renderDropping();
    expect((await screen.findByRole("link", { name: "← Back to the dashboard" })).getAttribute("href")).toBe("/dashboard");
  });
});
