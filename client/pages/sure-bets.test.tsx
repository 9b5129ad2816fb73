import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, Outlet, StaticRouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import type { SureBet, SureBetLeg, SureBets } from "#shared/contract.ts";
import { partialDataSource } from "../loaders/source.ts";
import type { ServerContext } from "../server-context.ts";
import { rootLoader } from "../shell/root-loader.ts";
import { errorReply, heldReply, renderPage, resetApp, stubApi, USER, type PlainReply } from "../../tests/client/harness.tsx";
import { FakeEventSource, installEventSource } from "../../tests/client/fake-event-source.ts";
import { MATCH_ID, priceDrop } from "../../tests/client/match-fixtures.ts";
import { NO_SURE_BETS_MESSAGE, SURE_BETS_WARNING, SureBetsPage, loader } from "./sure-bets.tsx";

const NOW = Date.parse("2026-11-22T12:00:00Z");
const SURE_BETS = "GET /api/odds/sure-bets?country=1";
const ARSENAL = "Arsenal vs Chelsea, 1X2 (Match Result)";

function leg(
  selectionTypeId: number,
  provider: number,
  value: number,
  updatedAt = "2026-11-22T11:58:00.000Z",
): SureBetLeg {
  return {
    selectionTypeId,
    provider,
    value,
    updatedAt,
    link: { provider, url: `https://bookmaker-${provider}.example/event/42`, exact: provider !== 4 },
  };
}

/** Decision 018's three-way example: 1/2.60 + 1/3.80 + 1/3.40 = 0.94189, a 6.17 % profit. */
function threeWay(): SureBet {
  return {
    event: priceDrop().event,
    marketId: 1,
    profitPct: 6.17,
    legs: [leg(1, 1, 2.6), leg(2, 2, 3.8), leg(3, 3, 3.4, "2026-11-22T11:59:40.000Z")],
  };
}

function twoWay(): SureBet {
  const event = {
    ...priceDrop().event,
    id: "c2:real-getafe",
    name: "Real Madrid vs Getafe",
    home: "Real Madrid",
    away: "Getafe",
    competitionId: 2,
    date: "2026-11-23T20:00:00.000Z",
  };
  return { event, marketId: 4, profitPct: 2.96, legs: [leg(8, 4, 2.1), leg(9, 5, 2.02)] };
}

const answer = (sureBets: SureBet[]): PlainReply => ({
  data: { sureBets, updatedAt: "2026-11-22T11:59:50.000Z" } satisfies SureBets,
});

function renderSureBets() {
  return renderPage({ path: "sure-bets", Component: SureBetsPage, loader, now: NOW });
}

/** The figures of one stake table's body rows: [outcome, stake, returns]. */
function stakeRows(what: string) {
  const escaped = what.replace(/[()]/g, "\\$&");
  const table = screen.getByRole("table", { name: new RegExp(`^Stakes of ₦[\\d,]+ on ${escaped}$`) });
  return within(table)
    .getAllByRole("row")
    .slice(1, -1)
    .map((row) => [
      within(row).getByRole("rowheader").textContent,
      ...within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ]);
}

const naira = (text: string | null | undefined) => Number(text!.replace(/[₦,]/g, ""));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  installEventSource();
  Object.defineProperty(document, "hidden", { configurable: true, get: () => false });
});

afterEach(() => {
  resetApp();
  vi.useRealTimers();
});

