import { afterEach, describe, expect, it } from "vitest";
import type { DroppingOdds, ToolMarket } from "#shared/contract.ts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { errorReply, renderPage, resetApp, stubApi } from "../../tests/client/harness.tsx";
import { bookDrop, headingFixture, MATCH_ID, outcomeDrop } from "../../tests/client/match-fixtures.ts";
import { betslipFixture, leg, legView } from "../../tests/client/betslip-fixtures.ts";
import { DroppingPage, loader, NO_DROPS_CHOSEN_MESSAGE, NO_DROPS_MESSAGE } from "./dropping.tsx";

const NOW = Date.parse("2026-11-22T12:00:00Z");
const DROPPING = "GET /api/odds/dropping?country=1&hours=24";

afterEach(resetApp);

function renderDropping() {
  return renderPage({ path: "dropping", Component: DroppingPage, loader, now: NOW });
}

describe("the dropping odds page", () => {
  it("lists one row per outcome, largest fall first as the API orders them, with every bookmaker that moved", async () => {
    const api = stubApi({
      [DROPPING]: {
        data: {
          hours: 24,
          drops: [
            outcomeDrop({ books: [bookDrop(), bookDrop({ provider: 4, from: 2.35, to: 2.12, dropPct: 9.8, at: "2026-11-22T09:05:00.000Z" })] }),
            outcomeDrop({ event: { ...headingFixture(), id: "c2:real-getafe", name: "Real Madrid vs Getafe" }, marketId: 4, selectionTypeId: 9, books: [bookDrop({ provider: 3, from: 2.0, to: 1.8, dropPct: 10, at: "2026-11-21T22:15:00.000Z" })] }),
          ],
        },
      },
    });
    renderDropping();
    const list = await screen.findByRole("list", { name: "Dropping odds" });
    expect(api.callsTo(DROPPING)).toHaveLength(1);
    const items = within(list).getAllByRole("listitem").filter((item) => item.parentElement === list);
    expect(items).toHaveLength(2);
    const first = within(items[0]!);
    expect(first.getByRole("link", { name: "Arsenal vs Chelsea" }).getAttribute("href")).toBe(`/match/${encodeURIComponent(MATCH_ID)}`);
    expect(items[0]!.textContent).toContain("1X2 (Match Result) · Home");
    expect(items[0]!.textContent).toContain("Dropped −12.5%");
    expect(items[0]!.textContent).toContain("at 2 bookmakers");
    expect(items[0]!.textContent).toContain("Premier League (ENG) · Kick-off Today • 16:00");
    const books = first.getByRole("list", { name: "Bookmakers whose Home price fell" });
    expect(within(books).getAllByRole("listitem").map((book) => book.textContent)).toEqual([
      "Bet9jafrom 2.40 →  to 2.10−down 12.5%Today • 11:30",
      "NairaBetfrom 2.35 →  to 2.12−down 9.8%Today • 10:05",
    ]);
    expect(within(items[1]!).getByRole("link", { name: "Real Madrid vs Getafe" }).getAttribute("href")).toBe("/match/c2%3Areal-getafe");
    expect(items[1]!.textContent).toContain("OU2.5 · Under 2.5");
    expect(items[1]!.textContent).toContain("at 1 bookmaker");
    expect(items[1]!.textContent).toContain("SportyBetfrom 2.00 →  to 1.80−down 10.0%Saturday 21st November • 23:15");
  });

  it("adds an outcome to the betslip with one tap, and says it is on the slip", async () => {
    const api = stubApi({
      [DROPPING]: { data: { hours: 24, drops: [outcomeDrop()] } },
      "POST /api/users/betslip/selections": { data: betslipFixture([legView(leg({ eventId: MATCH_ID, marketId: 1, selectionTypeId: 1 }))]) },
    });
    renderDropping();
    // The toggle is the lazily loaded betslip chunk: its first import can take more than a second.
    const add = await screen.findByRole("button", { name: "Add to betslip: Arsenal vs Chelsea, 1X2 (Match Result): Home" }, { timeout: 10_000 });
    expect(add.textContent).toBe("Add to betslip");
    fireEvent.click(add);
    const remove = await screen.findByRole("button", { name: "On betslip: Arsenal vs Chelsea, 1X2 (Match Result): Home" });
    expect(remove.getAttribute("aria-pressed")).toBe("true");
    expect(remove.textContent).toBe("On betslip");
    await waitFor(() => expect(api.callsTo("POST /api/users/betslip/selections").map((c) => c.body)).toEqual([{ eventId: MATCH_ID, marketId: 1, selectionTypeId: 1 }]));
  });

  it("asks the API for the league and market in the URL, shows them chosen, and says when that choice has no drop", async () => {
    const chosen = "GET /api/odds/dropping?country=1&hours=24&competition=2&market=7";
    const api = stubApi({ [chosen]: { data: { hours: 24, drops: [] } } });
    renderPage({ path: "dropping", url: "/dropping?league=2&market=7", Component: DroppingPage, loader, now: NOW });
    expect(await screen.findByText(NO_DROPS_CHOSEN_MESSAGE)).toBeTruthy();
    expect(api.callsTo(chosen)).toHaveLength(1);
    expect((screen.getByLabelText("League") as HTMLSelectElement).value).toBe("2");
    expect((screen.getByLabelText("Market") as HTMLSelectElement).value).toBe("7");
  });

  it("takes a new league from its select into the URL and the API call, keeping the market", async () => {
    const all = "GET /api/odds/dropping?country=1&hours=24&market=1";
    const laLiga = "GET /api/odds/dropping?country=1&hours=24&competition=2&market=1";
    const api = stubApi({ [all]: { data: { hours: 24, drops: [outcomeDrop()] } }, [laLiga]: { data: { hours: 24, drops: [] } } });
    renderPage({ path: "dropping", url: "/dropping?market=1", Component: DroppingPage, loader, now: NOW });
    await screen.findByRole("list", { name: "Dropping odds" });
    expect((screen.getByLabelText("League") as HTMLSelectElement).value).toBe("");
    fireEvent.change(screen.getByLabelText("League"), { target: { value: "2" } });
    expect(await screen.findByText(NO_DROPS_CHOSEN_MESSAGE)).toBeTruthy();
    expect(api.callsTo(laLiga)).toHaveLength(1);
    expect((screen.getByLabelText("League") as HTMLSelectElement).value).toBe("2");
    expect((screen.getByLabelText("Market") as HTMLSelectElement).value).toBe("1");
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

describe("dropping odds beyond the spec's eight markets (docs/design.md, Dropping odds)", () => {
  /** The catalogue's markets as the API lists them, by group; the one shown beyond the eight with its selections. */
  const MARKETS: ToolMarket[] = [
    { marketId: 1, name: "1X2 (Match Result)", group: "main" },
    { marketId: 8, name: "DC (Double Chance)", group: "main" },
    { marketId: 21, name: "Draw No Bet", group: "main" },
    { marketId: 4, name: "OU2.5", group: "goals" },
    { marketId: 17, name: "1st Half Over/Under 1.5", group: "halves", selections: [{ id: 35, label: "Over 1.5" }, { id: 36, label: "Under 1.5" }] },
    { marketId: 23, name: "Half Time/Full Time", group: "halves" },
    { marketId: 10, name: "Home Over/Under 0.5", group: "teams" },
    { marketId: 29, name: "Asian Handicap -2.5", group: "specials" },
    { marketId: 52, name: "1X2 - 1UP", group: "specials" },
  ];
  const firstHalfDrop = () => outcomeDrop({ marketId: 17, selectionTypeId: 35, books: [bookDrop({ provider: 3, from: 2.0, to: 1.7, dropPct: 15 })] });
  const board = (drops: DroppingOdds["drops"]): { data: DroppingOdds } => ({ data: { hours: 24, drops, markets: MARKETS } });

  it("names an outcome in a 1st-half total by the catalogue's names, with its betslip button", async () => {
    stubApi({ [DROPPING]: board([firstHalfDrop(), outcomeDrop()]) });
    renderDropping();
    const list = await screen.findByRole("list", { name: "Dropping odds" });
    const items = within(list).getAllByRole("listitem").filter((item) => item.parentElement === list);
    expect(items[0]!.textContent).toContain("1st Half Over/Under 1.5 · Over 1.5");
    expect(within(items[0]!).getByRole("list", { name: "Bookmakers whose Over 1.5 price fell" })).toBeTruthy();
    expect(items[0]!.textContent).not.toMatch(/Market \d|Selection \d/);
    expect(await within(items[0]!).findByRole("button", { name: "Add to betslip: Arsenal vs Chelsea, 1st Half Over/Under 1.5: Over 1.5" }, { timeout: 10_000 })).toBeTruthy();
    expect(await within(items[1]!).findByRole("button", { name: "Add to betslip: Arsenal vs Chelsea, 1X2 (Match Result): Home" }, { timeout: 10_000 })).toBeTruthy();
  });

  it("lists every catalogue market in the Market choice under Main, Goals, Halves, Teams and Specials, and asks the API for the one chosen", async () => {
    const chosen = "GET /api/odds/dropping?country=1&hours=24&market=17";
    const api = stubApi({ [DROPPING]: board([outcomeDrop(), firstHalfDrop()]), [chosen]: board([firstHalfDrop()]) });
    renderDropping();
    await screen.findByRole("list", { name: "Dropping odds" });
    const select = screen.getByLabelText("Market") as HTMLSelectElement;
    expect([...select.querySelectorAll("optgroup")].map((group) => [group.label, [...group.querySelectorAll("option")].map((option) => option.textContent)])).toEqual([
      ["Main", ["1X2 (Match Result)", "DC (Double Chance)", "Draw No Bet"]],
      ["Goals", ["Over/Under 2.5 goals (OU2.5)"]],
      ["Halves", ["1st Half Over/Under 1.5", "Half Time/Full Time"]],
      ["Teams", ["Home Over/Under 0.5"]],
      ["Specials", ["Asian Handicap -2.5", "1X2 - 1UP"]],
    ]);
    fireEvent.change(select, { target: { value: "17" } });
    await waitFor(() => expect(api.callsTo(chosen)).toHaveLength(1));
    await waitFor(() => expect(screen.getAllByRole("listitem").filter((item) => item.classList.contains("drop-item"))).toHaveLength(1));
    expect(screen.getByRole("list", { name: "Dropping odds" }).textContent).toContain("1st Half Over/Under 1.5 · Over 1.5");
    expect((screen.getByLabelText("Market") as HTMLSelectElement).value).toBe("17");
  });

  it("takes a market beyond the eight from the URL to the API, shown chosen", async () => {
    const chosen = "GET /api/odds/dropping?country=1&hours=24&market=17";
    const api = stubApi({ [chosen]: board([firstHalfDrop()]) });
    renderPage({ path: "dropping", url: "/dropping?market=17", Component: DroppingPage, loader, now: NOW });
    await screen.findByRole("list", { name: "Dropping odds" });
    expect(api.callsTo(chosen)).toHaveLength(1);
    expect((screen.getByLabelText("Market") as HTMLSelectElement).value).toBe("17");
  });
});
