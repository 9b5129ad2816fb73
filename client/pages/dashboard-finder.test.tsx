import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import type { OddsEvent, OddsResponse } from "#shared/contract.ts";
import { VIEW_COOKIE } from "#client/finder/view-choice.ts";
import { jsonResponse, market, oddsEvent, providerOdds, renderPage, summary } from "../../tests/client/harness.tsx";
import { FakeEventSource, installEventSource } from "../../tests/client/fake-event-source.ts";
import { DashboardPage, loader, shouldRevalidate, type DashboardData, type DashboardOdds } from "./dashboard.tsx";

const SLOW = { timeout: 3000 };
/** Friday 20 November 2026, 13:00 in Lagos (UTC+1): the page's clock. */
const NOW = Date.parse("2026-11-20T12:00:00Z");
const LEAGUES = [1, 2, 3, 4];

function match(id: string, home: string, away: string, competitionId: number, date: string, prices = [providerOdds(1, [[1, 2.1], [2, 3.4], [3, 3.2]]), providerOdds(3, [[1, 2.05], [2, 3.5], [3, 3.2]])]): OddsEvent {
  return oddsEvent({ id, name: `${home} vs ${away}`, home, away, competitionId, date, markets: [market(1, prices)] });
}

// 23:30 tonight and 00:30 tomorrow in Lagos, then Saturday and Sunday afternoons.
const TONIGHT = match("c1:liv-eve", "Liverpool", "Everton", 1, "2026-11-20T22:30:00.000Z");
const AFTER_MIDNIGHT = match("c2:rma-get", "Real Madrid", "Getafe", 2, "2026-11-20T23:30:00.000Z");
const SATURDAY = match("c3:int-mil", "Inter", "AC Milan", 3, "2026-11-21T14:00:00.000Z", [providerOdds(2, [[1, 2.5], [2, 3.1], [3, 2.9]]), providerOdds(5, [[1, 2.45], [2, 3.3], [3, 2.9]])]);
const SUNDAY = match("c1:tot-ars", "Tottenham Hotspur", "Arsenal", 1, "2026-11-22T16:30:00.000Z");

const byLeague: Record<number, OddsEvent[]> = { 1: [TONIGHT, SUNDAY], 2: [AFTER_MIDNIGHT], 3: [SATURDAY], 4: [] };
const answer = (events: OddsEvent[]): OddsResponse => ({ events, updatedAt: "2026-11-20T11:59:00.000Z", intervalS: 60 });
const SUMMARY = summary({ competitionIds: LEAGUES, marketIds: [1, 4] });

