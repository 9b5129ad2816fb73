import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import type { ValueBet, ValueBets } from "#shared/contract.ts";
import { errorReply, heldReply, renderPage, resetApp, stubApi, type PlainReply } from "../../tests/client/harness.tsx";
import { FakeEventSource, installEventSource } from "../../tests/client/fake-event-source.ts";
import { headingFixture, MATCH_ID } from "../../tests/client/match-fixtures.ts";
import { noValueBetsMessage, VALUE_BETS_WARNING, ValueBetsPage, loader } from "./value-bets.tsx";

const NOW = Date.parse("2026-11-22T12:00:00Z");
const VALUE_BETS = "GET /api/odds/value-bets?country=1";

/**
 * SportyBet's away 3.60 against a fair 3.39: +6.2 % value. After the 5 % tax on winnings it pays
 * 3.60 - 0.05 x 2.60 = 3.47: 3.47 / 3.39 - 1 = +2.4 % expected.
 */
function valueBet(overrides: Partial<ValueBet> = {}): ValueBet {
  const provider = overrides.provider ?? 3;
  return {
    event: headingFixture(),
    marketId: 1,
    selectionTypeId: 3,
    provider,
    value: 3.6,
    fairPrice: 3.39,
    valuePct: 6.2,
    netEvPct: 2.4,
    updatedAt: "2026-11-22T11:57:30.000Z",
    link: { provider, url: `https://bookmaker-${provider}.example/event/42`, exact: provider !== 4 },
    ...overrides,
  };
}

const GETAFE = {
  ...headingFixture(),
  id: "c2:real-getafe",
  name: "Real Madrid vs Getafe",
  competitionId: 2,
  date: "2026-11-23T20:00:00.000Z",
};

const answer = (valueBets: ValueBet[]): PlainReply => ({
  data: { minNetEvPct: 1, valueBets, updatedAt: "2026-11-22T11:59:50.000Z" } satisfies ValueBets,
});

function renderValueBets() {
  return renderPage({ path: "value-bets", Component: ValueBetsPage, loader, now: NOW });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  installEventSource();
  Object.defineProperty(document, "hidden", { configurable: true, get: () => false });
});

afterEach(() => {
  resetApp();
  vi.useRealTimers();
});

