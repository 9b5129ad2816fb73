import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, Outlet, StaticRouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import type { SureBet, SureBetLeg, SureBets, ToolMarket } from "#shared/contract.ts";
import { partialDataSource } from "../loaders/source.ts";
import type { ServerContext } from "../server-context.ts";
import { rootLoader } from "../session/root-data.ts";
import { errorReply, heldReply, renderPage, resetApp, stubApi, USER, type PlainReply } from "../../tests/client/harness.tsx";
import { FakeEventSource, installEventSource } from "../../tests/client/fake-event-source.ts";
import { headingFixture, MATCH_ID } from "../../tests/client/match-fixtures.ts";
import { TAX_SPLIT_NOTE } from "../tools/sure-bets/stake-split.tsx";
import { NO_CHOSEN_SURE_BETS_MESSAGE, NO_SURE_BETS_LITE_MESSAGE, NO_SURE_BETS_MESSAGE, SURE_BETS_TAX_NOTE, SURE_BETS_WARNING, SureBetsPage, loader, shouldRevalidate } from "./sure-bets.tsx";

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

/**
 * Decision 018's three-way example: 1/2.60 + 1/3.80 + 1/3.40 = 0.94189, a 6.17 % profit before tax.
 * After the 5 % tax on winnings the legs pay 2.52, 3.66 and 3.28 (b - 0.05(b - 1)): Σ' = 0.97493, 2.57 %.
 */
function threeWay(): SureBet {
  return {
    event: headingFixture(),
    marketId: 1,
    profitPct: 6.17,
    netProfitPct: 2.57,
    legs: [leg(1, 1, 2.6), leg(2, 2, 3.8), leg(3, 3, 3.4, "2026-11-22T11:59:40.000Z")],
  };
}

function twoWay(): SureBet {
  const event = {
    ...headingFixture(),
    id: "c2:real-getafe",
    name: "Real Madrid vs Getafe",
    home: "Real Madrid",
    away: "Getafe",
    competitionId: 2,
    date: "2026-11-23T20:00:00.000Z",
  };
  // 1/2.10 + 1/2.02 = 0.97124, 2.96 % before tax; 1/2.045 + 1/1.969 = 0.99688, 0.31 % after it.
  return { event, marketId: 4, profitPct: 2.96, netProfitPct: 0.31, legs: [leg(8, 4, 2.1), leg(9, 5, 2.02)] };
}

const answer = (sureBets: SureBet[]): PlainReply => ({
  data: { sureBets, updatedAt: "2026-11-22T11:59:50.000Z" } satisfies SureBets,
});

function renderSureBets() {
  return renderPage({ path: "sure-bets", Component: SureBetsPage, loader, shouldRevalidate, now: NOW });
}

