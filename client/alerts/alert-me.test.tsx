import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import type { AlertRuleView } from "#shared/alerts-contract.ts";
import type { SureBets } from "#shared/contract.ts";
import { errorReply, renderPage, resetApp, stubApi, USER, type Reply } from "../../tests/client/harness.tsx";
import { betslipFixture, legView } from "../../tests/client/betslip-fixtures.ts";
import { installEventSource } from "../../tests/client/fake-event-source.ts";
import { catalogueMarket, CORRECT_SCORE, marketHistory, MATCH_ID, matchDetail } from "../../tests/client/match-fixtures.ts";
import { partialDataSource } from "../loaders/source.ts";
import { BetslipPage, loader as betslipLoader } from "../pages/betslip.tsx";
import { loader as matchLoader, MatchPage, type MatchData } from "../pages/match.tsx";
import { loader as sureLoader, shouldRevalidate as sureRevalidate, SureBetsPage } from "../pages/sure-bets.tsx";
import { routes } from "../routes.tsx";
import type { ServerContext } from "../server-context.ts";
import { ALERT_SET_MESSAGE } from "./alert-me.tsx";

const NOW = Date.parse("2026-11-22T12:00:00Z");
const CREATE = "POST /api/users/alerts";
const TOKEN = "t".repeat(43);

/** What the API answers a new rule: the rule as it would list it (the page shows only "Alert set"). */
const created: Reply = {
  data: { id: "r1", subject: { kind: "sure" }, title: "New sure bets", threshold: 1, channels: [], mutedUntil: null, createdAt: "2026-11-22T12:00:00.000Z", lastFiredAt: null } satisfies AlertRuleView,
};

afterEach(resetApp);
beforeEach(() => {
  installEventSource();
  Object.defineProperty(document, "hidden", { configurable: true, get: () => false });
});

function matchServed(detail = matchDetail()): MatchData {
  return { detail: { ok: true, data: detail }, group: "main", groups: [{ group: "main", markets: 3 }], chart: 1, history: { ok: true, data: marketHistory(1, detail) } };
}

function renderMatch(replies: Record<string, Reply>, detail = matchDetail()) {
  const api = stubApi(replies);
  renderPage({ path: "match/:id", url: `/match/${encodeURIComponent(MATCH_ID)}`, Component: MatchPage, loader: matchLoader, served: matchServed(detail), now: NOW });
  return { api, user: userEvent.setup() };
}

describe("Alert me on the match page", () => {
  it("follows the match's prices moving by 10 % in one tap, to every channel, and says 'Alert set'", async () => {
    const { api, user } = renderMatch({ [CREATE]: created });
    const tap = screen.getByRole("button", { name: "Alert me when prices move 10%" });
    await user.click(tap);
    await waitFor(() => expect(tap.parentElement!.textContent).toContain(ALERT_SET_MESSAGE));
    expect(api.callsTo(CREATE).map((c) => c.body)).toEqual([{ kind: "move", eventId: MATCH_ID, threshold: 10, channels: [] }]);
  });

  it("offers each outcome a target at the next price step above its best (5 % up) and follows it in one tap", async () => {
    const { api, user } = renderMatch({ [CREATE]: created });
    // 1X2's best Home is 1.75 (tests/client/match-fixtures.ts): 1.75 x 1.05 = 1.8375, so 1.84.
    const market = screen.getByRole("region", { name: "1X2 (Match Result)" });
    expect(within(market).getByText("Alert me when the best price reaches:")).toBeTruthy();
    const home = within(market).getByRole("button", { name: "Alert me, 1X2 (Match Result): Home 1.84" });
    expect(home.querySelector(".visually-hidden")?.textContent).toBe("Alert me, 1X2 (Match Result): ");
    await user.click(home);
    await waitFor(() => expect(home.parentElement!.textContent).toContain(ALERT_SET_MESSAGE));
    expect(api.callsTo(CREATE).map((c) => c.body)).toEqual([{ kind: "target", eventId: MATCH_ID, marketId: 1, selectionTypeId: 1, threshold: 1.84, channels: [] }]);
  });

  it("offers no target taps on a many-way market (correct score's 26), whose match's move alert covers it", () => {
    const detail = matchDetail();
    detail.event.markets = [...detail.event.markets, catalogueMarket(24, { ...CORRECT_SCORE, group: "main" }, { base: 6 })];
    renderMatch({}, detail);
    const market = screen.getByRole("region", { name: "Correct Score" });
    expect(within(market).queryByRole("button", { name: /^Alert me/ })).toBeNull();
    expect(within(screen.getByRole("region", { name: "1X2 (Match Result)" })).getAllByRole("button", { name: /^Alert me, 1X2 \(Match Result\): / })).toHaveLength(3);
  });

  it("says the API's reason when it refuses, such as the 50 rules reached", async () => {
    const message = "You follow 50 things, the most there can be.";
    const { user } = renderMatch({ [CREATE]: errorReply(409, "ALERT_LIMIT", message) });
    const tap = screen.getByRole("button", { name: "Alert me when prices move 10%" });
    await user.click(tap);
    await waitFor(() => expect(tap.parentElement!.textContent).toContain(message));
    expect(tap.parentElement!.textContent).not.toContain(ALERT_SET_MESSAGE);
  });

  it("offers no Alert me once the match has started", () => {
    renderMatch({}, matchDetail({ started: true }));
    expect(screen.queryByRole("button", { name: /Alert me/ })).toBeNull();
    expect(screen.queryByText("Alert me when the best price reaches:")).toBeNull();
  });

  it("links to the Alerts page beside the taps", () => {
    renderMatch({});
    expect(screen.getByRole("link", { name: "Your alerts" }).getAttribute("href")).toBe("/alerts");
  });
});