/** The web tier behind fetch: the summary and each league's odds for market 1. */
function stubWebTier(odds: (competition: number) => OddsEvent[] = (c) => byLeague[c] ?? []) {
  const fetchMock = vi.fn(async (input: string) => {
    const url = new URL(input, "http://localhost");
    if (url.pathname === "/api/odds/summary") return jsonResponse({ data: SUMMARY });
    if (url.pathname === "/api/odds") return jsonResponse({ data: answer(odds(Number(url.searchParams.get("competition")))) });
    return jsonResponse({ error: { code: "NOT_FOUND", description: input, type: "not_found" } }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
  const oddsCalls = () => fetchMock.mock.calls.map(([input]) => String(input)).filter((path) => path.startsWith("/api/odds?"));
  return { fetchMock, oddsCalls };
}

function renderDashboard(url: string, served?: DashboardData) {
  return renderPage({ path: "dashboard", url, Component: DashboardPage, loader, shouldRevalidate, served, now: NOW });
}

const rows = () => document.querySelectorAll<HTMLAnchorElement>("a.finder-row");
const rowTexts = () => [...rows()].map((row) => row.querySelector(".finder-teams")!.textContent);
const cardNames = () => screen.queryAllByRole("heading", { level: 2 }).map((h) => h.textContent);
const button = (name: string) => screen.getByRole("button", { name });
const listed = (): DashboardData => ({
  summary: { ok: true, data: SUMMARY },
  choice: { league: 1, market: 1, view: "list", odds: { ok: true, data: answer([TONIGHT, AFTER_MIDNIGHT, SATURDAY, SUNDAY]) } },
  view: "list",
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  document.cookie = `${VIEW_COOKIE}=; Path=/; Max-Age=0`;
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.cookie = `${VIEW_COOKIE}=; Path=/; Max-Age=0`;
});

describe("the dashboard's compact list", () => {
  it("asks every league's odds for the market and lists one row per match, by day then league", async () => {
    const { oddsCalls } = stubWebTier();
    renderDashboard("/dashboard?view=list");

    await waitFor(() => expect(rows()).toHaveLength(4), SLOW);
    expect(oddsCalls().sort()).toEqual(LEAGUES.map((c) => `/api/odds?country=1&competition=${c}&market=1`));
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual(["Today", "Tomorrow", "Sunday 22nd November"]);
    expect(screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual(["Premier League (ENG)", "La Liga (ESP)", "Serie A (ITA)", "Premier League (ENG)"]);
    expect(rowTexts()).toEqual(["Liverpool v Everton", "Real Madrid v Getafe", "Inter v AC Milan", "Tottenham Hotspur v Arsenal"]);
    // The list spans every league: the league choice says so and cannot be changed.
    const league = screen.getByLabelText("Select League") as HTMLSelectElement;
    expect([league.disabled, [...league.options].map((o) => o.text)]).toEqual([true, ["All leagues"]]);
  });

  it("gives each outcome its best price with the bookmaker's short name, and links the row to the match page", async () => {
    stubWebTier();
    renderDashboard("/dashboard?view=list");
    await waitFor(() => expect(rows()).toHaveLength(4), SLOW);

    const inter = [...rows()].find((row) => row.textContent!.includes("Inter v AC Milan"))!;
    expect(inter.getAttribute("href")).toBe("/match/c3%3Aint-mil");
    expect(inter.querySelector("time")!.textContent).toBe("15:00");
    const prices = [...inter.querySelectorAll(".finder-price")].map((price) => [price.querySelector(".finder-value")!.textContent, price.querySelector(".finder-bookie")!.textContent]);
    expect(prices).toEqual([["2.50", "BetKing"], ["3.30", "1xBet"], ["2.90", "BetKing +1"]]);
    // Screen readers hear the outcome and the full names.
    expect(inter.textContent).toContain("Home 2.50BetKing at BetKing");
    expect(inter.textContent).toContain("Away 2.90BetKing +1 at BetKing, 1xBet");
  });

  it("says 'Failed to load odds data' when a league's odds fail, rather than a list missing that league", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: string) => {
        const url = new URL(input, "http://localhost");
        if (url.pathname === "/api/odds/summary") return jsonResponse({ data: SUMMARY });
        if (url.searchParams.get("competition") === "3") return jsonResponse({ error: { code: "INTERNAL_ERROR", description: "Boom", type: "server" } }, 500);
        return jsonResponse({ data: answer(byLeague[Number(url.searchParams.get("competition"))] ?? []) });
      }),
    );
    renderDashboard("/dashboard?view=list");
    expect((await screen.findByRole("alert", {}, SLOW)).querySelector("p")?.textContent).toBe("Failed to load odds data");
    expect(rows()).toHaveLength(0);
  });
});