describe("the value bets page", () => {
  it("lists each value bet in the API's order, largest value after tax first, with its match, selection, bookmaker, price, fair price, value after tax as the headline, value before tax and age", async () => {
    const api = stubApi({
      [VALUE_BETS]: answer([
        valueBet(),
        valueBet({
          event: GETAFE,
          marketId: 4,
          selectionTypeId: 8,
          provider: 4,
          value: 2.05,
          fairPrice: 1.97,
          valuePct: 4.06,
          // 2.05 pays 1.9975 after tax: 1.9975 / 1.97 - 1 = +1.4 %.
          netEvPct: 1.4,
          updatedAt: "2026-11-22T11:59:55.000Z",
        }),
      ]),
    });
    renderValueBets();
    const items = await screen.findAllByRole("listitem");
    expect(api.callsTo(VALUE_BETS)).toHaveLength(1);
    expect(items).toHaveLength(2);

    const first = within(items[0]!);
    expect(first.getByRole("heading", { level: 2, name: "Arsenal vs Chelsea" })).toBeTruthy();
    expect(first.getByRole("link", { name: "Arsenal vs Chelsea" }).getAttribute("href")).toBe(
      `/match/${encodeURIComponent(MATCH_ID)}`,
    );
    expect(items[0]!.textContent).toContain("1X2 (Match Result) · Premier League (ENG)");
    expect(items[0]!.textContent).toContain("Kick-off Today • 16:00");
    expect(items[0]!.textContent).toContain("Value after tax+2.4%+6.2% before tax");
    expect(items[0]!.textContent).toContain("Away at SportyBet Updated 2 min ago");
    expect(items[0]!.textContent).toContain("Price 3.60Fair price 3.39");
    const sporty = first.getByRole("link", { name: "SportyBet: open this match on SportyBet's site" });
    expect(sporty.getAttribute("href")).toBe("https://bookmaker-3.example/event/42");
    expect(sporty.getAttribute("target")).toBe("_blank");
    expect(sporty.getAttribute("rel")).toBe("noopener noreferrer nofollow");

    expect(within(items[1]!).getByRole("link", { name: "Real Madrid vs Getafe" }).getAttribute("href")).toBe(
      "/match/c2%3Areal-getafe",
    );
    expect(items[1]!.textContent).toContain("OU2.5 · La Liga (ESP)");
    expect(items[1]!.textContent).toContain("Kick-off Tomorrow • 21:00");
    expect(items[1]!.textContent).toContain("Value after tax+1.4%+4.1% before tax");
    expect(items[1]!.textContent).toContain("Over 2.5 at NairaBet Updated 5 s ago");
    expect(items[1]!.textContent).toContain("Price 2.05Fair price 1.97");
    expect(
      within(items[1]!).getByRole("link", { name: "NairaBet: open football on NairaBet's site" }),
    ).toBeTruthy();
  });

  it("makes the value after tax the headline, in large green, and the value before tax the small print beneath", async () => {
    stubApi({ [VALUE_BETS]: answer([valueBet()]) });
    renderValueBets();
    const [item] = (await screen.findAllByRole("listitem")).filter((node) => node.classList.contains("value-bet"));
    expect(item!.querySelector(".tool-figure-label")!.textContent).toBe("Value after tax");
    expect(item!.querySelector(".tool-gain")!.textContent).toBe("+2.4%");
    expect(item!.querySelector(".tool-figure .tool-detail")!.textContent).toBe("+6.2% before tax");
  });

  it("explains fair price, value and value after tax, from the API's threshold, and that value promises nothing", async () => {
    stubApi({ [VALUE_BETS]: answer([valueBet()]) });
    renderValueBets();
    await screen.findAllByRole("listitem");
    const main = document.body;
    expect(main.textContent).toContain(
      "Fair price: the bookmakers' consensus, with each one's margin removed from its prices.",
    );
    expect(main.textContent).toContain("Value = price × fair chance − 1");
    expect(main.textContent).toContain("is worth 2.20 × 0.5 − 1 = +10% before tax.");
    expect(main.textContent).toContain(
      "After tax: the bookmaker keeps 5% of your winnings, so a winning price pays price − 0.05 × (price − 1) per naira staked. The value after tax is that × fair chance − 1: the 2.20 pays 2.14, and 2.14 × 0.5 − 1 = +7%. That is the figure that counts: listed from +1% after tax up, the largest first. A price a little above its fair price can lose after tax, and is not listed.",
    );
    const note = screen.getByText(/^Value is an edge over many bets, never a promise/);
    expect(note.textContent).toBe(`${VALUE_BETS_WARNING} Responsible gambling`);
    expect(VALUE_BETS_WARNING).toContain("Prices move, bookmakers limit stakes and may void bets.");
    expect(main.textContent).not.toMatch(/sure win|sure thing|guarantee|risk[- ]free|can(no|')t lose/i);
    expect(screen.getByRole("link", { name: "Responsible gambling" }).getAttribute("href")).toBe(
      "/responsible-gambling",
    );
  });

  it("marks a boosted price, saying what that means, and only that one", async () => {
    stubApi({ [VALUE_BETS]: answer([valueBet({ boosted: true }), valueBet({ event: { ...valueBet().event, id: "c2:other", name: "Other vs Match" } })]) });
    renderValueBets();
    const items = await screen.findAllByRole("listitem");
    const bets = items.filter((item) => item.classList.contains("value-bet"));
    expect(bets).toHaveLength(2);
    expect(bets[0]!.textContent).toContain("Boosted: a bookmaker's promotional price, usually for small stakes only");
    expect(bets[1]!.textContent).not.toContain("Boosted");
  });

  it("says there is no value bet right now", async () => {
    stubApi({ [VALUE_BETS]: answer([]) });
    renderValueBets();
    expect(await screen.findByText(noValueBetsMessage(1))).toBeTruthy();
    expect(screen.getByText(noValueBetsMessage(1)).textContent).toBe(
      "No value bet right now: no price is expected to gain 1% or more after the tax on winnings. This page updates itself while it is open.",
    );
    expect(screen.queryByRole("list")).toBeNull();
  });

  it("on a lite page, which nothing updates, says when the prices were read and links to itself instead of promising updates", async () => {
    stubApi({ [VALUE_BETS]: answer([]) });
    renderPage({ path: "value-bets", Component: ValueBetsPage, loader, now: NOW, lite: true });
    expect((await screen.findByText(/^No value bet right now/)).textContent).toBe(
      "No value bet right now: no price is expected to gain 1% or more after the tax on winnings. Refresh the prices to look again.",
    );
    expect(screen.getByText(/^Prices as of \d\d:\d\d:\d\d GMT\+1 \(Lagos\)\./)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Refresh prices" }).getAttribute("href")).toBe("/value-bets");
  });

  it("shows the loading state while the value bets are on their way", async () => {
    stubApi({ [VALUE_BETS]: "pending" });
    renderValueBets();
    expect((await screen.findByRole("status")).textContent).toBe("Loading value bets...");
  });

  it("says the value bets failed to load, and Retry asks again", async () => {
    const api = stubApi({ [VALUE_BETS]: [errorReply(503, "UPSTREAM_UNAVAILABLE"), answer([valueBet()])] });
    renderValueBets();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to load value bets");
    await userEvent.setup().click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("listitem")).toBeTruthy();
    expect(api.callsTo(VALUE_BETS)).toHaveLength(2);
  });

  it("asks again when prices change, keeping the list on screen until the new one arrives", async () => {
    const next = heldReply(answer([valueBet({ valuePct: 8.4 })]));
    const api = stubApi({ [VALUE_BETS]: [answer([valueBet()]), next.reply] });
    renderValueBets();
    await screen.findByRole("listitem");
    FakeEventSource.latest().send("market", 3, { id: "e1", markets: [] });
    await waitFor(() => expect(api.callsTo(VALUE_BETS)).toHaveLength(2));
    expect(screen.getByRole("listitem").textContent).toContain("+6.2%");
    next.release();
    await waitFor(() => expect(screen.getByRole("listitem").textContent).toContain("+8.4%"));
  });
});

describe("value bets beyond the spec's eight markets (docs/design.md, Bettor tools)", () => {
  it("names an HT/FT value bet's market and selection by the catalogue's names, never 'Market 23'", async () => {
    const htFt = valueBet({ event: GETAFE, marketId: 23, selectionTypeId: 49, value: 21.6, fairPrice: 19.8, valuePct: 9.1, netEvPct: 3.6 });
    const markets = [
      { marketId: 1, name: "1X2 (Match Result)", group: "main" as const },
      {
        marketId: 23,
        name: "Half Time/Full Time",
        group: "halves" as const,
        selections: ["1/1", "1/X", "1/2", "X/1", "X/X", "X/2", "2/1", "2/X", "2/2"].map((label, i) => ({ id: 48 + i, label })),
      },
    ];
    stubApi({ [VALUE_BETS]: { data: { minNetEvPct: 1, valueBets: [valueBet(), htFt], updatedAt: "2026-11-22T11:59:50.000Z", markets } satisfies ValueBets } });
    renderValueBets();
    const items = await screen.findAllByRole("listitem");
    expect(items[1]!.textContent).toContain("Half Time/Full Time · La Liga (ESP)");
    expect(items[1]!.textContent).toContain("1/X at SportyBet Updated 2 min ago");
    expect(items[1]!.textContent).toContain("Price 21.60Fair price 19.80");
    expect(items[1]!.textContent).not.toMatch(/Market \d|Selection \d/);
    expect(items[0]!.textContent).toContain("1X2 (Match Result) · Premier League (ENG)");
  });
});
