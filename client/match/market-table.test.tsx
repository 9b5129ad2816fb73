import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import type { BookmakerLink, MatchMarket, MatchProviderOdds } from "#shared/contract.ts";
import { FLAGS } from "#shared/reference.ts";
import { resetApp, stubApi, USER } from "../../tests/client/harness.tsx";
import { betslipFixture, leg, legView } from "../../tests/client/betslip-fixtures.ts";
import { useSession } from "../session/store.ts";
import { MarketTable } from "./market-table.tsx";
import { learnMarketNames } from "./market-names.ts";
import { catalogueMarket, CORRECT_SCORE, HOME_OVER_05, HT_FT, ONE_UP } from "../../tests/client/match-fixtures.ts";

afterEach(cleanup);

/** A bookmaker's row: [selection, price, opening, flags?] each. */
function row(provider: number, prices: Array<[number, number, number, number?]>, extra: Partial<MatchProviderOdds> = {}): MatchProviderOdds {
  return { provider, margin: 5, updatedAt: "2026-11-22T09:00:00.000Z", odds: prices.map(([selectionTypeId, value, opening, flags = 0]) => ({ selectionTypeId, value, opening, flags })), ...extra };
}

const ONE_X_TWO: MatchMarket = {
  marketId: 1,
  odds: [
    row(1, [[1, 2.5, 2.3, FLAGS.Best], [2, 3.2, 3.2], [3, 2.9, 3.0]]),
    row(2, [[1, 2.4, 2.4], [2, 3.4, 3.3, FLAGS.Best], [3, 3.1, 3.1, FLAGS.Best]]),
    row(3, [[1, 2.5, 2.6, FLAGS.Best], [2, 3.3, 3.3], [3, 3.0, 2.8]]),
  ],
};

const LINKS: BookmakerLink[] = [
  { provider: 1, url: "https://sports.bet9ja.com/event/123", exact: true },
  { provider: 2, url: "https://www.betking.com/sports/football", exact: false },
];

function renderTable(market = ONE_X_TWO, links = LINKS) {
  return render(<MarketTable market={market} links={links} />);
}

/** The cells of a row by its header ('Bet9ja', 'Highest', 'Average'). */
function cells(header: string) {
  const tr = screen.getAllByRole("rowheader").find((th) => th.textContent?.startsWith(header))?.closest("tr");
  if (!tr) throw new Error(`no row ${header}`);
  return within(tr).getAllByRole("cell");
}

/** The price a cell shows first (before its opening price). */
const priceOf = (cell: HTMLElement) => cell.querySelector(".match-price")?.textContent?.match(/\d+\.\d\d/)?.[0];

