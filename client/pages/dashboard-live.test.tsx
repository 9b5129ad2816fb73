import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, screen, within } from "@testing-library/react";
import type { OddsEvent, OddsResponse, OddsSummary } from "#shared/contract.ts";
import { FLAGS } from "#shared/reference.ts";
import { useSession } from "#client/session/store.ts";
import { STALE_AFTER_MS, useLinkStatus } from "#client/live/link-status.ts";
import { market, oddsEvent, providerOdds, renderPage, summary, USER } from "../../tests/client/harness.tsx";
import { FakeEventSource, installEventSource, setTabHidden } from "../../tests/client/fake-event-source.ts";
import { DashboardPage, loader, shouldRevalidate, type DashboardData } from "./dashboard.tsx";

const STREAM = "/api/odds/stream?country=1&competition=2&market=1";
const ODDS = "/api/odds?country=1&competition=2&market=1";
const NOW = Date.parse("2026-11-22T12:00:00Z");

interface Call {
  path: string;
  ifNoneMatch: string | null;
}

type Reply = { status: number; body?: unknown; etag?: string };

/** The web tier behind fetch: each path answers its replies in turn (the last one repeats). */
function stubWebTier(replies: Record<string, Reply[]>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      calls.push({ path: input, ifNoneMatch: new Headers(init?.headers).get("if-none-match") });
      const queue = replies[input];
      const reply = (queue && queue.length > 1 ? queue.shift() : queue?.[0]) ?? { status: 404, body: { error: { code: "NOT_FOUND", description: input, type: "not_found" } } };
      // A minimal Response: a real one reads its body through streams, which fake timers could stall.
      return { ok: reply.status >= 200 && reply.status < 300, status: reply.status, headers: new Headers(reply.etag ? { etag: reply.etag } : {}), text: async () => JSON.stringify(reply.body ?? null) } as Response;
    }),
  );
  return { calls, to: (path: string) => calls.filter((call) => call.path === path) };
}

const at = (msAgo: number) => new Date(NOW - msAgo).toISOString();

function match(id: string, name: string, date: string, prices = providerOdds(1, [[1, 2.1], [2, 3.4], [3, 3.25]])): OddsEvent {
  return oddsEvent({ id, name, date, competitionId: 2, markets: [market(1, [{ ...prices, updatedAt: at(3_000) }])] });
}

const EARLY = match("e1", "Real Madrid vs Getafe", "2026-11-22T15:00:00.000Z");
const LATE = match("e3", "Sevilla vs Betis", "2026-11-23T19:00:00.000Z");

function served(events: OddsEvent[], intervalS = 5, s: OddsSummary = summary({ competitionIds: [1, 2], marketIds: [1, 4] })): DashboardData {
  const odds: OddsResponse = { events, updatedAt: at(3_000), intervalS };
  return { summary: { ok: true, data: s }, choice: { league: 2, market: 1, odds: { ok: true, data: odds } } };
}

function renderLive(data: DashboardData) {
  return renderPage({ path: "dashboard", url: "/dashboard?league=2&market=1", Component: DashboardPage, loader, shouldRevalidate, served: data, now: NOW });
}

/** The cells of one bookmaker's row in the card of `eventName`. */
function rowCells(eventName: string, bookmaker: string) {
  const table = screen.getByRole("table", { name: `${eventName}, 1X2 (Match Result)` });
  const row = within(table).getByRole("rowheader", { name: bookmaker }).closest("tr")!;
  return within(row).getAllByRole("cell");
}

const cardNames = () => screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);

beforeEach(() => {
  installEventSource();
  Object.defineProperty(document, "hidden", { configurable: true, get: () => false });
});

