import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import type { Betslip } from "#shared/contract.ts";
import { errorReply, renderPage, resetApp, stubApi, USER, type Reply } from "../../tests/client/harness.tsx";
import { betslipFixture, bookmakerSlipFixture, EMPTY_BETSLIP, leg, legView } from "../../tests/client/betslip-fixtures.ts";
import { STAKE_INVALID_MESSAGE } from "../betslip/returns/money.ts";
import { useBetslip } from "../betslip/store.ts";
import { partialDataSource } from "../loaders/source.ts";
import { routes } from "../routes.tsx";
import type { ServerContext } from "../server-context.ts";
import { SLIP_REFRESH_MS } from "../betslip/sync/use-live-slip.ts";
import { BetslipPage, loader, SLIP_FULL_NOTICE } from "./betslip.tsx";

const NOW = Date.parse("2026-11-22T12:00:00Z");
const GET = "GET /api/users/betslip";
const STAKE = "PATCH /api/users/betslip";
/** Every betslip write the page sent: the per-selection calls and the stake change (decision 024). */
const writes = (api: ReturnType<typeof stubApi>) => api.calls.filter((c) => c.method !== "GET" && c.path !== "/api/events");

const HOME = leg();
const OVER = leg({ eventId: "c1:spurs-everton", marketId: 4, selectionTypeId: 8 });
const AWAY = leg({ eventId: "c2:real-getafe", selectionTypeId: 3 });

/** Arsenal-Chelsea Home and Spurs-Everton Over 2.5: Bet9ja and BetKing price both, SportyBet only one. */
const TWO_LEGS: Betslip = betslipFixture([legView(HOME), legView(OVER)], {
  bookmakers: [bookmakerSlipFixture(2, 4.41), bookmakerSlipFixture(1, 4), bookmakerSlipFixture(3, null, { missing: 1 })],
});
const ONE_LEG: Betslip = betslipFixture([legView(OVER)], { bookmakers: [bookmakerSlipFixture(2, 2.1), bookmakerSlipFixture(1, 2)] });

afterEach(resetApp);

function renderBetslip(replies: Record<string, Reply | Reply[]>) {
  const api = stubApi(replies);
  renderPage({ path: "betslip", Component: BetslipPage, loader, now: NOW });
  return { api, user: userEvent.setup() };
}

const legItems = async () => within(await screen.findByRole("list", { name: "Selections" })).getAllByRole("listitem");
const bookItems = () => within(screen.getByRole("region", { name: "What each bookmaker pays" })).getAllByRole("listitem");