describe("a market table of the match page", () => {
  it("names a market beyond the eight and its selections as its answer does (the catalogue's), in the answer's order", () => {
    const homeOver: MatchMarket = {
      marketId: 10,
      name: "Home Over/Under 0.5",
      selections: [
        { id: 21, label: "Over 0.5" },
        { id: 22, label: "Under 0.5" },
      ],
      odds: [row(3, [[22, 3.1, 3.1], [21, 1.3, 1.3]])],
    };
    learnMarketNames([homeOver]);
    renderTable(homeOver);
    expect(screen.getByRole("table", { name: "Home Over/Under 0.5" })).toBeTruthy();
    expect(screen.getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["Bookmaker", "Over 0.5", "Under 0.5"]);
  });


  it("has a row per bookmaker under the market's selections, then Highest and Average", () => {
    renderTable();
    expect(screen.getByRole("table", { name: "1X2 (Match Result)" })).toBeTruthy();
    expect(screen.getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["Bookmaker", "Home", "Draw", "Away"]);
    // Each book's margin under its name (docs/design.md, The match page).
    expect(screen.getAllByRole("rowheader").map((th) => th.textContent)).toEqual(["Bet9jamargin 5.00%", "BetKingmargin 5.00%", "SportyBetmargin 5.00%", "Highest", "Average"]);
  });

  it("shows in the Highest row the best price of each column and every bookmaker offering it", () => {
    renderTable();
    const highest = cells("Highest");
    const rows = ["Bet9ja", "BetKing", "SportyBet"].map(cells);
    highest.forEach((cell, column) => {
      const max = Math.max(...rows.map((r) => Number(priceOf(r[column]!))));
      expect(priceOf(cell)).toBe(max.toFixed(2));
    });
    // Home: 2.50 at Bet9ja and SportyBet alike, both named.
    expect(highest[0]!.textContent).toContain("Bet9ja Sporty");
    expect(highest[0]!.querySelector(".visually-hidden")?.textContent).toBe(" at Bet9ja, SportyBet");
    expect(highest[1]!.textContent).toContain("BetKing");
  });

  it("shows in the Average row the mean of each column to 2 decimals", () => {
    renderTable();
    // Home (2.5 + 2.4 + 2.5) / 3 = 2.4667; Draw 3.3; Away (2.9 + 3.1 + 3.0) / 3 = 3.0.
    expect(cells("Average").map((cell) => cell.textContent)).toEqual(["2.47", "3.30", "3.00"]);
  });

  it("states the payout of backing every selection at its best price: 100 / sum(1 / best)", () => {
    renderTable();
    // 1/2.5 + 1/3.4 + 1/3.1 = 1.01672...; 100 / 1.01672 = 98.36
    expect(screen.getByText(/Payout at best prices:/).textContent).toBe("Payout at best prices: 98.4%");
  });

  it("reads Double Chance's payout on the same scale: each selection covers two results", () => {
    renderTable({ marketId: 8, odds: [row(1, [[16, 1.3, 1.3], [17, 1.25, 1.25], [18, 1.4, 1.4]])] });
    // (1/1.3 + 1/1.25 + 1/1.4) / 2 = 1.1418; 100 / 1.1418 = 87.58
    expect(screen.getByText(/Payout at best prices:/).textContent).toBe("Payout at best prices: 87.6%");
  });

  it("says '-' for the payout while a selection has no price", () => {
    renderTable({ marketId: 1, odds: [row(1, [[1, 2.5, 2.5], [2, 3.2, 3.2]])] });
    expect(screen.getByText(/Payout at best prices:/).textContent).toBe("Payout at best prices: -");
    expect(cells("Highest")[2]!.textContent).toBe("-");
  });

  it("shows each price's opening price and its direction since then", () => {
    renderTable();
    const [home, draw, away] = cells("Bet9ja");
    expect(home!.textContent).toContain("first seen 2.30");
    expect(within(home!).getByRole("img", { name: "odds increased" })).toBeTruthy();
    expect(draw!.textContent).toContain("first seen 3.20");
    expect(within(draw!).queryByRole("img")).toBeNull();
    expect(within(away!).getByRole("img", { name: "odds decreased" })).toBeTruthy();
  });

  it("highlights the prices the API flags Best", () => {
    renderTable();
    const [home, draw] = cells("Bet9ja");
    expect(home!.className).toBe("odds-best");
    expect(home!.textContent).toContain("best odds");
    expect(draw!.className).toBe("");
  });

  it("links each bookmaker to its own page in a new tab, without referrer or ranking credit", () => {
    renderTable();
    const exact = screen.getByRole("link", { name: "Bet9ja: open this match on Bet9ja's site" });
    expect(exact.getAttribute("href")).toBe("https://sports.bet9ja.com/event/123");
    expect(exact.getAttribute("target")).toBe("_blank");
    expect(exact.getAttribute("rel")).toBe("noopener noreferrer nofollow");
    const football = screen.getByRole("link", { name: "BetKing: open football on BetKing's site" });
    expect(football.getAttribute("href")).toBe("https://www.betking.com/sports/football");
    expect(football.getAttribute("rel")).toBe("noopener noreferrer nofollow");
    // No link known: the name alone.
    expect(screen.queryByRole("link", { name: /SportyBet/ })).toBeNull();
    expect(screen.getByRole("rowheader", { name: "SportyBet margin 5.00%" })).toBeTruthy();
  });

  it("marks a bookmaker the API calls stale", () => {
    renderTable({ marketId: 1, odds: [row(1, [[1, 2.5, 2.5]], { stale: true })] });
    const header = screen.getByRole("rowheader", { name: /Bet9ja/ });
    expect(within(header).getByRole("img", { name: "stale" })).toBeTruthy();
    expect(header.closest("tr")!.className).toBe("odds-stale");
  });
});

