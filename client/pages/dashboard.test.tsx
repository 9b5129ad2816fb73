import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import type { OddsResponse, OddsSummary } from "#shared/contract.ts";
import { jsonResponse, renderPage, market, oddsEvent, providerOdds, summary } from "../../tests/client/harness.tsx";
import { DashboardPage, loader, shouldRevalidate, type DashboardData } from "./dashboard.tsx";

const SLOW = { timeout: 3000 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Answer = Response | Promise<Response>;

/** Stubs the web tier: the summary and one odds answer per `competition:market`. */
function stubApi({
  summaryAnswer,
  odds,
}: {
  summaryAnswer?: () => Answer;
  odds?: (competition: string, market: string) => Answer;
}) {
  const fetchMock = vi.fn(async (input: string | URL | Request) => {
    const url = new URL(String(input), "http://localhost");
    if (url.pathname === "/api/odds/summary" && summaryAnswer) return summaryAnswer();
    if (url.pathname === "/api/odds" && odds)
      return odds(url.searchParams.get("competition") ?? "", url.searchParams.get("market") ?? "");
    return jsonResponse({ error: { code: "NOT_FOUND", description: "Not found", type: "not_found" } }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function oddsFor(name: string, marketId = 1): OddsResponse {
  const event = oddsEvent({
    name,
    date: new Date(Date.now() + 3_600_000).toISOString(),
    markets: [
      market(marketId, [
        providerOdds(1, [
          [1, 2.1],
          [2, 3.4],
          [3, 3.2],
        ]),
      ]),
    ],
  });
  return { events: [event], updatedAt: "2026-11-22T09:00:00.000Z" };
}

function oddsCalls(fetchMock: ReturnType<typeof stubApi>) {
  return fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith("/api/odds?"));
}

const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;

/** The page with its own loader, as the browser runs it; or hydrated with what the server rendered (`served`). */
function renderDashboard(url = "/dashboard", served?: DashboardData) {
  return renderPage({ path: "dashboard", url, Component: DashboardPage, loader, shouldRevalidate, served });
}

describe("DashboardPage in the browser", () => {
  it("loads the summary, preselects the first league and market and shows their odds", async () => {
    const fetchMock = stubApi({
      summaryAnswer: () =>
        jsonResponse({ data: summary({ competitionIds: [1, 2, 3], marketIds: [1, 4, 7], numOdds: 12345 }) }),
      odds: (c, m) => jsonResponse({ data: oddsFor(`League ${c} market ${m}`) }),
    });
    renderDashboard();

    expect((await screen.findByRole("status")).textContent).toBe(
      "Loading available competitions and markets...",
    );
    expect((await screen.findByText("Loading odds data...", {}, SLOW)).getAttribute("role")).toBe("status");
    expect(select("Select League").value).toBe("1");
    expect(select("Select Market").value).toBe("1");
    expect([...select("Select League").options].map((o) => o.text)).toEqual([
      "Premier League (ENG)",
      "La Liga (ESP)",
      "Serie A (ITA)",
    ]);
    expect([...select("Select Market").options].map((o) => o.text)).toEqual([
      "1X2 (Match Result)",
      "Over/Under 2.5 goals (OU2.5)",
      "BTTS (Both Teams to Score)",
    ]);
    expect(screen.getByText("12,345")).toBeTruthy();

    expect(await screen.findByRole("heading", { name: "League 1 market 1" }, SLOW)).toBeTruthy();
    expect(oddsCalls(fetchMock)).toEqual(["/api/odds?country=1&competition=1&market=1"]);
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/odds/summary?country=1");
  });

  it("preselects the league and market named in the URL", async () => {
    const fetchMock = stubApi({
      summaryAnswer: () =>
        jsonResponse({ data: summary({ competitionIds: [1, 2, 3], marketIds: [1, 4, 7] }) }),
      odds: (c, m) => jsonResponse({ data: oddsFor(`League ${c} market ${m}`, Number(m)) }),
    });
    renderDashboard("/dashboard?league=2&market=4");

    expect(await screen.findByRole("heading", { name: "League 2 market 4" }, SLOW)).toBeTruthy();
    expect(select("Select League").value).toBe("2");
    expect(select("Select Market").value).toBe("4");
    expect(oddsCalls(fetchMock)).toEqual(["/api/odds?country=1&competition=2&market=4"]);
  });

  it.each([
    ["/dashboard", "?league=1&market=1"],
    ["/dashboard?league=3", "?league=3&market=1"],
    ["/dashboard?league=99&market=4", "?league=1&market=4"],
  ])("writes the preselected league and market into the URL of %s without a new history entry", async (url, search) => {
    stubApi({
      summaryAnswer: () =>
        jsonResponse({ data: summary({ competitionIds: [1, 2, 3], marketIds: [1, 4, 7] }) }),
      odds: (c, m) => jsonResponse({ data: oddsFor(`League ${c} market ${m}`, Number(m)) }),
    });
    const { router } = renderDashboard(url);
    await screen.findByLabelText("Select League", {}, SLOW);
    await waitFor(() => expect(router.state.location.search).toBe(search));
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("mirrors each new choice in the URL and refetches the odds", async () => {
    const fetchMock = stubApi({
      summaryAnswer: () =>
        jsonResponse({ data: summary({ competitionIds: [1, 2, 3], marketIds: [1, 4, 7] }) }),
      odds: (c, m) => jsonResponse({ data: oddsFor(`League ${c} market ${m}`, Number(m)) }),
    });
    const { router } = renderDashboard();
    await screen.findByRole("heading", { name: "League 1 market 1" }, SLOW);
    const user = userEvent.setup();

    await user.selectOptions(select("Select League"), "3");
    expect(router.state.location.search).toBe("?league=3&market=1");
    expect(await screen.findByRole("heading", { name: "League 3 market 1" }, SLOW)).toBeTruthy();

    await user.selectOptions(select("Select Market"), "7");
    expect(router.state.location.search).toBe("?league=3&market=7");
    expect(await screen.findByRole("heading", { name: "League 3 market 7" }, SLOW)).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "League 3 market 1" })).toBeNull();

    expect(oddsCalls(fetchMock)).toEqual([
      "/api/odds?country=1&competition=1&market=1",
      "/api/odds?country=1&competition=3&market=1",
      "/api/odds?country=1&competition=3&market=7",
    ]);
    // docs/product.md, Dashboard data: the summary is fetched on load; a change of league or market keeps it.
    expect(fetchMock.mock.calls.filter(([input]) => String(input).startsWith("/api/odds/summary"))).toHaveLength(1);
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("keeps a league chosen before the preselection reached the URL", async () => {
    const fetchMock = stubApi({
      summaryAnswer: () => jsonResponse({ data: summary({ competitionIds: [1, 2, 3], marketIds: [1, 4, 7] }) }),
      odds: (c, m) => jsonResponse({ data: oddsFor(`League ${c} market ${m}`, Number(m)) }),
    });
    const { router } = renderDashboard();
    // The selects appear in one commit and the effect that writes the preselection runs in a later
    // task: a slow phone's tap can land between the two. Choose in that gap.
    await new Promise<void>((resolve) => {
      const observer = new MutationObserver(() => {
        const league = screen.queryByLabelText("Select League");
        if (!league) return;
        observer.disconnect();
        fireEvent.change(league, { target: { value: "3" } });
        resolve();
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
    expect(await screen.findByRole("heading", { name: "League 3 market 1" }, SLOW)).toBeTruthy();
    expect(router.state.location.search).toBe("?league=3&market=1");
    expect(select("Select League").value).toBe("3");
    expect(oddsCalls(fetchMock)).toEqual(["/api/odds?country=1&competition=1&market=1", "/api/odds?country=1&competition=3&market=1"]);
  });

  it("keeps a league whose URL is written but not yet shown when the market is chosen next", async () => {
    stubApi({
      summaryAnswer: () => jsonResponse({ data: summary({ competitionIds: [1, 2, 3], marketIds: [1, 4, 7] }) }),
      odds: (c, m) => jsonResponse({ data: oddsFor(`League ${c} market ${m}`, Number(m)) }),
    });
    const { router } = renderDashboard();
    await screen.findByRole("heading", { name: "League 1 market 1" }, SLOW);
    // The router writes the league's URL before React renders it: on a loaded phone the next tap
    // lands in that gap, on a page that still shows league 1. Choose the market right there.
    let tapped = false;
    const unsubscribe = router.subscribe((state) => {
      if (tapped || state.location.search !== "?league=3&market=1") return;
      tapped = true;
      fireEvent.change(select("Select Market"), { target: { value: "7" } });
    });
    fireEvent.change(select("Select League"), { target: { value: "3" } });
    await waitFor(() => expect(tapped).toBe(true), SLOW);
    unsubscribe();
    expect(await screen.findByRole("heading", { name: "League 3 market 7" }, SLOW)).toBeTruthy();
    expect(router.state.location.search).toBe("?league=3&market=7");
  });

  it("drops an answer that arrives after the choice changed", async () => {
    let answerFirst: (response: Response) => void = () => undefined;
    stubApi({
      summaryAnswer: () => jsonResponse({ data: summary({ competitionIds: [1, 2], marketIds: [1] }) }),
      odds: (c) =>
        c === "1"
          ? new Promise<Response>((resolve) => (answerFirst = resolve))
          : jsonResponse({ data: oddsFor("Second choice") }),
    });
    renderDashboard();
    await screen.findByText("Loading odds data...", {}, SLOW);

    await userEvent.setup().selectOptions(select("Select League"), "2");
    expect(await screen.findByRole("heading", { name: "Second choice" }, SLOW)).toBeTruthy();
    answerFirst(jsonResponse({ data: oddsFor("Stale choice") }));
    await new Promise((resolve) => setTimeout(resolve, 400));

    expect(screen.queryByRole("heading", { name: "Stale choice" })).toBeNull();
    expect(screen.getByRole("heading", { name: "Second choice" })).toBeTruthy();
  });

  it("says so when the league has no matches", async () => {
    stubApi({
      summaryAnswer: () => jsonResponse({ data: summary() }),
      odds: () => jsonResponse({ data: { events: [], updatedAt: "2026-11-22T09:00:00.000Z" } }),
    });
    renderDashboard();
    expect(
      (
        await screen.findByText("No matches found for the selected league and market.", {}, SLOW)
      ).getAttribute("role"),
    ).toBe("status");
  });

  it.each([
    [
      "no event carries odds for the market",
      { data: { events: [oddsEvent({ markets: [market(1, [])] })], updatedAt: "2026-11-22T09:00:00.000Z" } },
    ],
    ["the answer holds no odds response", { data: null }],
  ])("says no odds are available when %s", async (_case, body) => {
    stubApi({ summaryAnswer: () => jsonResponse({ data: summary() }), odds: () => jsonResponse(body) });
    renderDashboard();
    expect(
      await screen.findByText("No odds data available for the selected combination.", {}, SLOW),
    ).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("reports a failed summary", async () => {
    stubApi({
      summaryAnswer: () =>
        jsonResponse({ error: { code: "UPSTREAM_UNAVAILABLE", description: "Down", type: "upstream" } }, 502),
    });
    renderDashboard();
    expect((await screen.findByRole("alert", {}, SLOW)).querySelector("p")?.textContent).toBe("Failed to load summary data");
    expect(screen.queryByLabelText("Select League")).toBeNull();
  });

  it("reports failed odds but keeps the choice available", async () => {
    stubApi({
      summaryAnswer: () => jsonResponse({ data: summary() }),
      odds: () =>
        jsonResponse({ error: { code: "INTERNAL_ERROR", description: "Boom", type: "server" } }, 500),
    });
    renderDashboard();
    expect((await screen.findByRole("alert", {}, SLOW)).querySelector("p")?.textContent).toBe("Failed to load odds data");
    expect(select("Select League").value).toBe("1");
  });

  it("retries failed odds on request and shows them", async () => {
    let calls = 0;
    stubApi({
      summaryAnswer: () => jsonResponse({ data: summary() }),
      odds: (c, m) => (++calls === 1 ? jsonResponse({ error: { code: "INTERNAL_ERROR", description: "Boom", type: "server" } }, 500) : jsonResponse({ data: oddsFor(`League ${c} market ${m}`) })),
    });
    renderDashboard();
    const alert = await screen.findByRole("alert", {}, SLOW);
    fireEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("heading", { name: "League 1 market 1" }, SLOW)).toBeTruthy();
    expect(calls).toBe(2);
  });

  it("retries a failed summary on request and then offers the choice", async () => {
    let calls = 0;
    stubApi({
      summaryAnswer: () => (++calls === 1 ? jsonResponse({ error: { code: "UPSTREAM_UNAVAILABLE", description: "Down", type: "upstream" } }, 502) : jsonResponse({ data: summary() })),
      odds: (c, m) => jsonResponse({ data: oddsFor(`League ${c} market ${m}`) }),
    });
    renderDashboard();
    const alert = await screen.findByRole("alert", {}, SLOW);
    fireEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await screen.findByLabelText("Select League", {}, SLOW)).toBeTruthy();
    expect(calls).toBe(2);
  });

  it("sends a visitor back to the home page", async () => {
    const fetchMock = stubApi({});
    renderPage({ path: "dashboard", Component: DashboardPage, loader, user: null });
    expect(await screen.findByText("Home page")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("DashboardPage rendered with server data", () => {
  const served = (
    odds: OddsResponse | null,
    s: OddsSummary = summary({ competitionIds: [1, 2], marketIds: [1, 4] }),
  ): DashboardData => ({
    summary: { ok: true, data: s },
    choice: { league: 2, market: 1, odds: { ok: true, data: odds } },
  });

  it("shows the server's summary and odds without fetching", async () => {
    const fetchMock = stubApi({});
    const { router } = renderDashboard("/dashboard?league=2", served(oddsFor("Served match")));

    expect(await screen.findByRole("table", { name: "Served match, 1X2 (Match Result)" })).toBeTruthy();
    expect(select("Select League").value).toBe("2");
    expect(screen.queryByText("Loading odds data...")).toBeNull();
    expect(screen.getByText("42")).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe("?league=2&market=1"));
    expect(router.state.historyAction).toBe("REPLACE");
    expect(screen.getByRole("table", { name: "Served match, 1X2 (Match Result)" })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("links to the whole board's pages beyond the four leagues, in the first HTML", async () => {
    stubApi({});
    renderDashboard("/dashboard?league=2", served(oddsFor("Served match")));
    expect((await screen.findByRole("link", { name: "Today's matches" })).getAttribute("href")).toBe("/matches");
    expect(screen.getByRole("link", { name: "All competitions" }).getAttribute("href")).toBe("/competitions");
  });

  it("says no odds are available when the server's answer held none", async () => {
    const fetchMock = stubApi({});
    renderDashboard("/dashboard?league=2", served(null));
    expect(await screen.findByText("No odds data available for the selected combination.")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("reports failed odds when the server could not get them, and keeps the choice available", async () => {
    const fetchMock = stubApi({});
    renderDashboard("/dashboard?league=2", { ...served(null), choice: { league: 2, market: 1, odds: { ok: false } } });
    expect((await screen.findByRole("alert")).querySelector("p")?.textContent).toBe("Failed to load odds data");
    expect(screen.queryByText("No odds data available for the selected combination.")).toBeNull();
    expect(select("Select League").value).toBe("2");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("reports a failed summary when the server could not get it", async () => {
    const fetchMock = stubApi({});
    renderDashboard("/dashboard", { summary: { ok: false }, choice: { league: null, market: null, odds: null } });
    expect((await screen.findByRole("alert")).querySelector("p")?.textContent).toBe("Failed to load summary data");
    expect(screen.queryByLabelText("Select League")).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("fetches once the user picks another market", async () => {
    const fetchMock = stubApi({
      odds: (c, m) => jsonResponse({ data: oddsFor(`League ${c} market ${m}`, Number(m)) }),
    });
    renderDashboard("/dashboard?league=2", served(oddsFor("Served match")));
    await screen.findByRole("heading", { name: "Served match" });

    await userEvent.setup().selectOptions(select("Select Market"), "4");
    expect(await screen.findByRole("heading", { name: "League 2 market 4" }, SLOW)).toBeTruthy();
    expect(oddsCalls(fetchMock)).toEqual(["/api/odds?country=1&competition=2&market=4"]);
  });
});
