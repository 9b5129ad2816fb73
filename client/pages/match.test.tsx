import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import type { MatchDetail, OddsEvent } from "#shared/contract.ts";
import { ApiError } from "#shared/error-decoding.ts";
import { FLAGS } from "#shared/reference.ts";
import { partialDataSource } from "../loaders/source.ts";
import type { DataSource } from "../server-context.ts";
import { routes } from "../routes.tsx";
import type { ServerContext } from "../server-context.ts";
import { renderPage, stubApi, USER } from "../../tests/client/harness.tsx";
import { FakeEventSource, installEventSource } from "../../tests/client/fake-event-source.ts";
import { catalogueMarket, CORRECT_SCORE, HOME_OVER_05, MATCH_ID, marketHistory, matchDetail, ONE_UP, UPDATED_AT } from "../../tests/client/match-fixtures.ts";
import { MatchPage, loader, type MatchData } from "./match.tsx";

const NOW = Date.parse("2026-11-22T12:00:00Z");
const notUsed = () => Promise.reject(new Error("not used"));

/** The web tier's data source for one page render, answering the match calls from fixtures. */
function source(detail: MatchDetail | ApiError, asked: unknown[] = []): DataSource {
  return partialDataSource({
    event: async (id) => {
      asked.push(["event", id]);
      if (detail instanceof ApiError) throw detail;
      return detail;
    },
    history: async (id, market) => {
      asked.push(["history", id, market]);
      if (detail instanceof ApiError) throw detail;
      return marketHistory(market, detail);
    },
  }, notUsed);
}

/** As server/render/render.tsx renders a route: the static handler, then React to a string. */
async function renderOnServer(data: DataSource, url = `http://localhost/match/${encodeURIComponent(MATCH_ID)}`) {
  const context: ServerContext = { server: true, user: USER, timeZone: "Africa/Lagos", now: NOW, data };
  const handler = createStaticHandler(routes);
  const result = await handler.query(new Request(url), { requestContext: context });
  if (result instanceof Response) throw new Error(`unexpected redirect to ${result.headers.get("Location")}`);
  const html = renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, result)} context={result} />);
  const container = document.createElement("div");
  container.innerHTML = html;
  return { status: result.statusCode, data: result.loaderData.match as MatchData | undefined, html, container };
}