describe("a market table's betslip buttons", () => {
  afterEach(resetApp);

  it("turn each selection's heading into a toggle for the match, and add the selection in one tap", async () => {
    const api = stubApi({ "POST /api/users/betslip/selections": { data: betslipFixture([legView(leg({ eventId: "c1:ars-che", marketId: 4, selectionTypeId: 9 }))]) } });
    useSession.setState({ user: USER, loading: false });
    render(<MarketTable market={{ marketId: 4, odds: [row(1, [[8, 1.8, 1.8], [9, 2.05, 2.0]])] }} links={LINKS} slipEvent={{ id: "c1:ars-che", name: "Arsenal vs Chelsea" }} />);
    expect((await screen.findByRole("button", { name: "Add Arsenal vs Chelsea, OU2.5: Over 2.5 to betslip" })).getAttribute("aria-pressed")).toBe("false");
    expect(screen.getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["Bookmaker", "Over 2.5", "Under 2.5"]);

    await userEvent.setup().click(screen.getByRole("button", { name: "Add Arsenal vs Chelsea, OU2.5: Under 2.5 to betslip" }));

    expect((await screen.findByRole("button", { name: "Remove Arsenal vs Chelsea, OU2.5: Under 2.5 from betslip" })).getAttribute("aria-pressed")).toBe("true");
    await waitFor(() => expect(api.callsTo("POST /api/users/betslip/selections").map((c) => c.body)).toEqual([{ eventId: "c1:ars-che", marketId: 4, selectionTypeId: 9 }]));
  });

  it("are absent without a match to add to (a started one)", () => {
    renderTable();
    expect(screen.queryByRole("button")).toBeNull();
  });
});