describe("the sure bets page", () => {
  it("shows each sure bet with its match, kick-off, market and profit, and each leg's price, bookmaker and age", async () => {
    const api = stubApi({ [SURE_BETS]: answer([threeWay(), twoWay()]) });
    renderSureBets();
    const [first, second] = await screen.findAllByRole("article");
    expect(api.callsTo(SURE_BETS)).toHaveLength(1);
    expect(first!.getAttribute("aria-labelledby")).toBeTruthy();
    const card = within(first!);
    expect(card.getByRole("link", { name: "Arsenal vs Chelsea" }).getAttribute("href")).toBe(
      `/match/${encodeURIComponent(MATCH_ID)}`,
    );
    expect(first!.textContent).toContain("1X2 (Match Result) · Premier League (ENG)");
    expect(first!.textContent).toContain("Kick-off Today • 16:00");
    expect(first!.textContent).toContain("Profit6.17%");

    const legs = within(card.getByRole("table", { name: `Best prices for ${ARSENAL}` }))
      .getAllByRole("row")
      .slice(1);
    expect(legs.map((row) => row.textContent)).toEqual([
      "Home2.60Bet9JaUpdated 2 min ago",
      "Draw3.80BetKingUpdated 2 min ago",
      "Away3.40SportyBetUpdated 20 s ago",
    ]);
    const bet9ja = card.getByRole("link", { name: "Bet9Ja: open this match on Bet9Ja's site" });
    expect(bet9ja.getAttribute("href")).toBe("https://bookmaker-1.example/event/42");
    expect(bet9ja.getAttribute("target")).toBe("_blank");
    expect(bet9ja.getAttribute("rel")).toBe("noopener noreferrer nofollow");

    const other = within(second!);
    expect(other.getByRole("link", { name: "Real Madrid vs Getafe" }).getAttribute("href")).toBe(
      "/match/c2%3Areal-getafe",
    );
    expect(second!.textContent).toContain("OU2.5 · La Liga (ESP)");
    expect(second!.textContent).toContain("Profit2.96%");
    expect(
      other.getByRole("link", { name: "NairaBet: open football on NairaBet's site" }).getAttribute("href"),
    ).toBe("https://bookmaker-4.example/event/42");
  });

  it("says near the top that prices move and bookmakers may limit or void stakes", async () => {
    stubApi({ [SURE_BETS]: answer([threeWay()]) });
    renderSureBets();
    await screen.findByRole("article");
    const note = screen.getByText(SURE_BETS_WARNING);
    expect(
      note.compareDocumentPosition(screen.getByRole("article")) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it("keeps each price's age ticking", async () => {
    vi.useRealTimers();
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"], now: NOW });
    renderPage({
      path: "sure-bets",
      Component: SureBetsPage,
      loader,
      now: NOW,
      served: {
        sureBets: { ok: true, data: { sureBets: [threeWay()], updatedAt: "2026-11-22T11:59:50.000Z" } },
      },
    });
    expect(screen.getByText("Updated 20 s ago")).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(45_000));
    expect(screen.getByText("Updated 1 min ago")).toBeTruthy();
    expect(screen.getAllByText("Updated 2 min ago")).toHaveLength(2);
  });

  it("splits ₦10,000 in whole naira so every outcome returns the same within ₦1, each return being stake x price", async () => {
    stubApi({ [SURE_BETS]: answer([threeWay()]) });
    renderSureBets();
    const input = await screen.findByRole("textbox", { name: `Total stake (₦) on ${ARSENAL}` });
    expect((input as HTMLInputElement).value).toBe("10000");
    expect(input.getAttribute("inputmode")).toBe("decimal");
    // Decision 018's worked example: ₦9,982 staked, returns ₦10,597.60 to ₦10,598.20.
    expect(stakeRows(ARSENAL)).toEqual([
      ["Home at Bet9Ja", "₦4,076", "₦10,597.60"],
      ["Draw at BetKing", "₦2,789", "₦10,598.20"],
      ["Away at SportyBet", "₦3,117", "₦10,597.80"],
    ]);
    const table = screen.getByRole("table", { name: `Stakes of ₦9,982 on ${ARSENAL}` });
    expect(within(table).getAllByRole("row").at(-1)!.textContent).toBe("Staked₦9,982");
    expect(screen.getByText(/stays unstaked/).textContent).toBe(
      "₦18 of your ₦10,000 stays unstaked: with whole-naira stakes, that is what makes every result return the same.",
    );
    expect(screen.getByText(/Profit whichever result/).textContent).toBe(
      "Profit whichever result: at least ₦615.60",
    );
  });

  it("shows a three-decimal price as the bookmaker quotes it, so its stake x price is the return shown", async () => {
    const bet = { ...twoWay(), legs: [leg(8, 5, 2.115), leg(9, 4, 2.05)] };
    stubApi({ [SURE_BETS]: answer([bet]) });
    renderSureBets();
    const card = within((await screen.findAllByRole("article"))[0]!);
    expect(card.getByText("2.115")).toBeTruthy();
    const [over] = stakeRows("Real Madrid vs Getafe, OU2.5");
    expect(naira(over![2])).toBeCloseTo(Math.round(naira(over![1]) * 2.115 * 100) / 100, 2);
  });

  it("marks a boosted leg, saying what that means", async () => {
    const bet = threeWay();
    bet.legs[1] = { ...bet.legs[1]!, boosted: true };
    stubApi({ [SURE_BETS]: answer([bet]) });
    renderSureBets();
    const [card] = await screen.findAllByRole("article");
    const rows = within(within(card!).getByRole("table", { name: `Best prices for ${ARSENAL}` })).getAllByRole("row").slice(1);
    expect(rows.map((row) => row.textContent?.includes("Boosted: a bookmaker's promotional price, usually for small stakes only"))).toEqual([false, true, false]);
  });

  it("splits the total typed with the keyboard, with or without separators", async () => {
    stubApi({ [SURE_BETS]: answer([threeWay()]) });
    renderSureBets();
    const user = userEvent.setup();
    const input = await screen.findByRole("textbox", { name: `Total stake (₦) on ${ARSENAL}` });
    await user.clear(input);
    await user.type(input, "25,000");
    const rows = stakeRows(ARSENAL);
    const prices = [2.6, 3.8, 3.4];
    const stakes = rows.map((row) => naira(row[1]));
    const returns = rows.map((row) => naira(row[2]));
    stakes.forEach((stake, i) => {
      expect(Number.isInteger(stake)).toBe(true);
      expect(returns[i]).toBe(Math.round(stake * prices[i]! * 100) / 100);
    });
    const staked = stakes.reduce((a, b) => a + b, 0);
    expect(staked).toBeLessThanOrEqual(25_000);
    expect(staked).toBeGreaterThanOrEqual(25_000 * 0.995);
    expect(Math.max(...returns) - Math.min(...returns)).toBeLessThanOrEqual(1);
    expect(
      screen.getByRole("table", { name: `Stakes of ${`₦${staked.toLocaleString("en-NG")}`} on ${ARSENAL}` }),
    ).toBeTruthy();
  });

  it("explains an amount it cannot split and shows no stakes", async () => {
    stubApi({ [SURE_BETS]: answer([threeWay()]) });
    renderSureBets();
    const user = userEvent.setup();
    const input = await screen.findByRole("textbox", { name: `Total stake (₦) on ${ARSENAL}` });
    for (const [typed, message] of [
      ["abc", "Enter an amount in naira above ₦0, in figures (for example 10000)."],
      ["-500", "Enter an amount in naira above ₦0, in figures (for example 10000)."],
      ["0", "Enter an amount in naira above ₦0, in figures (for example 10000)."],
      ["2", "Enter at least ₦3: each outcome needs a stake of ₦1 or more."],
    ]) {
      await user.clear(input);
      await user.type(input, typed!);
      expect(input.getAttribute("aria-invalid"), typed).toBe("true");
      expect(document.getElementById(input.getAttribute("aria-describedby")!)?.textContent, typed).toBe(
        message,
      );
      expect(screen.queryByRole("table", { name: /^Stakes of/ }), typed).toBeNull();
      expect(screen.queryByText(/Profit whichever result/), typed).toBeNull();
    }
    await user.clear(input);
    expect(screen.getByText("Enter your total stake in naira.")).toBeTruthy();
  });

  it("says so when whole-naira stakes cannot bring the returns within ₦1, instead of claiming they agree", async () => {
    // 1/15.18 + 1/1.24 + 1/15.25 = 0.938: at ₦10,000 the closest split staking at least 99.5 % is
    // ₦702 / ₦8,594 / ₦699, returning ₦10,656.36 / ₦10,656.56 / ₦10,659.75.
    const bet = { ...threeWay(), profitPct: 6.64, legs: [leg(1, 1, 15.18), leg(2, 2, 1.24), leg(3, 3, 15.25)] };
    stubApi({ [SURE_BETS]: answer([bet]) });
    renderSureBets();
    await screen.findByRole("textbox", { name: `Total stake (₦) on ${ARSENAL}` });
    expect(stakeRows(ARSENAL).map((row) => row[2])).toEqual(["₦10,656.36", "₦10,656.56", "₦10,659.75"]);
    expect(screen.getByText(/stays unstaked/).textContent).toBe("₦5 of your ₦10,000 stays unstaked.");
    expect(
      screen.getByText("At these prices, whole-naira stakes cannot make every result return the same: the returns differ by up to ₦3.39."),
    ).toBeTruthy();
  });

  it("says a total is too small to split when no whole-naira stakes fit it, instead of ₦0 stakes and a ₦0 profit", async () => {
    // Over at 5.00 and Under at 1.30 (Σ = 0.969): ₦1 on Over returns ₦5, which needs ₦4 on Under.
    const bet = { ...twoWay(), legs: [leg(8, 4, 5), leg(9, 5, 1.3)] };
    stubApi({ [SURE_BETS]: answer([bet]) });
    renderSureBets();
    const user = userEvent.setup();
    const input = await screen.findByRole("textbox", { name: "Total stake (₦) on Real Madrid vs Getafe, OU2.5" });
    await user.clear(input);
    await user.type(input, "3");
    expect(screen.getByText("At ₦3, whole-naira stakes cannot cover every outcome at these prices: raise the total.")).toBeTruthy();
    expect(screen.queryByRole("table", { name: /^Stakes of/ })).toBeNull();
    expect(screen.queryByText(/Profit whichever result/)).toBeNull();
  });

  it("gives every sure bet's stake field its own label", async () => {
    stubApi({ [SURE_BETS]: answer([threeWay(), twoWay()]) });
    renderSureBets();
    await screen.findAllByRole("article");
    const ids = screen.getAllByRole("textbox").map((input) => input.getAttribute("id"));
    expect(new Set(ids).size).toBe(2);
    expect(screen.getByRole("textbox", { name: `Total stake (₦) on ${ARSENAL}` })).toBeTruthy();
    expect(
      screen.getByRole("textbox", { name: "Total stake (₦) on Real Madrid vs Getafe, OU2.5" }),
    ).toBeTruthy();
  });

  it("says there is no sure bet right now, and why that is usual", async () => {
    stubApi({ [SURE_BETS]: answer([]) });
    renderSureBets();
    expect(await screen.findByText(NO_SURE_BETS_MESSAGE)).toBeTruthy();
    expect(screen.queryByRole("article")).toBeNull();
  });

  it("shows the loading state while the sure bets are on their way", async () => {
    stubApi({ [SURE_BETS]: "pending" });
    renderSureBets();
    expect((await screen.findByRole("status")).textContent).toBe("Loading sure bets...");
  });

  it("says the sure bets failed to load, and Retry asks again", async () => {
    const api = stubApi({ [SURE_BETS]: [errorReply(503, "UPSTREAM_UNAVAILABLE"), answer([threeWay()])] });
    renderSureBets();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to load sure bets");
    await userEvent.setup().click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("article")).toBeTruthy();
    expect(api.callsTo(SURE_BETS)).toHaveLength(2);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("asks again when prices change, keeping the sure bets on screen until the new ones arrive", async () => {
    const next = heldReply(answer([twoWay()]));
    const api = stubApi({ [SURE_BETS]: [answer([threeWay(), twoWay()]), next.reply] });
    renderSureBets();
    expect(await screen.findAllByRole("article")).toHaveLength(2);
    FakeEventSource.latest().send("market", 7, { id: "e1", markets: [] });
    await waitFor(() => expect(api.callsTo(SURE_BETS)).toHaveLength(2));
    expect(screen.getAllByRole("article")).toHaveLength(2);
    expect(screen.queryByRole("status")).toBeNull();
    next.release();
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(1));
    expect(screen.getByRole("article").textContent).toContain("Real Madrid vs Getafe");
  });

  it("keeps the last sure bets, saying they may have moved, when a refresh fails", async () => {
    stubApi({ [SURE_BETS]: [answer([threeWay()]), errorReply(503, "UPSTREAM_UNAVAILABLE")] });
    renderSureBets();
    await screen.findByRole("article");
    FakeEventSource.latest().send("market", 7, { id: "e1", markets: [] });
    expect((await screen.findByRole("alert")).textContent).toContain(
      "Could not refresh the sure bets: the prices below may have moved.",
    );
    expect(screen.getByRole("article")).toBeTruthy();
  });
});

describe("the sure bets page rendered on the server", () => {
  it("holds the sure bets and their stake split in the first HTML, fetched through the page's loader", async () => {
    const asked: number[] = [];
    const data = partialDataSource(
      {
        sureBets: async (country) => {
          asked.push(country);
          return { sureBets: [threeWay()], updatedAt: "2026-11-22T11:59:50.000Z" };
        },
      },
      () => Promise.reject(new Error("not used")),
    );
    const context: ServerContext = { server: true, user: USER, timeZone: "Africa/Lagos", now: NOW, data };
    const handler = createStaticHandler([
      {
        id: "root",
        path: "/",
        loader: rootLoader,
        Component: Outlet,
        children: [{ id: "page", path: "sure-bets", loader, Component: SureBetsPage }],
      },
    ]);
    const result = await handler.query(new Request("http://localhost/sure-bets"), {
      requestContext: context,
    });
    if (result instanceof Response) throw new Error("unexpected redirect");
    const html = renderToString(
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, result)} context={result} />,
    );
    expect(asked).toEqual([1]);
    expect(html).toContain("Arsenal vs Chelsea");
    expect(html).toContain("₦4,076");
    expect(html).toContain("Updated 2 min ago");
  });

  it("sends a visitor without a session home", async () => {
    const context: ServerContext = {
      server: true,
      user: null,
      timeZone: "Africa/Lagos",
      now: NOW,
      data: partialDataSource({}, () => Promise.reject(new Error("not used"))),
    };
    const handler = createStaticHandler([
      {
        id: "root",
        path: "/",
        loader: rootLoader,
        Component: Outlet,
        children: [{ id: "page", path: "sure-bets", loader, Component: SureBetsPage }],
      },
    ]);
    const result = await handler.query(new Request("http://localhost/sure-bets"), {
      requestContext: context,
    });
    expect(result instanceof Response && result.status).toBe(302);
  });
});