afterEach(() => {
  cleanup();
  useLinkStatus.setState({ downSince: null });
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the dashboard's live odds", () => {
  // The page's clock at NOW, timers real: the prices are 3 s old, nobody is stale.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  });

  it("streams exactly the league and market it shows", async () => {
    stubWebTier({});
    renderLive(served([EARLY]));
    await screen.findByRole("heading", { name: EARLY.name });
    expect(FakeEventSource.opened.map((source) => source.url)).toEqual([STREAM]);
  });

  it("gives a changed cell its new value, flags and margin, and flashes it", async () => {
    stubWebTier({});
    renderLive(served([EARLY]));
    await screen.findByRole("heading", { name: EARLY.name });
    expect(rowCells(EARLY.name, "Bet9ja")[0]!.className).toBe("");

    const moved = providerOdds(1, [[1, 2.55, FLAGS.Best | FLAGS.Increased | FLAGS.Boosted], [2, 3.4], [3, 3.25]], 4.2);
    FakeEventSource.latest().send("market", 41, { ...EARLY, markets: [market(1, [{ ...moved, updatedAt: at(0) }])] });

    const [home, draw, , margin] = rowCells(EARLY.name, "Bet9ja");
    expect(home!.textContent).toBe("2.55 best odds");
    expect(home!.className).toBe("odds-best");
    expect(within(home!).getByRole("img", { name: "odds increased" })).toBeTruthy();
    expect(within(home!).getByRole("img", { name: "boosted odds" })).toBeTruthy();
    expect(home!.querySelector(".odds-flash")).not.toBeNull();
    expect(draw!.querySelector(".odds-flash")).toBeNull();
    expect(margin!.textContent).toBe("4.20%");
    expect(margin!.querySelector(".tag.odds-flash")).not.toBeNull();
  });

  it("drops an event whose market left the listing and adds a new one in kick-off order", async () => {
    stubWebTier({});
    renderLive(served([EARLY, LATE]));
    await screen.findByRole("heading", { name: EARLY.name });
    const source = FakeEventSource.latest();

    source.send("market", 7, { ...match("e2", "Valencia vs Girona", "2026-11-22T20:00:00.000Z") });
    expect(cardNames()).toEqual([EARLY.name, "Valencia vs Girona", LATE.name]);

    source.send("market", 8, { ...EARLY, markets: [market(1, [])] });
    expect(cardNames()).toEqual(["Valencia vs Girona", LATE.name]);
  });

  it("ignores a frame of another market", async () => {
    stubWebTier({});
    renderLive(served([EARLY]));
    await screen.findByRole("heading", { name: EARLY.name });
    FakeEventSource.latest().send("market", 9, { ...EARLY, markets: [market(4, [])] });
    expect(cardNames()).toEqual([EARLY.name]);
  });

  it("hears from the web tier that it lost the API, marks every price stale two minutes on, and refetches once the link is back", async () => {
    const web = stubWebTier({ [ODDS]: [{ status: 200, body: { data: { events: [LATE], updatedAt: at(0), intervalS: 5 } }, etag: '"v2"' }] });
    renderLive(served([EARLY]));
    await screen.findByRole("heading", { name: EARLY.name });
    const staleMarks = () => screen.queryAllByRole("img", { name: "stale" }).length;
    expect(staleMarks()).toBe(0);

    // The web tier lost the API just under two minutes ago: not yet past the stale threshold.
    const since = NOW - STALE_AFTER_MS + 200;
    FakeEventSource.latest().sendWithoutId("status", { live: false, since: new Date(since).toISOString() });
    expect(useLinkStatus.getState().downSince).toBe(since);
    expect(staleMarks()).toBe(0);
    // The threshold passes: every bookmaker's row of the card is marked, with no new frame.
    vi.setSystemTime(NOW + 1_000);
    await vi.waitFor(() => expect(staleMarks()).toBe(EARLY.markets[0]!.odds.length), { timeout: 5_000 });

    FakeEventSource.latest().sendWithoutId("status", { live: true });
    expect(useLinkStatus.getState().downSince).toBeNull();
    expect(await screen.findByRole("heading", { name: LATE.name })).toBeTruthy();
    expect(web.to(ODDS)).toHaveLength(1);
    expect(staleMarks()).toBe(0);
  });

  it("counts its own stream breaking as the link dropping, and its reconnect as the link back", async () => {
    const web = stubWebTier({ [ODDS]: [{ status: 304 }] });
    renderLive(served([EARLY]));
    await screen.findByRole("heading", { name: EARLY.name });
    const source = FakeEventSource.latest();

    source.drop();
    expect(useLinkStatus.getState().downSince).toBe(NOW);
    source.reopen();
    expect(useLinkStatus.getState().downSince).toBeNull();
    // What changed meanwhile is asked for.
    await vi.waitFor(() => expect(web.to(ODDS)).toHaveLength(1), { timeout: 5_000 });
  });

  it("refetches the odds on a reset frame", async () => {
    const web = stubWebTier({ [ODDS]: [{ status: 200, body: { data: { events: [LATE], updatedAt: at(1_000), intervalS: 5 } }, etag: '"v2"' }] });
    renderLive(served([EARLY]));
    await screen.findByRole("heading", { name: EARLY.name });

    FakeEventSource.latest().send("reset", 500, { seq: 500 });

    expect(await screen.findByRole("heading", { name: LATE.name })).toBeTruthy();
    expect(cardNames()).toEqual([LATE.name]);
    expect(web.to(ODDS)).toHaveLength(1);
  });

  it("closes its stream while the tab is hidden and reopens it from the last change seen", async () => {
    stubWebTier({});
    renderLive(served([EARLY]));
    await screen.findByRole("heading", { name: EARLY.name });
    const first = FakeEventSource.latest();
    first.send("ready", 40, { seq: 40 });
    first.send("market", 42, EARLY);

    setTabHidden(true);
    expect(first.closed).toBe(true);
    expect(FakeEventSource.opened).toHaveLength(1);

    setTabHidden(false);
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(FakeEventSource.latest().url).toBe(`${STREAM}&lastEventId=42`);
  });

  it("refetches on return when the stream answers with a fresh position instead of the missed changes", async () => {
    const web = stubWebTier({ [ODDS]: [{ status: 200, body: { data: { events: [LATE], updatedAt: at(1_000), intervalS: 5 } } }] });
    renderLive(served([EARLY]));
    await screen.findByRole("heading", { name: EARLY.name });
    FakeEventSource.latest().send("ready", 40, { seq: 40 });
    setTabHidden(true);
    setTabHidden(false);
    expect(web.to(ODDS)).toHaveLength(0);

    FakeEventSource.latest().send("ready", 90, { seq: 90 });
    expect(await screen.findByRole("heading", { name: LATE.name })).toBeTruthy();
    expect(web.to(ODDS)).toHaveLength(1);
  });

  it("closes its stream when the page goes", async () => {
    stubWebTier({});
    const { unmount } = renderLive(served([EARLY]));
    await screen.findByRole("heading", { name: EARLY.name });
    unmount();
    expect(FakeEventSource.latest().closed).toBe(true);
  });
});