describe("every market's table (decision 055)", () => {
  afterEach(resetApp);

  it("shows each book's margin under its name, as the API worked it out, and '-' for a book whose set is incomplete", () => {
    renderTable({ ...ONE_X_TWO, odds: [ONE_X_TWO.odds[0]!, { ...ONE_X_TWO.odds[1]!, margin: null }] });
    expect(screen.getByRole("rowheader", { name: /^Bet9ja/ }).textContent).toBe("Bet9jamargin 5.00%");
    expect(screen.getByRole("rowheader", { name: /^BetKing/ }).querySelector(".match-margin")!.textContent).toBe("margin -");
  });

  it("works out a team total's Highest and Average from its books, 'no price' where a book does not quote a selection", () => {
    const market = catalogueMarket(10, HOME_OVER_05, { providers: [1, 2, 3], skip: (provider, id) => provider === 2 && id === 22 });
    learnMarketNames([market]);
    renderTable(market);
    expect(screen.getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["Bookmaker", "Over 0.5", "Under 0.5"]);
    // Over 0.5: 1.55, 1.60, 1.65; Under 0.5: 2.45 and 2.55 (BetKing quotes none).
    expect(cells("Highest").map(priceOf)).toEqual(["1.65", "2.55"]);
    expect(cells("Highest")[0]!.querySelector(".visually-hidden")!.textContent).toBe(" at SportyBet");
    expect(cells("Average").map((cell) => cell.textContent)).toEqual(["1.60", "2.50"]);
    expect(cells("BetKing")[1]!.textContent).toBe("no price");
    // 100 / (1/1.65 + 1/2.55) = 100.18
    expect(screen.getByText(/Payout at best prices:/).textContent).toBe("Payout at best prices: 100.2%");
  });

  it("labels a book-only market 'Only at SportyBet' with its margin, and gives it no Highest, Average or payout", () => {
    const market = catalogueMarket(52, ONE_UP, { providers: [3], margin: () => 7.25 });
    learnMarketNames([market]);
    renderTable(market);
    const table = screen.getByRole("table", { name: "1X2 - 1UP Only at SportyBet" });
    expect(within(table).getAllByRole("rowheader").map((th) => th.textContent)).toEqual(["SportyBetmargin 7.25%"]);
    expect(within(table).getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["Bookmaker", "Home 1UP", "Draw 1UP", "Away 1UP"]);
    expect(screen.queryByText(/Payout at best prices/)).toBeNull();
    expect(screen.queryByRole("rowheader", { name: "Highest" })).toBeNull();
  });

  it("lists correct score's 26 selections a row each: every book's price in one cell, then Highest and Average", () => {
    const market = catalogueMarket(24, CORRECT_SCORE, { providers: [1, 2, 3], base: 6, skip: (provider, id) => id === 125 || (provider === 1 && id === 104), margin: (provider) => (provider === 1 ? null : 18.5) });
    learnMarketNames([market]);
    renderTable(market);
    const table = screen.getByRole("table", { name: "Correct Score" });
    expect(within(table).getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["Selection", "Prices", "Highest", "Average"]);
    const rows = within(table).getAllByRole("rowheader").map((th) => th.textContent);
    expect(rows).toEqual(CORRECT_SCORE.selections.map((s) => s.label));
    const row = (label: string) => within(within(table).getByRole("rowheader", { name: label }).closest("tr")!).getAllByRole("cell");
    // 1:0 is the sixth selection: 6 + 5 × 0.9 = 10.5, plus provider / 20.
    const [prices, highest, average] = row("1:0");
    expect([...prices!.querySelectorAll("li")].map((li) => li.textContent)).toEqual([
      "Bet9jaBet9ja 10.55, first seen 10.45",
      "BetKingBetKing 10.60, first seen 10.60",
      "SportySportyBet 10.65, first seen 10.55",
    ]);
    expect(priceOf(highest!)).toBe("10.65");
    expect(average!.textContent).toBe("10.60");
    // 0:4 without Bet9ja; any other quoted by none.
    expect(row("0:4")[0]!.querySelectorAll("li")).toHaveLength(2);
    expect(row("Any other").map((cell) => cell.textContent)).toEqual(["no price", "-", "-"]);
    // Each book once, in the footer: its link and its margin ('-' where its set is incomplete).
    const books = within(table).getByRole("list", { name: "Bookmakers and their margins" });
    expect(within(books).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["Bet9jamargin -", "BetKingmargin 18.50%", "SportyBetmargin 18.50%"]);
    expect(within(table).getByRole("link", { name: "Bet9ja: open this match on Bet9ja's site" })).toBeTruthy();
    // No book quotes 'any other': no payout at best.
    expect(screen.getByText(/Payout at best prices:/).textContent).toBe("Payout at best prices: -");
  });

  it("lists HT/FT's nine a row each with the payout of backing all nine at their best", () => {
    const market = catalogueMarket(23, HT_FT, { providers: [1, 2], base: 3 });
    learnMarketNames([market]);
    renderTable(market);
    const table = screen.getByRole("table", { name: "Half Time/Full Time" });
    expect(within(table).getAllByRole("rowheader").map((th) => th.textContent)).toEqual(HT_FT.selections.map((s) => s.label));
    const best = HT_FT.selections.map((_, i) => 3 + i * 0.9 + 0.1);
    const payout = 100 / best.reduce((sum, price) => sum + 1 / price, 0);
    expect(screen.getByText(/Payout at best prices:/).textContent).toBe(`Payout at best prices: ${payout.toFixed(1)}%`);
  });

  it("adds a selection beyond the eight to the betslip: a team total's column heading and a correct score's row heading", async () => {
    const api = stubApi({ "POST /api/users/betslip/selections": { data: betslipFixture([]) } });
    useSession.setState({ user: USER, loading: false });
    const teams = catalogueMarket(10, HOME_OVER_05, { providers: [1] });
    const scores = catalogueMarket(24, CORRECT_SCORE, { providers: [1] });
    learnMarketNames([teams, scores]);
    render(
      <>
        <MarketTable market={teams} links={LINKS} slipEvent={{ id: "c1:ars-che", name: "Arsenal vs Chelsea" }} />
        <MarketTable market={scores} links={LINKS} slipEvent={{ id: "c1:ars-che", name: "Arsenal vs Chelsea" }} />
      </>,
    );
    const over = await screen.findByRole("button", { name: "Add Arsenal vs Chelsea, Home Over/Under 0.5: Over 0.5 to betslip" }, { timeout: 10_000 });
    expect(over.textContent).toBe("Over 0.5");
    const twoOne = await screen.findByRole("button", { name: "Add Arsenal vs Chelsea, Correct Score: 2:1 to betslip" }, { timeout: 10_000 });
    expect(twoOne.closest("th")!.getAttribute("scope")).toBe("row");
    expect(twoOne.getAttribute("value")).toBe("24.111.c1:ars-che");
    await userEvent.setup().click(twoOne);
    await waitFor(() => expect(api.callsTo("POST /api/users/betslip/selections").map((c) => c.body)).toEqual([{ eventId: "c1:ars-che", marketId: 24, selectionTypeId: 111 }]));
  });
});