/** The figures of one stake table's body rows: [outcome, stake, pays, tax, you get]. */
function stakeRows(what: string) {
  const escaped = what.replace(/[()]/g, "\\$&");
  const table = screen.getByRole("table", { name: new RegExp(`^Stakes of ₦[\\d,]+ on ${escaped}$`) });
  return within(table)
    .getAllByRole("row")
    .slice(1, -1)
    .map((row) => {
      const [stake, ifItWins] = within(row).getAllByRole("cell");
      const [, pays, tax, net] = /^Pays (₦[\d,.]+)Tax (₦[\d,.]+)You get (₦[\d,.]+)$/.exec(ifItWins!.textContent ?? "") ?? [];
      return [within(row).getByRole("rowheader").textContent, stake!.textContent, pays, tax, net];
    });
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
  it("shows each sure bet with its match, kick-off, market and profit after tax (before tax beside it), and each leg's price, bookmaker and age", async () => {
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
    expect(within(first!).getByText("Profit after tax").parentElement!.textContent).toBe("Profit after tax2.57%6.17% before tax");

    const legs = within(card.getByRole("table", { name: `Best prices for ${ARSENAL}` }))
      .getAllByRole("row")
      .slice(1);
    expect(legs.map((row) => row.textContent)).toEqual([
      "Home2.60Bet9jaUpdated 2 min ago",
      "Draw3.80BetKingUpdated 2 min ago",
      "Away3.40SportyBetUpdated 20 s ago",
    ]);
    const bet9ja = card.getByRole("link", { name: "Bet9ja: open this match on Bet9ja's site" });
    expect(bet9ja.getAttribute("href")).toBe("https://bookmaker-1.example/event/42");
    expect(bet9ja.getAttribute("target")).toBe("_blank");
    expect(bet9ja.getAttribute("rel")).toBe("noopener noreferrer nofollow");

    const other = within(second!);
    expect(other.getByRole("link", { name: "Real Madrid vs Getafe" }).getAttribute("href")).toBe(
      "/match/c2%3Areal-getafe",
    );
    expect(second!.textContent).toContain("OU2.5 · La Liga (ESP)");
    expect(within(second!).getByText("Profit after tax").parentElement!.textContent).toBe("Profit after tax0.31%2.96% before tax");
    expect(
      other.getByRole("link", { name: "NairaBet: open football on NairaBet's site" }).getAttribute("href"),
    ).toBe("https://bookmaker-4.example/event/42");
  });

  it("calls sure bets arbitrage, and says near the top that prices move, bookmakers limit stakes and void bets, and the tax is counted", async () => {
    stubApi({ [SURE_BETS]: answer([threeWay()]) });
    renderSureBets();
    await screen.findByRole("article");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Sure bets (arbitrage)");
    const note = screen.getByText(SURE_BETS_WARNING);
    expect(note.textContent).toMatch(/^Prices move, bookmakers limit stakes and may void bets/);
    expect(
      note.compareDocumentPosition(screen.getByRole("article")) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(screen.getByText(SURE_BETS_TAX_NOTE).textContent).toContain("withholds 5% of winnings as tax");
  });

  it("promises nothing: no 'sure win' or 'guaranteed' anywhere on the page", async () => {
    stubApi({ [SURE_BETS]: answer([threeWay(), twoWay()]) });
    renderSureBets();
    await screen.findAllByRole("article");
    expect(document.body.textContent).not.toMatch(/sure win|guarantee|risk[- ]free|can(no|')t lose/i);
    expect(document.title).toBe("Sure bets (arbitrage) | AfriOdds");
    expect(document.querySelector('meta[name="description"]')?.getAttribute("content")).not.toMatch(/guarantee/i);
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

  it("splits ₦10,000 in whole naira so every outcome pays the same within ₦1 after tax, showing what each pays, its tax and what is left", async () => {
    stubApi({ [SURE_BETS]: answer([threeWay()]) });
    renderSureBets();
    const input = await screen.findByRole("textbox", { name: `Total stake (₦) on ${ARSENAL}` });
    expect((input as HTMLInputElement).value).toBe("10000");
    expect(input.getAttribute("inputmode")).toBe("decimal");
    // Stakes in proportion to 1/b' (2.52, 3.66, 3.28): exact shares 4,070.3 / 2,802.5 / 3,127.2, each
    // ₦10,257.17 after tax. In whole naira, ₦9,987 staked:
    //   home 4,065 x 2.60 = 10,569.00, tax 5 % of its 6,504.00 winnings = 325.20, left 10,243.80
    //   draw 2,799 x 3.80 = 10,636.20, tax 5 % of 7,837.20 = 391.86, left 10,244.34
    //   away 3,123 x 3.40 = 10,618.20, tax 5 % of 7,495.20 = 374.76, left 10,243.44
    expect(stakeRows(ARSENAL)).toEqual([
      ["Home at Bet9ja", "₦4,065", "₦10,569.00", "₦325.20", "₦10,243.80"],
      ["Draw at BetKing", "₦2,799", "₦10,636.20", "₦391.86", "₦10,244.34"],
      ["Away at SportyBet", "₦3,123", "₦10,618.20", "₦374.76", "₦10,243.44"],
    ]);
    const table = screen.getByRole("table", { name: `Stakes of ₦9,987 on ${ARSENAL}` });
    expect(within(table).getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["Outcome", "Stake", "If it wins"]);
    expect(within(table).getAllByRole("row").at(-1)!.textContent).toBe("Staked₦9,987");
    expect(screen.getByText(/stays unstaked/).textContent).toBe(
      "₦13 of your ₦10,000 stays unstaked: with whole-naira stakes, that is what makes every result pay the same.",
    );
    expect(screen.getByText(/withholds 5% of the winnings of the ticket that wins/)).toBeTruthy();
    // 10,243.44 - 9,987 = 256.44: 2.57 % of the stakes, the card's profit after tax.
    expect(screen.getByText(/If every bet stands/).textContent).toBe(
      "If every bet stands: at least ₦256.44 profit after tax, whichever result comes",
    );
  });

  it("shows a three-decimal price as the bookmaker quotes it, so its stake x price is what it pays, less 5 % of the winnings", async () => {
    // 1/2.115 + 1/2.05 = 0.96063 (4.10 %); after tax 2.05925 and 1.9975, 1.40 %. ₦4,924 on Over pays
    // 4,924 x 2.115 = 10,414.26, taxed 5 % of 5,490.26 = 274.51: ₦10,139.75 left.
    const bet = { ...twoWay(), profitPct: 4.1, netProfitPct: 1.4, legs: [leg(8, 5, 2.115), leg(9, 4, 2.05)] };
    stubApi({ [SURE_BETS]: answer([bet]) });
    renderSureBets();
    const card = within((await screen.findAllByRole("article"))[0]!);
    expect(card.getByText("2.115")).toBeTruthy();
    const [over] = stakeRows("Real Madrid vs Getafe, OU2.5");
    expect(over).toEqual(["Over 2.5 at 1xBet", "₦4,924", "₦10,414.26", "₦274.51", "₦10,139.75"]);
    const [stake, pays, tax, net] = over!.slice(1).map(naira);
    expect(pays).toBeCloseTo(Math.round(stake! * 2.115 * 100) / 100, 2);
    expect(tax).toBeCloseTo(Math.round((pays! - stake!) * 5) / 100, 2);
    expect(net).toBeCloseTo(pays! - tax!, 2);
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
    const nets = rows.map((row) => naira(row[4]));
    stakes.forEach((stake, i) => {
      expect(Number.isInteger(stake)).toBe(true);
      expect(naira(rows[i]![2])).toBe(Math.round(stake * prices[i]! * 100) / 100);
      expect(nets[i]).toBeCloseTo(naira(rows[i]![2]) - naira(rows[i]![3]), 2);
    });
    const staked = stakes.reduce((a, b) => a + b, 0);
    expect(staked).toBeLessThanOrEqual(25_000);
    expect(staked).toBeGreaterThanOrEqual(25_000 * 0.995);
    expect(Math.max(...nets) - Math.min(...nets)).toBeLessThanOrEqual(1);
    expect(Math.min(...nets)).toBeGreaterThan(staked);
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
      ["0.5", "Enter at least ₦1."],
    ]) {
      await user.clear(input);
      await user.type(input, typed!);
      expect(input.getAttribute("aria-invalid"), typed).toBe("true");
      expect(document.getElementById(input.getAttribute("aria-describedby")!)?.textContent, typed).toBe(
        message,
      );
      expect(screen.queryByRole("table", { name: /^Stakes of/ }), typed).toBeNull();
      expect(screen.queryByText(/If every bet stands/), typed).toBeNull();
    }
    await user.clear(input);
    expect(screen.getByText("Enter your total stake in naira.")).toBeTruthy();
  });

  it("says so when whole-naira stakes cannot bring the returns after tax within ₦1, instead of claiming they agree", async () => {
    // 1/15.18 + 1/1.24 + 1/15.25 = 0.938 (6.62 %); after tax 14.471, 1.228 and 14.5375: Σ' = 0.952, 5.02 %.
    // A naira on a long price moves its return by ₦14.47: at ₦10,000 the closest split staking at least
    // 99.5 % is ₦725 / ₦8,544 / ₦722, leaving ₦10,491.47 / ₦10,492.03 / ₦10,496.07 after tax (exactly
    // 725 x 14.471 = 10,491.475 and 722 x 14.5375 = 10,496.075: ₦4.60 apart).
    const bet = { ...threeWay(), profitPct: 6.62, netProfitPct: 5.02, legs: [leg(1, 1, 15.18), leg(2, 2, 1.24), leg(3, 3, 15.25)] };
    stubApi({ [SURE_BETS]: answer([bet]) });
    renderSureBets();
    await screen.findByRole("textbox", { name: `Total stake (₦) on ${ARSENAL}` });
    expect(stakeRows(ARSENAL).map((row) => [row[1], row[4]])).toEqual([
      ["₦725", "₦10,491.47"],
      ["₦8,544", "₦10,492.03"],
      ["₦722", "₦10,496.07"],
    ]);
    expect(screen.getByText(/stays unstaked/).textContent).toBe("₦9 of your ₦10,000 stays unstaked.");
    expect(
      screen.getByText("At these prices, whole-naira stakes cannot make every result pay the same after tax: the returns differ by up to ₦4.60."),
    ).toBeTruthy();
  });

  it("says a total is too small to split when no whole-naira stakes fit it, naming the smallest that works, instead of ₦0 stakes and a ₦0 profit", async () => {
    // Over at 5.00 and Under at 1.30 (Σ = 0.969): ₦1 on Over returns ₦4.80 after tax, which needs ₦4 on Under (1.285 after tax).
    const bet = { ...twoWay(), legs: [leg(8, 4, 5), leg(9, 5, 1.3)] };
    stubApi({ [SURE_BETS]: answer([bet]) });
    renderSureBets();
    const user = userEvent.setup();
    const input = await screen.findByRole("textbox", { name: "Total stake (₦) on Real Madrid vs Getafe, OU2.5" });
    await user.clear(input);
    await user.type(input, "3");
    expect(screen.getByText(/^Too small: at ₦3,/).textContent).toMatch(
      /^Too small: at ₦3, whole-naira stakes cannot cover every outcome\. The smallest total that works at these prices is ₦\d+\.$/,
    );
    expect(screen.queryByRole("table", { name: /^Stakes of/ })).toBeNull();
    expect(screen.queryByText(/If every bet stands/)).toBeNull();
  });

  it("says a total is too small to keep the profit after tax in whole naira, and to raise it", async () => {
    // Over 2.10 and Under 2.02, 0.31 % after tax: at ₦4 the stakes are ₦2 and ₦2, and Under pays 4.04 less 5 %
    // of its 2.04 winnings (0.10): ₦3.94, less than the ₦4 staked.
    stubApi({ [SURE_BETS]: answer([twoWay()]) });
    renderSureBets();
    const user = userEvent.setup();
    const input = await screen.findByRole("textbox", { name: "Total stake (₦) on Real Madrid vs Getafe, OU2.5" });
    await user.clear(input);
    await user.type(input, "4");
    expect(stakeRows("Real Madrid vs Getafe, OU2.5").map((row) => [row[1], row[4]])).toEqual([
      ["₦2", "₦4.09"],
      ["₦2", "₦3.94"],
    ]);
    expect(screen.getByText("At this total, whole-naira stakes make no profit after tax: raise the total.")).toBeTruthy();
    await user.clear(input);
    await user.type(input, "10000");
    expect(screen.getByText(/If every bet stands/).textContent).toMatch(/^If every bet stands: at least ₦\d+\.\d\d profit after tax/);
  });

  it("says when prices make no profit after tax, instead of showing a loss as profit", async () => {
    // A 2.06 % sure bet before tax that the API would not list (1/2.13 + 1/3.60 + 1/4.30 = 0.97982), shown to
    // the calculator anyway: after tax Σ' = 1.01230, so ₦10,000 split ₦4,764 / ₦2,847 / ₦2,389 leaves
    // ₦9,878.15 / ₦9,879.09 / ₦9,878.52.
    const bet = { ...threeWay(), profitPct: 2.06, netProfitPct: -1.21, legs: [leg(1, 1, 2.13), leg(2, 2, 3.6), leg(3, 3, 4.3)] };
    stubApi({ [SURE_BETS]: answer([bet]) });
    renderSureBets();
    await screen.findByRole("textbox", { name: `Total stake (₦) on ${ARSENAL}` });
    expect(stakeRows(ARSENAL).map((row) => row[4])).toEqual(["₦9,878.15", "₦9,879.09", "₦9,878.52"]);
    expect(screen.getByText("At these prices the tax on winnings leaves no profit, whatever the total.")).toBeTruthy();
    expect(screen.queryByText(/If every bet stands/)).toBeNull();
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

  it("on a lite page, which nothing updates, says when the prices were read and links to itself instead of promising updates", async () => {
    stubApi({ [SURE_BETS]: answer([]) });
    renderPage({ path: "sure-bets", Component: SureBetsPage, loader, shouldRevalidate, now: NOW, lite: true });
    expect(await screen.findByText(NO_SURE_BETS_LITE_MESSAGE)).toBeTruthy();
    expect(NO_SURE_BETS_LITE_MESSAGE).not.toMatch(/updates itself|while it is open/);
    expect(screen.getByText(/^Prices as of \d\d:\d\d:\d\d GMT\+1 \(Lagos\)\./)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Refresh prices" }).getAttribute("href")).toBe("/sure-bets");
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
    expect(screen.queryByText(/^Loading/)).toBeNull();
    next.release();
    await waitFor(() => expect(screen.getByRole("status").textContent).toContain("1 gone since you opened this list."));
  });

  it("does not reshuffle under the reader: a bet that went stays in place marked gone, a new one waits behind '1 new, 1 gone' and Show", async () => {
    const newcomer = { ...twoWay(), event: { ...twoWay().event, id: "c3:inter-juve", name: "Inter Milan vs Juventus", competitionId: 3 }, netProfitPct: 4.1 };
    const moved = { ...twoWay(), netProfitPct: 0.45 };
    const api = stubApi({ [SURE_BETS]: [answer([threeWay(), twoWay()]), answer([newcomer, moved])] });
    renderSureBets();
    expect(await screen.findAllByRole("article")).toHaveLength(2);
    FakeEventSource.latest().send("market", 7, { id: "e1", markets: [] });
    await waitFor(() => expect(api.callsTo(SURE_BETS)).toHaveLength(2));
    const status = screen.getByRole("status");
    await waitFor(() => expect(status.textContent).toContain("1 new, 1 gone since you opened this list."));
    const articles = screen.getAllByRole("article");
    expect(articles.map((a) => a.getAttribute("aria-labelledby") && within(a).getByRole("link", { name: /vs/ }).textContent)).toEqual(["Arsenal vs Chelsea", "Real Madrid vs Getafe"]);
    expect(articles[0]!.parentElement!.textContent).toContain("Gone: no longer a sure bet at the latest prices.");
    // The bet still there takes its new figures in its place.
    expect(articles[1]!.textContent).toContain("0.45%");

    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(within(status).getByRole("button", { name: "Show" }));
    const shown = screen.getAllByRole("article");
    expect(shown.map((a) => within(a).getByRole("link", { name: /vs/ }).textContent)).toEqual(["Inter Milan vs Juventus", "Real Madrid vs Getafe"]);
    expect(screen.getByRole("status").textContent).toBe("");
    expect(screen.queryByText(/^Gone:/)).toBeNull();
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

describe("the stake split within the bookmakers' rules (docs/design.md, Sure bets)", () => {
  /**
   * Home 2.10 at SportyBet (₦10 minimum, ₦15,000,000 maximum payout), draw 4.00 at Bet9ja (₦100 minimum),
   * away 4.60 at BetKing: after tax 2.045, 3.85, 4.42, Σ' = 0.975011, 2.56 %. The draw's share of ₦300 is ₦79.
   */
  const bet9jaDraw = (): SureBet => ({ ...threeWay(), profitPct: 5.93, netProfitPct: 2.56, legs: [leg(1, 3, 2.1), leg(2, 1, 4.0), leg(3, 2, 4.6)] });
  const totalField = () => screen.findByRole("textbox", { name: `Total stake (₦) on ${ARSENAL}` });

  it("refuses ₦300, whose draw stake at Bet9ja would be under its ₦100 minimum, naming ₦373 as the smallest total that works; ₦373 splits", async () => {
    stubApi({ [SURE_BETS]: answer([bet9jaDraw()]) });
    renderSureBets();
    const user = userEvent.setup();
    const input = await totalField();
    await user.clear(input);
    await user.type(input, "300");
    expect(
      screen.getByText(
        "Too small: at ₦300, whole-naira stakes cannot cover every outcome within the bookmakers' minimum stakes (SportyBet takes stakes from ₦10, Bet9ja from ₦100). The smallest total that works at these prices is ₦373.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole("table", { name: /^Stakes of/ })).toBeNull();
    expect(screen.queryByText(/If every bet stands/)).toBeNull();
    await user.clear(input);
    await user.type(input, "373");
    const rows = stakeRows(ARSENAL);
    expect(rows.map((row) => row[0])).toEqual(["Home at SportyBet", "Draw at Bet9ja", "Away at BetKing"]);
    expect(naira(rows[1]![1])).toBeGreaterThanOrEqual(100);
    expect(screen.getByText(/If every bet stands/)).toBeTruthy();
  });

  it("rounds the stakes to ₦50 when asked, showing what each result pays after rounding and the worst result's profit", async () => {
    stubApi({ [SURE_BETS]: answer([threeWay()]) });
    renderSureBets();
    const user = userEvent.setup();
    await totalField();
    const round = screen.getByRole("combobox", { name: `Round the stakes on ${ARSENAL}` });
    expect((round as HTMLSelectElement).value).toBe("1");
    expect(within(round).getAllByRole("option").map((o) => o.textContent)).toEqual(["No (whole naira)", "To ₦10", "To ₦50", "To ₦100"]);
    await user.selectOptions(round, "50");
    // ₦50 stakes on ₦10,000: 3,900 / 2,700 / 3,000 leave ₦9,828 / ₦9,882 / ₦9,840 after tax, at least ₦228 over the ₦9,600 staked.
    expect(stakeRows(ARSENAL).map((row) => [row[1], row[4]])).toEqual([
      ["₦3,900", "₦9,828.00"],
      ["₦2,700", "₦9,882.00"],
      ["₦3,000", "₦9,840.00"],
    ]);
    expect(screen.getByText(/^Stakes rounded to ₦50,/).textContent).toBe(
      "Stakes rounded to ₦50, split as evenly after the 5% tax on winnings as that allows: each result pays a little differently, as the table shows; the profit below is the worst result's.",
    );
    // Not the whole-naira split's promise that every result pays the same.
    expect(screen.queryByText(TAX_SPLIT_NOTE)).toBeNull();
    expect(screen.getByText(/stays unstaked/).textContent).toBe("₦400 of your ₦10,000 stays unstaked.");
    expect(screen.getByText(/If every bet stands/).textContent).toBe("If every bet stands: at least ₦228.00 profit after tax, whichever result comes");
    expect(screen.queryByText(/cannot make every result pay the same/)).toBeNull();
  });

  it("says when rounding makes the worst result a loss, and by how much", async () => {
    stubApi({ [SURE_BETS]: answer([bet9jaDraw()]) });
    renderSureBets();
    const user = userEvent.setup();
    const input = await totalField();
    await user.clear(input);
    await user.type(input, "1000");
    await user.selectOptions(screen.getByRole("combobox", { name: `Round the stakes on ${ARSENAL}` }), "100");
    // 200 / 100 / 100 (₦400): a draw pays ₦400 at 4.00, less 5 % of its ₦300 winnings: ₦385, ₦15 less than the stakes.
    expect(stakeRows(ARSENAL).map((row) => row[1])).toEqual(["₦200", "₦100", "₦100"]);
    expect(screen.getByText("Rounded to ₦100, the worst result loses ₦15.00 after tax: round to less, or raise the total.")).toBeTruthy();
    expect(screen.queryByText(/If every bet stands/)).toBeNull();
  });

  it("refuses a total whose SportyBet leg would pay beyond its ₦15,000,000 maximum, naming the largest total that works", async () => {
    // 5.00 on each result: Σ = 0.6. ₦10,000,000 would put ₦3,333,333 on SportyBet's 5.00, paying ₦16,666,665.
    const bet = { ...threeWay(), profitPct: 66.67, netProfitPct: 60, legs: [leg(1, 3, 5), leg(2, 1, 5), leg(3, 2, 5)] };
    stubApi({ [SURE_BETS]: answer([bet]) });
    renderSureBets();
    const user = userEvent.setup();
    const input = await totalField();
    await user.clear(input);
    await user.type(input, "10000000");
    expect(
      screen.getByText(
        "Too large: at ₦10,000,000, the SportyBet stake would pay more than ₦15,000,000, the most SportyBet pays on a ticket. The largest total that works at these prices is ₦9,000,000.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole("table", { name: /^Stakes of/ })).toBeNull();
  });
});

describe("the sure bets page's filters", () => {
  function renderAt(url: string) {
    return renderPage({ path: "sure-bets", url, Component: SureBetsPage, loader, shouldRevalidate, now: NOW });
  }
  const shownMatches = () => screen.getAllByRole("article").map((a) => within(a).getByRole("link", { name: /vs/ }).textContent);
  const boostedBet = (): SureBet => ({ ...threeWay(), legs: [{ ...leg(1, 1, 2.6), boosted: true }, leg(2, 2, 3.8), leg(3, 3, 3.4)] });

  it("keeps the league, market, least profit and 'No boosted prices' of the URL, shown chosen", async () => {
    stubApi({ [SURE_BETS]: answer([threeWay(), twoWay()]) });
    renderAt("/sure-bets?league=2");
    await screen.findByRole("article");
    expect(shownMatches()).toEqual(["Real Madrid vs Getafe"]);
    expect((screen.getByLabelText("League") as HTMLSelectElement).value).toBe("2");
    cleanup();

    renderAt("/sure-bets?market=1");
    await screen.findByRole("article");
    expect(shownMatches()).toEqual(["Arsenal vs Chelsea"]);
    cleanup();

    renderAt("/sure-bets?min=1");
    await screen.findByRole("article");
    expect(shownMatches()).toEqual(["Arsenal vs Chelsea"]);
    expect((screen.getByLabelText("Profit after tax") as HTMLSelectElement).value).toBe("1");
    cleanup();

    stubApi({ [SURE_BETS]: answer([boostedBet(), twoWay()]) });
    renderAt("/sure-bets?boosted=no");
    await screen.findByRole("article");
    expect(shownMatches()).toEqual(["Real Madrid vs Getafe"]);
    expect((screen.getByLabelText("No boosted prices") as HTMLInputElement).checked).toBe(true);
  });

  it("applies a new choice at once, without asking the API again for a league, and says when nothing matches it", async () => {
    const api = stubApi({ [SURE_BETS]: answer([threeWay(), twoWay()]) });
    renderAt("/sure-bets");
    expect(await screen.findAllByRole("article")).toHaveLength(2);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.selectOptions(screen.getByLabelText("Profit after tax"), "At least 5%");
    await waitFor(() => expect(screen.queryAllByRole("article")).toHaveLength(0));
    expect(screen.getByText(NO_CHOSEN_SURE_BETS_MESSAGE)).toBeTruthy();
    await user.selectOptions(screen.getByLabelText("Profit after tax"), "Any profit");
    await user.selectOptions(screen.getByLabelText("League"), "La Liga (ESP)");
    await waitFor(() => expect(shownMatches()).toEqual(["Real Madrid vs Getafe"]));
    expect(screen.getByRole("status").textContent).toBe("");
    expect(api.callsTo(SURE_BETS)).toHaveLength(1);
  });
});

describe("sure bets beyond the spec's eight markets (docs/design.md, Bettor tools)", () => {
  /** The board's markets as the API lists them: by group, each beyond the eight it shows with its selections. */
  const MARKETS: ToolMarket[] = [
    { marketId: 1, name: "1X2 (Match Result)", group: "main" },
    { marketId: 7, name: "BTTS (Both Teams to Score)", group: "main" },
    { marketId: 4, name: "OU2.5", group: "goals" },
    { marketId: 9, name: "OU5.5", group: "goals" },
    { marketId: 17, name: "1st Half Over/Under 1.5", group: "halves", selections: [{ id: 35, label: "Over 1.5" }, { id: 36, label: "Under 1.5" }] },
    { marketId: 22, name: "1st Half 1X2", group: "halves" },
    { marketId: 50, name: "Home to Win Either Half", group: "teams" },
    { marketId: 24, name: "Correct Score", group: "specials" },
  ];
  const FIRST_HALF = "Real Madrid vs Getafe, 1st Half Over/Under 1.5";
  /** Over 1.5 in the first half at Bet9ja 2.10, under at BetKing 2.10: 5 % before tax, 2.25 % after it. */
  function firstHalf(): SureBet {
    return { ...twoWay(), marketId: 17, profitPct: 5, netProfitPct: 2.25, legs: [leg(35, 1, 2.1), leg(36, 2, 2.1)] };
  }
  const renderAt = (url: string) => renderPage({ path: "sure-bets", url, Component: SureBetsPage, loader, shouldRevalidate, now: NOW });
  const shownMatches = () => screen.getAllByRole("article").map((a) => within(a).getByRole("link", { name: /vs/ }).textContent);

  it("names a 1st-half total's card, legs and stake split by the catalogue's names, never 'Market 17'", async () => {
    stubApi({ [SURE_BETS]: { data: { sureBets: [threeWay(), firstHalf()], updatedAt: "2026-11-22T11:59:50.000Z", markets: MARKETS } satisfies SureBets } });
    renderAt("/sure-bets");
    const [, card] = await screen.findAllByRole("article");
    expect(card!.textContent).toContain("1st Half Over/Under 1.5 · La Liga (ESP)");
    const legs = within(within(card!).getByRole("table", { name: `Best prices for ${FIRST_HALF}` })).getAllByRole("row").slice(1);
    expect(legs.map((row) => row.textContent)).toEqual(["Over 1.52.10Bet9jaUpdated 2 min ago", "Under 1.52.10BetKingUpdated 2 min ago"]);
    // Each leg after tax pays 2.045: ₦5,000 on each returns ₦10,500, taxed ₦275, ₦10,225 left whichever comes.
    expect(stakeRows(FIRST_HALF)).toEqual([
      ["Over 1.5 at Bet9ja", "₦5,000", "₦10,500.00", "₦275.00", "₦10,225.00"],
      ["Under 1.5 at BetKing", "₦5,000", "₦10,500.00", "₦275.00", "₦10,225.00"],
    ]);
    expect(card!.textContent).not.toMatch(/Market \d|Selection \d/);
  });

  it("lists the board's markets in the Market choice under Main, Goals, Halves, Teams and Specials, and narrows to one beyond the eight", async () => {
    const api = stubApi({ [SURE_BETS]: { data: { sureBets: [threeWay(), firstHalf()], updatedAt: "2026-11-22T11:59:50.000Z", markets: MARKETS } satisfies SureBets } });
    renderAt("/sure-bets");
    expect(await screen.findAllByRole("article")).toHaveLength(2);
    const select = screen.getByLabelText("Market") as HTMLSelectElement;
    const groups = [...select.querySelectorAll("optgroup")];
    expect(groups.map((group) => [group.label, [...group.querySelectorAll("option")].map((option) => option.textContent)])).toEqual([
      ["Main", ["1X2 (Match Result)", "BTTS (Both Teams to Score)"]],
      ["Goals", ["Over/Under 2.5 goals (OU2.5)", "Over/Under 5.5 goals (OU5.5)"]],
      ["Halves", ["1st Half Over/Under 1.5", "1st Half 1X2"]],
      ["Teams", ["Home to Win Either Half"]],
      ["Specials", ["Correct Score"]],
    ]);
    expect(select.options[0]!.textContent).toBe("All markets");
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.selectOptions(select, "1st Half Over/Under 1.5");
    await waitFor(() => expect(shownMatches()).toEqual(["Real Madrid vs Getafe"]));
    expect((screen.getByLabelText("Market") as HTMLSelectElement).value).toBe("17");
    expect(api.callsTo(SURE_BETS)).toHaveLength(1);
  });

  it("keeps a market beyond the eight chosen in the URL, shown chosen", async () => {
    stubApi({ [SURE_BETS]: { data: { sureBets: [threeWay(), firstHalf()], updatedAt: "2026-11-22T11:59:50.000Z", markets: MARKETS } satisfies SureBets } });
    renderAt("/sure-bets?market=17");
    await screen.findByRole("article");
    expect(shownMatches()).toEqual(["Real Madrid vs Getafe"]);
    expect((screen.getByLabelText("Market") as HTMLSelectElement).value).toBe("17");
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
    expect(html).toContain("₦4,065");
    expect(html).toContain("₦10,243.80");
    expect(html).toContain("Updated 2 min ago");
  });

  /** The page's first HTML for `url`, as a browser without JavaScript gets it. */
  async function firstHtml(url: string): Promise<string> {
    const data = partialDataSource({ sureBets: async () => ({ sureBets: [threeWay()], updatedAt: "2026-11-22T11:59:50.000Z" }) }, () => Promise.reject(new Error("not used")));
    const context: ServerContext = { server: true, user: USER, timeZone: "Africa/Lagos", now: NOW, data };
    const handler = createStaticHandler([{ id: "root", path: "/", loader: rootLoader, Component: Outlet, children: [{ id: "page", path: "sure-bets", loader, Component: SureBetsPage }] }]);
    const result = await handler.query(new Request(`http://localhost${url}`), { requestContext: context });
    if (result instanceof Response) throw new Error("unexpected redirect");
    return renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, result)} context={result} />);
  }
  const key = encodeURIComponent(`${threeWay().event.id}:1`);

  it("splits by form with the rounding in the URL (&round=50): the stakes rounded, the choice shown chosen", async () => {
    const html = await firstHtml(`/sure-bets?bet=${key}&total=10000&round=50`);
    expect(html).toContain("₦3,900");
    expect(html).toContain("₦9,828.00");
    expect(html).toMatch(/<option value="50" selected="">To ₦50<\/option>/);
    expect(html).toContain("Stakes rounded to ₦50");
    expect(html).not.toContain("₦4,065");
  });

  it("says a rounding the URL gets wrong beside the field and splits in whole naira, never failing the page", async () => {
    for (const round of ["7", "abc", "%3Cscript%3E", "50.0", ""]) {
      const html = await firstHtml(`/sure-bets?bet=${key}&total=10000&round=${round}`);
      expect(html, round).toContain("₦4,065");
      if (round === "") expect(html).not.toContain("Choose how to round the stakes");
      else expect(html, round).toContain("Choose how to round the stakes: ₦1, ₦10, ₦50, ₦100.");
    }
  });

  it("says a total under the minimums is too small, by form too", async () => {
    const html = await firstHtml(`/sure-bets?bet=${key}&total=200`);
    expect(html).toContain("Too small: at ₦200, whole-naira stakes cannot cover every outcome within the bookmakers&#x27; minimum stakes (Bet9ja takes stakes from ₦100, SportyBet from ₦10). The smallest total that works at these prices is ₦244.");
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