describe("the match page rendered on the server", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the Main group's markets (1X2, BTTS, Double Chance), each with Highest and Average rows and a link per bookmaker, in the first HTML", async () => {
    const asked: unknown[] = [];
    const { status, container, data } = await renderOnServer(source(matchDetail(), asked));
    expect(status).toBe(200);
    expect(asked).toEqual([
      ["history", MATCH_ID, 1],
      ["event", MATCH_ID],
    ]);
    const tables = [...container.querySelectorAll("table.match-table")];
    expect(tables.map((t) => t.querySelector("caption")?.textContent)).toEqual(["1X2 (Match Result)", "BTTS (Both Teams to Score)", "DC (Double Chance)"]);
    // The first HTML's data holds the group shown, not the totals of Goals (decision 055).
    expect(data!.detail.ok && data!.detail.data.event.markets.map((m) => m.marketId)).toEqual([1, 7, 8]);
    expect(data!.groups).toEqual([{ group: "main", markets: 3 }, { group: "goals", markets: 5 }]);
    for (const table of tables) {
      const headers = [...table.querySelectorAll("tr > th[scope=row]")].map((th) => th.firstChild?.textContent);
      expect(headers).toEqual(["Bet9ja", "BetKing", "SportyBet", "NairaBet", "1xBet", "Highest", "Average"]);
      expect(table.querySelectorAll('a[rel="noopener noreferrer nofollow"][target="_blank"]')).toHaveLength(5);
    }
    expect(container.querySelector("h1")?.textContent).toBe("Arsenal vs Chelsea");
    expect(container.textContent).toContain("Payout at best prices:");
  });

  it("draws the 1X2 price history as SVG with its text alternative, and offers the others' history as links", async () => {
    const { container } = await renderOnServer(source(matchDetail()));
    const chart = container.querySelector("#price-history")!;
    expect(chart.querySelector("h2")?.textContent).toBe("Price history: 1X2 (Match Result)");
    expect(chart.querySelectorAll("svg[role=img]")).toHaveLength(3);
    expect(chart.querySelector("table caption")?.textContent).toBe("Price history of 1X2 (Match Result), oldest first");
    // Bet9ja's home price moved (opening 0.1 lower): two points.
    expect(chart.querySelector('.chart-panel [data-provider="1"]')!.querySelectorAll("circle")).toHaveLength(2);
    const links = [...container.querySelectorAll('a[href*="?chart="]')].map((a) => a.getAttribute("href"));
    expect(links).toEqual([7, 8].map((m) => `/match/${encodeURIComponent(MATCH_ID)}?chart=${m}`));
  });

  it("charts the market the URL names, asking its history alone", async () => {
    const asked: unknown[] = [];
    const { container } = await renderOnServer(source(matchDetail(), asked), `http://localhost/match/${encodeURIComponent(MATCH_ID)}?chart=4`);
    expect(asked).toContainEqual(["history", MATCH_ID, 4]);
    expect(asked).not.toContainEqual(["history", MATCH_ID, 1]);
    expect(container.querySelector("#price-history h2")?.textContent).toBe("Price history: OU2.5");
  });

  it("charts the event's first market when it has no 1X2 and the URL names none it has", async () => {
    const detail = matchDetail();
    detail.event.markets = detail.event.markets.filter((m) => m.marketId === 7 || m.marketId === 8);
    const asked: unknown[] = [];
    const { container } = await renderOnServer(source(detail, asked), `http://localhost/match/${encodeURIComponent(MATCH_ID)}?chart=3`);
    expect(asked).toContainEqual(["history", MATCH_ID, 7]);
    expect(container.querySelector("#price-history h2")?.textContent).toBe("Price history: BTTS (Both Teams to Score)");
  });

  it("answers an unknown event with the 404 page and a 404 status", async () => {
    const { status, html } = await renderOnServer(source(new ApiError("No such event.", { status: 404, code: "NOT_FOUND" })));
    expect(status).toBe(404);
    expect(html).toContain("Page Not Found");
    expect(html).not.toContain("Payout at best prices");
  });

  it("says the match data failed to load when the API fails otherwise, with a 200 page, its heading and Retry", async () => {
    const { status, container } = await renderOnServer(source(new ApiError("Internal error", { status: 500, code: "INTERNAL_ERROR" })));
    expect(status).toBe(200);
    expect(container.querySelector("h1")?.textContent).toBe("Match odds");
    const alert = container.querySelector("[role=alert]")!;
    expect(alert.textContent).toContain("Failed to load match data");
    // Rendered on the server, Retry is a link to the page: it works before the app runs, or without it.
    const retry = alert.querySelector("a.button");
    expect(retry?.textContent).toBe("Retry");
    expect(retry?.getAttribute("href")).toMatch(/^\/match\/./);
  });

  it("says a started match's prices are as last seen", async () => {
    const { container } = await renderOnServer(source(matchDetail({ started: true })));
    expect(container.querySelector("[role=status]")?.textContent).toBe("This match has started: the prices below are as last seen before kick-off.");
  });
});

/** The eight with a team total (Teams), correct score and SportyBet's 1UP (Specials), as the API answers them. */
function everyGroupDetail(): MatchDetail {
  const detail = matchDetail();
  detail.event.markets = [...detail.event.markets, catalogueMarket(10, HOME_OVER_05), catalogueMarket(24, CORRECT_SCORE, { base: 6 }), catalogueMarket(52, ONE_UP, { providers: [3] })];
  return detail;
}