describe("the dashboard's live odds where EventSource fails", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"], now: NOW });
  });

  const later = async (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
  const changedOdds = (events: OddsEvent[]): Reply => ({ status: 200, body: { data: { events, updatedAt: at(0), intervalS: 5 } }, etag: '"v1"' });

  it("polls with If-None-Match every 30 s once the stream was refused", async () => {
    const web = stubWebTier({ [ODDS]: [changedOdds([LATE]), { status: 304 }] });
    renderLive(served([EARLY]));
    await later(0);
    FakeEventSource.latest().refuse();
    await later(0);
    expect(web.to(ODDS)).toEqual([{ path: ODDS, ifNoneMatch: null }]);
    expect(cardNames()).toEqual([LATE.name]);

    await later(29_000);
    expect(web.to(ODDS)).toHaveLength(1);
    await later(1_000);
    await later(30_000);
    expect(web.to(ODDS)).toEqual([
      { path: ODDS, ifNoneMatch: null },
      { path: ODDS, ifNoneMatch: '"v1"' },
      { path: ODDS, ifNoneMatch: '"v1"' },
    ]);
    expect(cardNames()).toEqual([LATE.name]);
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it("polls every 30 s where there is no EventSource at all", async () => {
    vi.stubGlobal("EventSource", undefined);
    const web = stubWebTier({ [ODDS]: [changedOdds([LATE])] });
    renderLive(served([EARLY]));
    await later(29_000);
    expect(web.to(ODDS)).toHaveLength(0);
    await later(1_000);
    expect(web.to(ODDS)).toHaveLength(1);
    expect(cardNames()).toEqual([LATE.name]);
  });

  it("stops polling and ends the session when the web tier says it expired", async () => {
    useSession.setState({ user: USER, loading: false });
    const web = stubWebTier({ [ODDS]: [{ status: 401, body: { error: { code: "AUTH_EXPIRED", description: "Your session has expired.", type: "auth" } } }] });
    renderLive(served([EARLY]));
    await later(0);
    FakeEventSource.latest().refuse();
    await later(0);
    expect(useSession.getState().user).toBeNull();
    await later(90_000);
    expect(web.to(ODDS)).toHaveLength(1);
  });

  it("refetches the summary at most once per 30 s while changes arrive", async () => {
    const SUMMARY = "/api/odds/summary?country=1";
    const web = stubWebTier({ [SUMMARY]: [{ status: 200, body: { data: summary({ competitionIds: [1, 2], marketIds: [1, 4], numOdds: 777 }) } }] });
    renderLive(served([EARLY]));
    await later(0);
    const source = FakeEventSource.latest();

    source.send("market", 1, EARLY);
    await later(0);
    expect(web.to(SUMMARY)).toHaveLength(1);
    expect(screen.getByText("777")).toBeTruthy();

    source.send("market", 2, EARLY);
    source.send("market", 3, EARLY);
    await later(29_000);
    expect(web.to(SUMMARY)).toHaveLength(1);
    await later(1_000);
    expect(web.to(SUMMARY)).toHaveLength(2);
    await later(60_000);
    expect(web.to(SUMMARY)).toHaveLength(2);
  });

  it("says how old each card's prices are, ticking, and marks stale exactly the bookmakers the API marks, not those whose prices are only old", async () => {
    stubWebTier({});
    const bet9ja = { ...providerOdds(1, [[1, 2.1], [2, 3.4], [3, 3.25]]), updatedAt: at(4_000) };
    // Unchanged for 10.5 s, more than two 5 s intervals, but still confirmed by its feed.
    const sportyBet = { ...providerOdds(3, [[1, 2.0], [2, 3.5], [3, 3.3]]), updatedAt: at(10_500) };
    const mixed = oddsEvent({ id: "e9", name: "Real Madrid vs Getafe", date: "2026-11-22T15:00:00.000Z", competitionId: 2, markets: [market(1, [bet9ja, sportyBet])] });
    renderLive(served([mixed], 5));
    await later(0);

    expect(screen.getByText(/Updated 4 s ago/)).toBeTruthy();
    expect(screen.getByRole("rowheader", { name: "Bet9ja" }).closest("tr")!.className).toBe("");
    expect(screen.getByRole("rowheader", { name: "SportyBet" }).closest("tr")!.className).toBe("");

    await later(2_000);
    expect(screen.getByText(/Updated 6 s ago/)).toBeTruthy();
    // The API marks SportyBet once its feed has failed for two intervals: the stream says so.
    FakeEventSource.latest().send("market", 51, { ...mixed, markets: [market(1, [bet9ja, { ...sportyBet, stale: true }])] });
    await later(0);
    const stale = screen.getByRole("rowheader", { name: "SportyBet stale" }).closest("tr")!;
    expect(stale.className).toBe("odds-stale");
    await later(5_000);
    expect(screen.getByText(/Updated 11 s ago/)).toBeTruthy();
    expect(screen.getByRole("rowheader", { name: "Bet9ja" }).closest("tr")!.className).toBe("");
  });
});