describe("the betslip page", () => {
  it("lists each selection with its match, market, kick-off and best price, in the order added", async () => {
    renderBetslip({ [GET]: { data: TWO_LEGS } });
    const [first, second] = await legItems();

    const match = within(first!).getByRole("link", { name: "Arsenal vs Chelsea" });
    expect(match.getAttribute("href")).toBe("/match/c1%3Aarsenal-chelsea");
    expect(first!.textContent).toContain("1X2 (Match Result): Home");
    expect(first!.textContent).toContain("Kick-off Today • 16:00");
    expect(first!.textContent).toContain("Best 2.10 at BetKing");
    expect(within(second!).getByRole("link", { name: "Tottenham vs Everton" }).getAttribute("href")).toBe("/match/c1%3Aspurs-everton");
    expect(second!.textContent).toContain("OU2.5: Over 2.5");
    expect(screen.getByText("2 of 50 selections")).toBeTruthy();
  });

  it("marks a started selection, one no bookmaker prices any longer, and one whose match is gone", async () => {
    renderBetslip({
      // As the API shows them (decision 019): a started leg has no prices; a pruned one no event either.
      [GET]: { data: betslipFixture([legView(HOME, { started: true, prices: [] }), legView(OVER, { prices: [] }), legView(AWAY, { event: null, started: true, prices: [], links: [] })]) },
    });
    const [started, unpriced, gone] = await legItems();

    expect(within(started!).getByText("Started")).toBeTruthy();
    expect(within(started!).queryByText("No longer priced")).toBeNull();
    expect(within(unpriced!).getByText("No longer priced")).toBeTruthy();
    expect(within(unpriced!).queryByText("Started")).toBeNull();
    expect(gone!.textContent).toContain("A match no longer listed");
    expect(within(gone!).getByText("Started")).toBeTruthy();
    expect(within(gone!).queryByRole("link")).toBeNull();
    expect(within(gone!).getByRole("button", { name: "Remove this match, 1X2 (Match Result): Away from betslip" })).toBeTruthy();
  });

  it("shows every bookmaker's net payout, then its total odds, gross, bonus and tax, best first and marked, and those missing a selection as such", async () => {
    renderBetslip({ [GET]: { data: TWO_LEGS } });
    await legItems();
    const [betking, bet9ja, sportybet] = bookItems();

    expect(betking!.className).toContain("is-best");
    expect(betking!.textContent).toBe("BetKingBest payoutNet payout ₦4,239.50Total odds 4.41Gross payout ₦4,410.00Bonus not modelledTax 5 % on winnings: −₦170.50Rules checked 25 Nov 2026Get booking code");
    expect(bet9ja!.className).not.toContain("is-best");
    expect(bet9ja!.textContent).toBe("Bet9jaNet payout ₦3,850.00Total odds 4.00Gross payout ₦4,000.00No bonus on this slipTax 5 % on winnings: −₦150.00Rules checked 25 Nov 2026Get booking code");
    expect(sportybet!.className).toContain("is-missing");
    expect(sportybet!.textContent).toBe("SportyBetDoes not price 1 selection");
    expect(screen.getByText(/For ₦1,000.00 on all 2 selections/)).toBeTruthy();
  });

  it("links each bookmaker's name to its page for the first match, in a new tab without referrer", async () => {
    renderBetslip({ [GET]: { data: TWO_LEGS } });
    await legItems();

    const bet9ja = screen.getByRole("link", { name: "Bet9ja: open Arsenal vs Chelsea on Bet9ja's site" });
    expect(bet9ja.getAttribute("href")).toBe("https://bet9ja.example/event/c1:arsenal-chelsea");
    expect(bet9ja.getAttribute("target")).toBe("_blank");
    expect(bet9ja.getAttribute("rel")).toBe("noopener noreferrer nofollow");
    expect(screen.getByRole("link", { name: "BetKing: open football on BetKing's site" }).getAttribute("href")).toBe("https://betking.example/football");
    // No link for SportyBet in any leg: its name alone.
    expect(within(bookItems()[2]!).queryByRole("link")).toBeNull();
    // BetKing's name opens its football page: the copy must not promise the match.
    expect(screen.getByText(/For ₦1,000.00 on all 2 selections/).textContent).toBe(
      "For ₦1,000.00 on all 2 selections, at each bookmaker's prices now, after its bonus and the tax on winnings. Each name opens that bookmaker's site at the first of your matches it lists, else at its football page.",
    );
  });

  it("explains how to add selections when the slip is empty", async () => {
    renderBetslip({ [GET]: { data: EMPTY_BETSLIP } });
    expect(await screen.findByText("Your betslip is empty.")).toBeTruthy();
    expect(screen.getByText(/One selection per match, up to 50\./)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Find matches on the dashboard" }).getAttribute("href")).toBe("/dashboard");
    expect(screen.queryByRole("list", { name: "Selections" })).toBeNull();
  });

  it("takes 50 selections, and says when the slip is full", async () => {
    const fifty = Array.from({ length: 50 }, (_, i) => legView(leg({ eventId: `ev-${i}` })));
    renderBetslip({ [GET]: { data: betslipFixture(fifty) } });
    expect(await screen.findByText("50 of 50 selections", undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText(SLIP_FULL_NOTICE).textContent).toBe("Your betslip is full: 50 selections is the most. Remove one to add another.");
  });

  it("says the slip failed to load, with Retry", async () => {
    renderBetslip({ [GET]: errorReply(503, "UPSTREAM_UNAVAILABLE") });
    await waitFor(() => expect(screen.getByRole("alert").textContent).toContain("Failed to load your betslip"));
    expect(screen.getByRole("button", { name: "Retry" })).toBeTruthy();
  });

  it("shows what the server rendered without asking again", async () => {
    const api = stubApi();
    renderPage({ path: "betslip", Component: BetslipPage, loader, now: NOW, served: { betslip: { ok: true, data: TWO_LEGS }, asOf: 0 } });
    expect(await legItems()).toHaveLength(2);
    expect(api.callsTo(GET)).toHaveLength(0);
  });
});

describe("changing the slip on its page", () => {
  it("removes a selection at once, asks the API to remove that one and re-reads the totals", async () => {
    const REMOVE_HOME = `DELETE /api/users/betslip/selections/${encodeURIComponent(HOME.eventId)}/1/1`;
    const { api, user } = renderBetslip({ [GET]: [{ data: TWO_LEGS }, { data: TWO_LEGS }, { data: ONE_LEG }], [REMOVE_HOME]: { data: ONE_LEG } });
    const [first] = await legItems();

    await user.click(within(first!).getByRole("button", { name: "Remove Arsenal vs Chelsea, 1X2 (Match Result): Home from betslip" }));

    await waitFor(async () => expect(await legItems()).toHaveLength(1));
    expect(writes(api).map((c) => `${c.method} ${c.path}`)).toEqual([REMOVE_HOME]);
    await waitFor(() => expect(bookItems().map((li) => li.textContent?.split("Total odds")[0])).toEqual(["BetKingBest payoutNet payout ₦2,045.00", "Bet9jaNet payout ₦1,950.00"]));
    expect(api.callsTo(GET)).toHaveLength(3);
    expect(screen.queryByText("Updating the totals...")).toBeNull();
  });

  it("drops a removed selection before the API answers, and says the totals are being updated meanwhile", async () => {
    const { user } = renderBetslip({ [GET]: { data: TWO_LEGS }, [`DELETE /api/users/betslip/selections/${encodeURIComponent(HOME.eventId)}/1/1`]: "pending" });
    const [first] = await legItems();

    await user.click(within(first!).getByRole("button", { name: /^Remove Arsenal vs Chelsea/ }));

    // The save never answers: the selection is gone all the same.
    await waitFor(async () => expect(await legItems()).toHaveLength(1));
    expect(screen.getByText("Updating the totals...")).toBeTruthy();
    expect(screen.getByRole("region", { name: "What each bookmaker pays" }).getAttribute("aria-busy")).toBe("true");
  });

  it("saves a new stake in naira and re-reads the payouts", async () => {
    const staked = { ...TWO_LEGS, stake: 2500, bookmakers: [bookmakerSlipFixture(2, 4.41, { stake: 2500 }), bookmakerSlipFixture(1, 4, { stake: 2500 }), bookmakerSlipFixture(3, null, { stake: 2500, missing: 1 })] };
    const { api, user } = renderBetslip({ [GET]: [{ data: TWO_LEGS }, { data: TWO_LEGS }, { data: staked }], [STAKE]: { data: staked } });
    const input = await screen.findByLabelText("Stake (₦)");
    expect((input as HTMLInputElement).value).toBe("1000");

    await user.clear(input);
    await user.type(input, "2,500{Enter}");

    await waitFor(() => expect(writes(api).map((c) => [`${c.method} ${c.path}`, c.body])).toEqual([[STAKE, { stake: 2500 }]]));
    await waitFor(() => expect(bookItems()[0]!.textContent).toContain("Net payout ₦10,598.75"));
    expect(bookItems()[0]!.textContent).toContain("Gross payout ₦11,025.00");
    expect((input as HTMLInputElement).value).toBe("2500");
  });

  it("puts the stake back when the API refuses it", async () => {
    const { api, user } = renderBetslip({ [GET]: { data: TWO_LEGS }, [STAKE]: errorReply(400, "VALIDATION_ERROR", "The stake must be a positive amount.") });
    const input = await screen.findByLabelText("Stake (₦)");

    await user.clear(input);
    await user.type(input, "5000{Enter}");

    await waitFor(() => expect(api.callsTo(STAKE)).toHaveLength(1));
    await waitFor(() => expect((input as HTMLInputElement).value).toBe("1000"));
    expect(useBetslip.getState().notice).toEqual({ tone: "error", text: "The stake must be a positive amount." });
  });

  it.each(["0", "abc", "12.345", ""])("refuses the stake %j with a message tied to the field, and saves nothing", async (typed) => {
    const { api, user } = renderBetslip({ [GET]: { data: TWO_LEGS } });
    const input = await screen.findByLabelText("Stake (₦)");

    await user.clear(input);
    if (typed) await user.type(input, typed);
    await user.click(screen.getByRole("button", { name: "Update stake" }));

    const message = await screen.findByText(STAKE_INVALID_MESSAGE);
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toBe(message.id);
    expect(writes(api)).toHaveLength(0);
  });
});

describe("started and lost selections", () => {
  const KICKED_OFF = leg({ eventId: "c3:milan-inter", selectionTypeId: 2 });
  const LOST = leg({ eventId: "c4:lyon-nice", marketId: 7, selectionTypeId: 14 });
  const removal = (l: typeof HOME) => `DELETE /api/users/betslip/selections/${encodeURIComponent(l.eventId)}/${l.marketId}/${l.selectionTypeId}`;
  const started = (l: typeof HOME) => legView(l, { started: true, prices: [] });
  /** Two started, one no longer priced, two to bet: the totals are over those two. */
  const MIXED = betslipFixture([started(HOME), legView(OVER), started(KICKED_OFF), legView(AWAY), legView(LOST, { prices: [] })], {
    stake: 2500,
    bookmakers: [bookmakerSlipFixture(2, 4.41, { stake: 2500 }), bookmakerSlipFixture(1, 4, { stake: 2500 })],
  });
  const LEFT = betslipFixture([legView(OVER), legView(AWAY), legView(LOST, { prices: [] })], { stake: 2500, bookmakers: MIXED.bookmakers });

  it("never blank the comparison: they are marked in the list and the grid, and the totals say '2 of 5 selections'", async () => {
    renderBetslip({ [GET]: { data: MIXED } });
    const items = await legItems();

    expect(items.map((li) => li.querySelector(".slip-leg-marks")!.textContent)).toEqual(["Started", "Best 2.10 at BetKing", "Started", "Best 2.10 at BetKing", "No longer priced"]);
    const grid = screen.getByRole("table", { name: /price at each bookmaker/ });
    expect(within(grid).getAllByRole("rowheader").map((th) => th.textContent)).toEqual([
      "Arsenal vs Chelsea 1X2: HomeStarted",
      "Tottenham vs Everton OU2.5: Over 2.5",
      "Home vs Away 1X2: DrawStarted",
      "Real Madrid vs Getafe 1X2: Away",
      "Home vs Away BTTS: YesNo longer priced",
    ]);
    expect(screen.getByText(/^For ₦2,500.00/).textContent).toMatch(/^For ₦2,500.00 on 2 of 5 selections, .* The started or no longer priced ones count at no bookmaker\./);
    expect(bookItems()).toHaveLength(2);
    expect(bookItems()[0]!.textContent).toContain("Net payout ₦10,598.75");
  });

  it("go in one tap, every started one and nothing else: the other selections and the stake stay", async () => {
    const { api, user } = renderBetslip({
      [GET]: [{ data: MIXED }, { data: MIXED }, { data: LEFT }],
      [removal(HOME)]: { data: betslipFixture([legView(OVER), started(KICKED_OFF), legView(AWAY), legView(LOST, { prices: [] })], { stake: 2500 }) },
      [removal(KICKED_OFF)]: { data: LEFT },
    });
    await legItems();

    await user.click(screen.getByRole("button", { name: "Remove started selections" }));

    await waitFor(async () => expect(await legItems()).toHaveLength(3));
    await waitFor(() => expect(writes(api).map((c) => `${c.method} ${c.path}`)).toEqual([removal(HOME), removal(KICKED_OFF)]));
    await waitFor(() => expect(useBetslip.getState().legs).toEqual([OVER, AWAY, LOST]));
    expect(useBetslip.getState().stake).toBe(2500);
    expect((screen.getByLabelText("Stake (₦)") as HTMLInputElement).value).toBe("2500");
    expect(screen.queryByRole("button", { name: "Remove started selections" })).toBeNull();
    expect(screen.queryByText("Started")).toBeNull();
  });

  it("offer no such button when nothing has started", async () => {
    renderBetslip({ [GET]: { data: betslipFixture([legView(HOME), legView(OVER, { prices: [] })]) } });
    await legItems();
    expect(screen.queryByRole("button", { name: "Remove started selections" })).toBeNull();
  });
});

describe("the slip's prices, live", () => {
  afterEach(() => vi.useRealTimers());

  it("are read again every 30 seconds while the page is visible, and not while it is hidden", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const { api } = renderBetslip({ [GET]: { data: TWO_LEGS } });
    await legItems();
    expect(api.callsTo(GET)).toHaveLength(1);

    act(() => vi.advanceTimersByTime(SLIP_REFRESH_MS));
    await waitFor(() => expect(api.callsTo(GET)).toHaveLength(2));

    const visibility = vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    act(() => vi.advanceTimersByTime(SLIP_REFRESH_MS));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo(GET)).toHaveLength(2);
    visibility.mockRestore();
  });

  it("are read again when the window gets the focus back, keeping the slip on screen meanwhile", async () => {
    const { api } = renderBetslip({ [GET]: [{ data: TWO_LEGS }, "pending"] });
    await legItems();

    act(() => void window.dispatchEvent(new Event("focus")));

    await waitFor(() => expect(api.callsTo(GET)).toHaveLength(2));
    expect(await legItems()).toHaveLength(2);
    expect(screen.queryByText("Loading your betslip...")).toBeNull();
  });

  it("bring changes made on another device into the slip (and its badge)", async () => {
    stubApi({ [GET]: { data: ONE_LEG } });
    await useBetslip.getState().load(USER.id);
    expect(useBetslip.getState().legs).toEqual([OVER]);
    const { api } = renderBetslip({ [GET]: { data: TWO_LEGS } });

    // The slip shows its one leg at once; the other device's two arrive with the page's fetch.
    await waitFor(async () => expect(await legItems()).toHaveLength(2));
    await waitFor(() => expect(useBetslip.getState().legs).toEqual([HOME, OVER]));
    expect(writes(api)).toHaveLength(0);
  });
});