describe("the match page's market groups rendered on the server (decision 055)", () => {
  const at = (search: string) => `http://localhost/match/${encodeURIComponent(MATCH_ID)}${search}`;
  const picker = (container: HTMLElement) =>
    [...container.querySelectorAll('nav[aria-label="Market groups"] a')].map((a) => [a.textContent, a.getAttribute("href"), a.getAttribute("aria-current")]);

  it("lists only the groups this match has markets in, as links the server answers, Main current by default", async () => {
    const { container } = await renderOnServer(source(everyGroupDetail()));
    const path = `/match/${encodeURIComponent(MATCH_ID)}`;
    expect(picker(container)).toEqual([
      ["Main (3 markets)", path, "page"],
      ["Goals (5 markets)", `${path}?group=goals`, null],
      ["Teams (1 market)", `${path}?group=teams`, null],
      ["Specials (2 markets)", `${path}?group=specials`, null],
    ]);
  });

  it("shows the group the URL names, and only its markets in the first HTML and its data", async () => {
    const asked: unknown[] = [];
    const { container, data } = await renderOnServer(source(everyGroupDetail(), asked), at("?group=teams"));
    expect([...container.querySelectorAll("table.match-table caption")].map((c) => c.textContent)).toEqual(["Home Over/Under 0.5"]);
    expect(picker(container).find(([, , current]) => current === "page")?.[0]).toBe("Teams (1 market)");
    expect(data!.group).toBe("teams");
    expect(data!.detail.ok && data!.detail.data.event.markets.map((m) => m.marketId)).toEqual([10]);
    // The team total is charted, its history alone asked: none for 1X2, which this group does not show.
    expect(asked).toEqual([["event", MATCH_ID], ["history", MATCH_ID, 10]]);
    expect(container.querySelector("#price-history h2")?.textContent).toBe("Price history: Home Over/Under 0.5");
    // Its selections go on the betslip without JavaScript: the buttons' fallback is the label until the chunk loads; the form posts.
    expect(container.querySelector('form[action="/betslip/add"]')).not.toBeNull();
  });

  it("shows Specials' correct score a row per selection and 1UP only at SportyBet", async () => {
    const { container } = await renderOnServer(source(everyGroupDetail()), at("?group=specials"));
    const captions = [...container.querySelectorAll("table.match-table caption")].map((c) => c.textContent);
    expect(captions).toEqual(["Correct Score", "1X2 - 1UPOnly at SportyBet"]);
    const scores = container.querySelector("table.match-many")!;
    expect(scores.querySelectorAll("tbody tr")).toHaveLength(26);
    const oneUp = container.querySelectorAll("table.match-table")[1]!;
    expect(oneUp.querySelector("tfoot")).toBeNull();
    expect(oneUp.querySelector("tbody th")?.textContent).toBe("SportyBetmargin 5.00%");
  });

  it("shows Main for a group this match has no market in, or one it does not know", async () => {
    for (const search of ["?group=halves", "?group=totals"]) {
      const { data, container } = await renderOnServer(source(everyGroupDetail()), at(search));
      expect(data!.group, search).toBe("main");
      expect(container.querySelectorAll("table.match-table"), search).toHaveLength(3);
    }
  });
});