describe("the dashboard's view choice", () => {
  it("switches to the list and back with aria-pressed buttons, in the URL and a cookie, without a new history entry", async () => {
    const { oddsCalls } = stubWebTier();
    const { router } = renderDashboard("/dashboard");
    await screen.findByRole("heading", { name: TONIGHT.name }, SLOW);
    expect([button("Cards").getAttribute("aria-pressed"), button("List").getAttribute("aria-pressed")]).toEqual(["true", "false"]);
    const user = userEvent.setup();

    await user.click(button("List"));
    await waitFor(() => expect(rows()).toHaveLength(4), SLOW);
    // Whichever replace lands first (the preselection's or the view's), the URL ends with all three.
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ league: "1", market: "1", view: "list" });
    expect(router.state.historyAction).toBe("REPLACE");
    expect(document.cookie).toContain(`${VIEW_COOKIE}=list`);
    expect(button("List").getAttribute("aria-pressed")).toBe("true");
    expect(screen.queryByRole("table")).toBeNull();

    await user.click(button("Cards"));
    expect(await screen.findByRole("table", { name: `${TONIGHT.name}, 1X2 (Match Result)` }, SLOW)).toBeTruthy();
    expect(document.cookie).toContain(`${VIEW_COOKIE}=cards`);
    expect(oddsCalls()).toEqual([
      "/api/odds?country=1&competition=1&market=1",
      ...LEAGUES.map((c) => `/api/odds?country=1&competition=${c}&market=1`),
      "/api/odds?country=1&competition=1&market=1",
    ]);
  });

  it("opens in the remembered view on the next visit (the browser's loader reads document.cookie)", async () => {
    const { oddsCalls } = stubWebTier();
    document.cookie = `${VIEW_COOKIE}=list; Path=/`;
    renderDashboard("/dashboard");
    await waitFor(() => expect(rows()).toHaveLength(4), SLOW);
    expect(button("List").getAttribute("aria-pressed")).toBe("true");
    expect(oddsCalls()).toHaveLength(4);
  });

  it("lets the URL's view win over the remembered one", async () => {
    stubWebTier();
    document.cookie = `${VIEW_COOKIE}=list; Path=/`;
    renderDashboard("/dashboard?view=cards");
    expect(await screen.findByRole("heading", { name: TONIGHT.name }, SLOW)).toBeTruthy();
    expect(rows()).toHaveLength(0);
  });

  it("hydrates the server's list without fetching", async () => {
    const { fetchMock } = stubWebTier();
    installEventSource();
    renderDashboard("/dashboard?league=1&market=1", listed());
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(button("List").getAttribute("aria-pressed")).toBe("true");
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("the dashboard's day filter", () => {
  const cards = (events: OddsEvent[]): DashboardData => ({ summary: { ok: true, data: SUMMARY }, choice: { league: 1, market: 1, odds: { ok: true, data: answer(events) } } });

  it("keeps the cards of the chosen day by kick-off in the viewer's zone: 23:30 is today, 00:30 tomorrow", async () => {
    const { fetchMock } = stubWebTier();
    installEventSource();
    const { router } = renderDashboard("/dashboard?league=1&market=1", cards([TONIGHT, AFTER_MIDNIGHT, SATURDAY, SUNDAY]));
    await screen.findByRole("heading", { name: TONIGHT.name });
    expect(button("All").getAttribute("aria-pressed")).toBe("true");
    const user = userEvent.setup();

    await user.click(button("Today"));
    expect(cardNames()).toEqual([TONIGHT.name]);
    expect(router.state.location.search).toBe("?league=1&market=1&day=today");
    expect(button("Today").getAttribute("aria-pressed")).toBe("true");
    await user.click(button("Tomorrow"));
    expect(cardNames()).toEqual([AFTER_MIDNIGHT.name, SATURDAY.name]);
    await user.click(button("Weekend"));
    expect(cardNames()).toEqual([AFTER_MIDNIGHT.name, SATURDAY.name, SUNDAY.name]);
    await user.click(button("All"));
    expect(cardNames()).toEqual([TONIGHT.name, AFTER_MIDNIGHT.name, SATURDAY.name, SUNDAY.name]);
    expect(router.state.location.search).toBe("?league=1&market=1");
    // The page filters what it has: a day is no new question.
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says there is no match on the chosen day, in the cards and in the list", async () => {
    stubWebTier();
    installEventSource();
    renderDashboard("/dashboard?league=1&market=1&day=today", cards([SATURDAY, SUNDAY]));
    expect((await screen.findByText(/^No matches today\./)).closest("[role=status]")).toBeTruthy();
    cleanup();

    renderDashboard("/dashboard?league=1&market=1&day=tomorrow", { ...listed(), choice: { ...(listed().choice as DashboardOdds), odds: { ok: true, data: answer([TONIGHT, SUNDAY]) } } });
    expect((await screen.findByText(/^No matches tomorrow\./)).closest("[role=status]")).toBeTruthy();
    expect(rows()).toHaveLength(0);
  });

  it("points an empty day to the next kick-off, and one tap shows the day that holds it", async () => {
    stubWebTier();
    installEventSource();
    renderDashboard("/dashboard?league=1&market=1&day=today", cards([SATURDAY, SUNDAY]));
    const status = (await screen.findByText(/^No matches today\./)).closest("[role=status]")!;
    expect(status.textContent).toContain("No matches today. The next kick-off is Tomorrow • 15:00 (Inter vs AC Milan).");
    fireEvent.click(within(status as HTMLElement).getByRole("button", { name: "Show tomorrow" }));
    expect(await screen.findByRole("link", { name: /Inter vs AC Milan/ })).toBeTruthy();
    expect(screen.getByRole("group", { name: "Day" }).querySelector("[aria-pressed=true]")!.textContent).toBe("Tomorrow");
    cleanup();

    renderDashboard("/dashboard?league=1&market=1&day=tomorrow", { ...listed(), choice: { ...(listed().choice as DashboardOdds), odds: { ok: true, data: answer([TONIGHT, SUNDAY]) } } });
    const list = (await screen.findByText(/^No matches tomorrow\./)).closest("[role=status]")!;
    expect(list.textContent).toContain("The next kick-off is Today • 23:30 (Liverpool vs Everton).");
    expect(within(list as HTMLElement).getByRole("button", { name: "Show today" })).toBeTruthy();
  });

  it("applies to the list as it does to the cards", async () => {
    stubWebTier();
    installEventSource();
    renderDashboard("/dashboard?league=1&market=1&day=weekend", listed());
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rowTexts()).toEqual(["Real Madrid v Getafe", "Inter v AC Milan", "Tottenham Hotspur v Arsenal"]);
  });
});

describe("the compact list, live", () => {
  beforeEach(() => {
    installEventSource();
    Object.defineProperty(document, "hidden", { configurable: true, get: () => false });
  });

  it("follows every league of the market over one stream and applies its frames", async () => {
    stubWebTier();
    renderDashboard("/dashboard?league=1&market=1", listed());
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(FakeEventSource.opened.map((source) => source.url)).toEqual(["/api/odds/stream?country=1&market=1"]);
    const source = FakeEventSource.latest();

    source.send("market", 11, { ...SATURDAY, markets: [market(1, [providerOdds(4, [[1, 2.75], [2, 3.2], [3, 2.8]])])] });
    const inter = [...rows()].find((row) => row.textContent!.includes("Inter v AC Milan"))!;
    expect(inter.querySelector(".finder-value")!.textContent).toBe("2.75");
    expect(inter.querySelector(".finder-bookie")!.textContent).toBe("Naira");
    expect(inter.querySelector(".finder-value.odds-flash")).not.toBeNull();

    const newcomer = match("c4:bay-bvb", "Bayern Munich", "Borussia Dortmund", 4, "2026-11-21T17:30:00.000Z");
    source.send("market", 12, newcomer);
    expect(rowTexts()).toEqual(["Liverpool v Everton", "Real Madrid v Getafe", "Inter v AC Milan", "Bayern Munich v Borussia Dortmund", "Tottenham Hotspur v Arsenal"]);

    source.send("market", 13, { ...TONIGHT, markets: [market(1, [])] });
    expect(rowTexts()).not.toContain("Liverpool v Everton");
  });

  it("refetches every league on a reset frame", async () => {
    const { oddsCalls } = stubWebTier((c) => (c === 2 ? [] : (byLeague[c] ?? [])));
    renderDashboard("/dashboard?league=1&market=1", listed());
    await waitFor(() => expect(rows()).toHaveLength(4));
    FakeEventSource.latest().send("reset", 500, { seq: 500 });
    await waitFor(() => expect(rowTexts()).not.toContain("Real Madrid v Getafe"));
    expect(oddsCalls().sort()).toEqual(LEAGUES.map((c) => `/api/odds?country=1&competition=${c}&market=1`));
  });
});