describe("Alert me on the match page without JavaScript", () => {
  it("posts one form outside the betslip's: the tapped button's value names the rule, the form the match and the page to come back to", async () => {
    const context: ServerContext = {
      server: true,
      user: USER,
      timeZone: "Africa/Lagos",
      now: NOW,
      form: { token: TOKEN },
      data: partialDataSource({ event: async () => matchDetail(), history: async (_id, market) => marketHistory(market) }, () => Promise.reject(new Error("not used"))),
    };
    const handler = createStaticHandler(routes);
    const result = await handler.query(new Request(`http://localhost/match/${encodeURIComponent(MATCH_ID)}?group=main`), { requestContext: context });
    if (result instanceof Response) throw new Error("unexpected redirect");
    const container = document.createElement("div");
    container.innerHTML = renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, result)} context={result} />);

    const form = container.querySelector<HTMLFormElement>("form#match-alert-me")!;
    expect(form.getAttribute("action")).toBe("/alerts/add");
    expect(form.getAttribute("method")).toBe("post");
    expect(form.closest("form[action='/betslip/add']")).toBeNull();
    expect(Object.fromEntries([...new FormData(form)].map(([k, v]) => [k, String(v)]))).toEqual({ _csrf: TOKEN, back: `/match/${encodeURIComponent(MATCH_ID)}?group=main`, event: MATCH_ID });
    const taps = [...container.querySelectorAll<HTMLButtonElement>("button[name=alert]")];
    expect(taps.every((tap) => tap.getAttribute("form") === "match-alert-me" && tap.type === "submit")).toBe(true);
    expect(taps.map((tap) => tap.value)).toContain("move:10");
    expect(taps.map((tap) => tap.value)).toContain("target:1:1:1.84");
  });
});

describe("Alert me on the betslip", () => {
  it("follows the saved slip, its best payout moving by 10 %, in one tap", async () => {
    const api = stubApi({ "GET /api/users/betslip": { data: betslipFixture([legView()]) }, [CREATE]: created });
    renderPage({ path: "betslip", Component: BetslipPage, loader: betslipLoader, now: NOW });
    const user = userEvent.setup();
    const tap = await screen.findByRole("button", { name: "Alert me when this slip's best payout moves 10%" });
    await user.click(tap);
    await waitFor(() => expect(tap.parentElement!.textContent).toContain(ALERT_SET_MESSAGE));
    expect(api.callsTo(CREATE).map((c) => c.body)).toEqual([{ kind: "slip", threshold: 10, channels: [] }]);
  });

  it("offers none for an empty slip", async () => {
    stubApi({});
    renderPage({ path: "betslip", Component: BetslipPage, loader: betslipLoader, now: NOW });
    expect(await screen.findByText("Your betslip is empty.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Alert me/ })).toBeNull();
  });
});

describe("Alert me on sure bets", () => {
  const none: Reply = { data: { sureBets: [], updatedAt: "2026-11-22T11:59:50.000Z" } satisfies SureBets };

  it.each([
    ["/sure-bets?min=2", 2],
    ["/sure-bets", 1],
  ])("follows new sure bets over the list's chosen least profit, or 1 % (%s)", async (url, profit) => {
    const api = stubApi({ "GET /api/odds/sure-bets?country=1": none, [CREATE]: created });
    renderPage({ path: "sure-bets", url, Component: SureBetsPage, loader: sureLoader, shouldRevalidate: sureRevalidate, now: NOW });
    const user = userEvent.setup();
    const tap = await screen.findByRole("button", { name: `Alert me to new sure bets over ${profit}% profit` });
    await user.click(tap);
    await waitFor(() => expect(tap.parentElement!.textContent).toContain(ALERT_SET_MESSAGE));
    expect(api.callsTo(CREATE).map((c) => c.body)).toEqual([{ kind: "sure", threshold: profit, channels: [] }]);
  });
});