describe("selections beyond the eight markets", () => {
  const TEAM_TOTAL = legView(leg({ marketId: 10, selectionTypeId: 21 }), { marketName: "Home Over/Under 0.5", selectionName: "Over 0.5" });
  /** SportyBet's 1UP, as the API answers it: marked SportyBet's and priced there alone. */
  const ONE_UP = legView(leg({ eventId: "c2:real-getafe", marketId: 52, selectionTypeId: 141 }), {
    marketName: "1X2 - 1UP",
    selectionName: "Home",
    bookOnly: 3,
    prices: [{ provider: 3, value: 2.4 }],
    links: [],
  });
  const MIXED: Betslip = betslipFixture([TEAM_TOTAL, ONE_UP], {
    bookmakers: [bookmakerSlipFixture(3, 4.8), bookmakerSlipFixture(1, null, { missing: 1 }), bookmakerSlipFixture(2, null, { missing: 1 })],
  });

  it("names each by the catalogue's names the API gives, never 'Market 10', in the list, the grid and the remove button", async () => {
    renderBetslip({ [GET]: { data: MIXED } });
    const [total, oneUp] = await legItems();
    expect(total!.textContent).toContain("Home Over/Under 0.5: Over 0.5");
    expect(oneUp!.textContent).toContain("1X2 - 1UP: Home");
    expect(within(total!).getByRole("button", { name: "Remove Arsenal vs Chelsea, Home Over/Under 0.5: Over 0.5 from betslip" })).toBeTruthy();
    const rows = within(screen.getByRole("region", { name: /price at each bookmaker/ })).getAllByRole("row");
    expect(rows[1]!.textContent).toContain("Home Over/Under 0.5: Over 0.5");
    expect(rows[2]!.textContent).toContain("1X2 - 1UP: Home");
    expect(document.body.textContent).not.toMatch(/Market \d|Selection \d/);
  });

  it("marks a 1UP leg 'Only at SportyBet', with its one price and no Best, 'no price' at every other book, and says where the slip can be placed", async () => {
    renderBetslip({ [GET]: { data: MIXED } });
    const [total, oneUp] = await legItems();
    expect(within(oneUp!).getByText("Only at SportyBet")).toBeTruthy();
    expect(oneUp!.textContent).toContain("2.40 at SportyBet");
    expect(oneUp!.textContent).not.toContain("Best");
    expect(within(total!).queryByText("Only at SportyBet")).toBeNull();
    const row = within(screen.getByRole("region", { name: /price at each bookmaker/ })).getAllByRole("row")[2]!;
    expect(row.textContent).toContain("Only at SportyBet");
    expect(within(row).getAllByText("no price")).toHaveLength(4);
    expect(row.querySelector(".slip-grid-best")).toBeNull();
    expect(screen.getByRole("note").textContent).toBe(
      "Only at SportyBet: Real Madrid vs Getafe, 1X2 - 1UP: Home. So only SportyBet can take this slip whole; the other bookmakers have no price for it.",
    );
    const [sportybet, bet9ja] = bookItems();
    expect(sportybet!.className).toContain("is-best");
    expect(bet9ja!.textContent).toBe("Bet9jaDoes not price 1 selection");
  });

  it("says nothing of a single book while no book-only selection can still be bet", async () => {
    renderBetslip({ [GET]: { data: betslipFixture([TEAM_TOTAL, { ...ONE_UP, started: true, prices: [] }]) } });
    await legItems();
    expect(screen.queryByRole("note")).toBeNull();
  });

  it("shows the names and the book-only mark in the server's first HTML, without JavaScript", async () => {
    const context: ServerContext = { server: true, user: USER, timeZone: "Africa/Lagos", now: NOW, data: partialDataSource({ betslip: async () => MIXED }, () => Promise.reject(new Error("not used"))) };
    const handler = createStaticHandler(routes);
    const result = await handler.query(new Request("http://localhost/betslip"), { requestContext: context });
    if (result instanceof Response) throw new Error(`unexpected redirect to ${result.headers.get("Location")}`);
    const container = document.createElement("div");
    container.innerHTML = renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, result)} context={result} />);
    const items = [...container.querySelectorAll('ol[aria-label="Selections"] > li')];
    expect(items.map((li) => li.querySelector(".slip-leg-what > span")?.textContent)).toEqual(["Home Over/Under 0.5: Over 0.5", "1X2 - 1UP: Home"]);
    expect(items[1]!.textContent).toContain("Only at SportyBet");
    expect(container.textContent).toContain("So only SportyBet can take this slip whole");
    expect(container.textContent).not.toMatch(/Market \d/);
  });
});