describe("the match page in the browser", () => {
  const STREAM = `/api/odds/stream?country=1&event=${encodeURIComponent(MATCH_ID)}`;

  beforeEach(() => {
    installEventSource();
    Object.defineProperty(document, "hidden", { configurable: true, get: () => false });
  });

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  function served(detail = matchDetail()): MatchData {
    return { detail: { ok: true, data: detail }, group: "main", groups: [{ group: "main", markets: 3 }, { group: "goals", markets: 5 }], chart: 1, history: { ok: true, data: marketHistory(1, detail) } };
  }

  function renderMatch(data: MatchData, url = `/match/${encodeURIComponent(MATCH_ID)}`) {
    return renderPage({ path: "match/:id", url, Component: MatchPage, loader, served: data, now: NOW });
  }

  const homeCell = (bookmaker: string) => {
    const table = screen.getByRole("table", { name: "1X2 (Match Result)" });
    // The row's heading: the bookmaker's link, then its margin.
    return within(within(table).getByRole("rowheader", { name: (name) => name.startsWith(bookmaker) }).closest("tr")!).getAllByRole("cell")[0]!;
  };

  it("follows its event's live stream: a new price takes its place, keeps its opening and moves Best", () => {
    renderMatch(served());
    const stream = FakeEventSource.latest();
    expect(stream.url).toBe(STREAM);
    const { links: _l, started: _s, markets, ...heading } = matchDetail().event;
    const oneXTwo = markets[0]!;
    const frame: OddsEvent = {
      ...heading,
      markets: [
        {
          marketId: 1,
          odds: oneXTwo.odds.map((row) => ({
            provider: row.provider,
            margin: row.margin,
            updatedAt: "2026-11-22T11:59:00.000Z",
            odds: row.odds.map(({ opening: _o, ...o }) => (row.provider === 1 && o.selectionTypeId === 1 ? { ...o, value: 4.5, flags: FLAGS.Best } : { ...o, flags: o.flags & ~FLAGS.Best })),
          })),
        },
      ],
    };
    stream.send("market", 7, frame);
    expect(homeCell("Bet9ja: open this match on Bet9ja's site").textContent).toContain("4.50");
    expect(homeCell("Bet9ja: open this match on Bet9ja's site").textContent).toContain("first seen 1.45");
    expect(homeCell("Bet9ja: open this match on Bet9ja's site").className).toBe("odds-best");
    expect(homeCell("1xBet: open this match on 1xBet's site").className).toBe("");
    const highest = within(screen.getByRole("table", { name: "1X2 (Match Result)" })).getByRole("rowheader", { name: "Highest" }).closest("tr")!;
    expect(within(highest).getAllByRole("cell")[0]!.textContent).toContain("4.50");
  });

  it("offers each selection of an upcoming match to the betslip with one tap, and none of a started one", async () => {
    stubApi();
    renderMatch(served());
    // The toggles are a lazily loaded chunk (client/betslip/signed-in.tsx): on a loaded machine its
    // first import takes longer than findAll's default second.
    const adds = await screen.findAllByRole("button", { name: /^Add .* to betslip$/ }, { timeout: 10_000 });
    expect(adds.length).toBeGreaterThanOrEqual(3);
    expect(adds[0]!.getAttribute("aria-pressed")).toBe("false");
    cleanup();

    renderMatch(served(matchDetail({ started: true })));
    await screen.findByRole("table", { name: "1X2 (Match Result)" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryAllByRole("button", { name: /^Add .* to betslip$/ })).toHaveLength(0);
  });

  it("turns to 'Started' at kick-off on an open page: adding stops, the last prices stay", async () => {
    stubApi();
    renderMatch(served(matchDetail({ date: new Date(NOW + 400).toISOString() })));
    await screen.findAllByRole("button", { name: /^Add .* to betslip$/ }, { timeout: 10_000 });
    expect(screen.queryByText("Started")).toBeNull();

    expect(await screen.findByText("Started", {}, { timeout: 3_000 })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("This match has started: the prices below are as last seen before kick-off.");
    expect(screen.queryAllByRole("button", { name: /^Add .* to betslip$/ })).toHaveLength(0);
    expect(screen.getByRole("table", { name: "1X2 (Match Result)" })).toBeTruthy();
  });

  it("says once, not twice, that a started match had no prices", () => {
    const none = matchDetail({ started: true, markets: [] });
    renderMatch({ detail: { ok: true, data: none }, group: "main", groups: [], chart: 1, history: { ok: true, data: { eventId: none.event.id, marketId: 1, series: [] } } });
    expect(screen.getByRole("status").textContent).toBe("This match has started. No bookmaker had prices for it before kick-off.");
    expect(screen.queryByText(/No bookmaker has prices for this match yet/)).toBeNull();
  });

  it("opens no stream for a match that has started", () => {
    renderMatch(served(matchDetail({ started: true })));
    expect(FakeEventSource.opened).toHaveLength(0);
  });

  it("charts another market on request: its history is loaded and drawn under its table", async () => {
    const detail = matchDetail();
    const api = stubApi({
      [`GET /api/odds/events/${encodeURIComponent(MATCH_ID)}`]: { data: detail },
      [`GET /api/odds/events/${encodeURIComponent(MATCH_ID)}/history?market=7`]: { data: marketHistory(7, detail) },
    });
    const { router } = renderMatch(served(detail));
    await userEvent.setup().click(screen.getByRole("link", { name: "Price history of BTTS (Both Teams to Score)" }));
    await waitFor(() => expect(screen.getByRole("heading", { name: "Price history: BTTS (Both Teams to Score)" })).toBeTruthy(), { timeout: 3000 });
    expect(router.state.location.search).toBe("?chart=7");
    expect(api.callsTo(`GET /api/odds/events/${encodeURIComponent(MATCH_ID)}/history?market=7`)).toHaveLength(1);
    const section = screen.getByRole("region", { name: "BTTS (Both Teams to Score)" });
    await waitFor(() => expect(within(section).getAllByRole("img").filter((el) => el.closest(".chart-panel"))).toHaveLength(2));
    expect(screen.getByRole("link", { name: "Price history of 1X2 (Match Result)" })).toBeTruthy();
  });

  it("switches group by its picker without a reload: the group's tables replace Main's, and the keyboard reaches every group", async () => {
    const detail = everyGroupDetail();
    const api = stubApi({
      [`GET /api/odds/events/${encodeURIComponent(MATCH_ID)}`]: { data: detail },
      [`GET /api/odds/events/${encodeURIComponent(MATCH_ID)}/history?market=10`]: { data: marketHistory(10, detail) },
    });
    const main = { ...detail, event: { ...detail.event, markets: detail.event.markets.filter((m) => [1, 7, 8].includes(m.marketId)) } };
    const { router } = renderMatch({ ...served(main), groups: [{ group: "main", markets: 3 }, { group: "goals", markets: 5 }, { group: "teams", markets: 1 }, { group: "specials", markets: 2 }] });
    const nav = screen.getByRole("navigation", { name: "Market groups" });
    const user = userEvent.setup();
    expect(within(nav).getAllByRole("link").map((a) => a.textContent)).toEqual(["Main (3 markets)", "Goals (5 markets)", "Teams (1 market)", "Specials (2 markets)"]);
    // Keyboard: Tab reaches the group links (plain links, in reading order), Enter follows one.
    let tabs = 0;
    while (document.activeElement?.textContent !== "Teams (1 market)" && tabs < 40) {
      await user.tab();
      tabs += 1;
    }
    expect(document.activeElement?.closest("nav")).toBe(nav);
    const before = document.querySelector("h1");
    await user.keyboard("{Enter}");
    await waitFor(() => expect(screen.getByRole("table", { name: "Home Over/Under 0.5" })).toBeTruthy(), { timeout: 3000 });
    expect(router.state.location.search).toBe("?group=teams");
    expect(screen.queryByRole("table", { name: "1X2 (Match Result)" })).toBeNull();
    const shown = screen.getByRole("navigation", { name: "Market groups" });
    // The keyboard keeps its place: the link followed still has the focus.
    expect(document.activeElement).toBe(within(shown).getByRole("link", { name: /^Teams \(1 market/ }));
    expect(within(shown).getByRole("link", { name: /^Teams \(1 market/ }).getAttribute("aria-current")).toBe("page");
    expect(within(shown).getByRole("link", { name: /^Main \(3 markets/ }).getAttribute("aria-current")).toBeNull();
    // The same document: no reload, only the data asked again.
    expect(document.querySelector("h1")).toBe(before);
    expect(api.callsTo(`GET /api/odds/events/${encodeURIComponent(MATCH_ID)}`)).toHaveLength(1);
  });

  it("refetches its data when the stream cannot resume", async () => {
    const detail = matchDetail();
    const moved = matchDetail();
    moved.event.markets[0]!.odds[0]!.odds[0]!.value = 5.25;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: string) => {
        const body = input.includes("/history") ? { data: marketHistory(1, moved) } : { data: moved };
        return { ok: true, status: 200, headers: new Headers({ etag: '"v2"' }), text: async () => JSON.stringify(body) } as Response;
      }),
    );
    renderMatch(served(detail));
    act(() => FakeEventSource.latest().send("reset", 9, {}));
    await waitFor(() => expect(homeCell("Bet9ja: open this match on Bet9ja's site").textContent).toContain("5.25"));
  });

  it("runs the chart's lines to the page's clock (the root loader's, so server and browser draw alike), past the last change", () => {
    renderMatch(served());
    // Last change 09:00 UTC (10:00 in Lagos); the page's clock 12:00 UTC.
    expect(Date.parse(UPDATED_AT)).toBeLessThan(NOW);
    const home = screen.getAllByRole("img").find((el) => el.getAttribute("aria-label")?.startsWith("Home:"));
    expect(home?.getAttribute("aria-label")).toMatch(/ to 13:00$/);
  });
});
