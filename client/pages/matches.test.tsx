import type { LoaderFunctionArgs } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { fireEvent, screen, within } from "@testing-library/react";
import type { NextOdds, NextQuery } from "#shared/contract.ts";
import { competitionName } from "#shared/reference.ts";
import { partialDataSource } from "../loaders/source.ts";
import type { ServerContext } from "../server-context.ts";
import { dayBounds } from "../board/board-day.ts";
import { errorReply, market, oddsEvent, providerOdds, renderPage, resetApp, stubApi, USER } from "../../tests/client/harness.tsx";
import { loader, MatchesPage, MATCHES_FAILED_MESSAGE, noMoreMatches } from "./matches.tsx";

const NOW = Date.now();
const ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The first page of a day as the browser's loader asks for it: from the day's start in the viewer's zone to the next. */
function firstPage(day: "today" | "tomorrow", market = 1) {
  const { from, until } = dayBounds(day, Date.now(), ZONE);
  return `GET /api/odds/next?country=1&market=${market}&after=${encodeURIComponent(`${from}~`)}&until=${until}`;
}

/** A kick-off later today in the viewer's zone, `share` of the way from now to midnight: never tomorrow, whatever the hour the suite runs. */
const END_OF_TODAY = dayBounds("today", NOW, ZONE).until;
const laterToday = (share: number) => new Date(NOW + Math.floor((END_OF_TODAY - NOW) * share)).toISOString();
const PAGE: NextOdds = {
  events: [
    oddsEvent({ id: "sr:1", home: "Ajax", away: "PSV", competitionId: 10_042, competition: "Eredivisie (NED)", date: laterToday(1 / 3), markets: [market(1, [providerOdds(2, [[1, 2.05], [2, 3.5], [3, 3.6]]), providerOdds(3, [[1, 2.2], [2, 3.4]])])] }),
    oddsEvent({ id: "sr:2", home: "Arsenal", away: "Chelsea", competitionId: 1, date: laterToday(2 / 3), markets: [market(1, [providerOdds(1, [[1, 2.1], [2, 3.4], [3, 3.25]]), providerOdds(4, [[1, 2.1], [2, 3.3], [3, 3.2]])])] }),
  ],
  updatedAt: "2026-11-22T12:00:00.000Z",
  next: "1763830800000~sr:2",
};

afterEach(resetApp);

function renderMatches(url = "/matches") {
  return renderPage({ path: "matches", url, Component: MatchesPage, loader, now: NOW, timeZone: ZONE });
}

describe("the day's matches across every competition", () => {
  it("asks for the day from midnight in the bettor's zone until the next, and tomorrow's after it", async () => {
    const asked: NextQuery[] = [];
    const data = partialDataSource(
      { next: async (query) => (asked.push(query), { events: [], updatedAt: "" }) },
      () => Promise.reject(new Error("not asked")),
    );
    const now = Date.parse("2026-11-22T23:30:00Z");
    const context: ServerContext = { server: true, user: USER, timeZone: "Africa/Lagos", now, data };
    const run = (url: string) => loader({ context, request: new Request(`http://x${url}`), params: {} } as unknown as LoaderFunctionArgs);
    await run("/matches");
    await run("/matches?day=tomorrow&market=7");
    await run("/matches?after=1763942400000~sr%3A9&until=5");
    await run("/matches?after=nonsense");
    // Half past midnight in Lagos is the 23rd there: its day began at 23:00 UTC on the 22nd.
    expect(asked).toEqual([
      { country: 1, market: 1, after: `${Date.parse("2026-11-22T23:00:00Z")}~`, until: Date.parse("2026-11-23T23:00:00Z") },
      { country: 1, market: 7, after: `${Date.parse("2026-11-23T23:00:00Z")}~`, until: Date.parse("2026-11-24T23:00:00Z") },
      { country: 1, market: 1, after: "1763942400000~sr:9", until: Date.parse("2026-11-23T23:00:00Z") },
      { country: 1, market: 1, after: `${Date.parse("2026-11-22T23:00:00Z")}~`, until: Date.parse("2026-11-23T23:00:00Z") },
    ]);
  });

  it("lists each match by kick-off with its competition, a link to its match page and each outcome's best price and book", async () => {
    stubApi({ [firstPage("today")]: { data: PAGE } });
    renderMatches();
    const list = await screen.findByRole("list", { name: "Today's matches" });
    const matches = within(list).getAllByRole("listitem").filter((item) => item.parentElement === list);
    expect(matches).toHaveLength(2);
    const ajax = within(matches[0]!);
    expect(ajax.getByRole("link", { name: "Ajax v PSV" }).getAttribute("href")).toBe("/match/sr%3A1");
    // Named as the answer names it beyond the four (docs/design.md, Competition names), and one of the four by its own name.
    expect(matches[0]!.textContent).toContain("Eredivisie (NED) · Today");
    expect(matches[1]!.textContent).toContain(`${competitionName(1)} · Today`);
    const best = within(ajax.getByRole("list", { name: "Best prices: Ajax v PSV" }))
      .getAllByRole("listitem")
      .map((item) => item.textContent);
    expect(best).toEqual(["Home 2.20 SportyBet", "Draw 3.50 BetKing", "Away 3.60 BetKing"]);
    expect(matches[1]!.textContent).toContain("Premier League (ENG) · Today");
    // Two books print the best Home price alike: the first, and that another does.
    expect(within(matches[1]!).getAllByRole("listitem")[0]!.textContent).toBe("Home 2.10 Bet9ja +1 and 1 other");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Today's matches");
  });

  it("pages with a plain link carrying the API's cursor, and links back to the first page from a later one", async () => {
    const after = "1763830800000~sr:2";
    const later = `GET /api/odds/next?country=1&market=1&after=${encodeURIComponent(after)}&until=${dayBounds("today", Date.now(), ZONE).until}`;
    stubApi({ [firstPage("today")]: { data: PAGE }, [later]: { data: { events: [], updatedAt: "2026-11-22T12:00:00.000Z" } } });
    renderMatches();
    const more = await screen.findByRole("link", { name: "More matches" });
    expect(more.getAttribute("href")).toBe("/matches?day=today&market=1&after=1763830800000%7Esr%3A2");
    expect(screen.queryByRole("link", { name: "Back to the first matches" })).toBeNull();
    expect(screen.getByRole("link", { name: "Today" }).getAttribute("aria-current")).toBe("page");
    fireEvent.click(more);
    expect(await screen.findByText(noMoreMatches("today"))).toBeTruthy();
    expect(screen.queryByRole("link", { name: "More matches" })).toBeNull();
    expect(screen.getByRole("link", { name: "Back to the first matches" }).getAttribute("href")).toBe("/matches?day=today&market=1");
    // A later page is not the page the day's link leads to.
    expect(screen.getByRole("link", { name: "Today" }).getAttribute("aria-current")).toBeNull();
  });

  it("says there are no more matches when the day has none left, and offers tomorrow", async () => {
    stubApi({ [firstPage("today")]: { data: { events: [], updatedAt: "2026-11-22T12:00:00.000Z" } } });
    renderMatches();
    expect(await screen.findByText("No more matches today.")).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Today's matches" })).toBeNull();
    expect(screen.getByRole("link", { name: "Tomorrow" }).getAttribute("href")).toBe("/matches?day=tomorrow&market=1");
    expect(screen.getByRole("link", { name: "Today" }).getAttribute("aria-current")).toBe("page");
  });

  it("shows tomorrow's matches in the market of the URL, the choice a GET form of the page", async () => {
    stubApi({ [firstPage("tomorrow", 4)]: { data: { events: [], updatedAt: "2026-11-22T12:00:00.000Z" } } });
    renderMatches("/matches?day=tomorrow&market=4");
    expect(await screen.findByText(noMoreMatches("tomorrow"))).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Tomorrow's matches");
    const select = screen.getByLabelText("Market") as HTMLSelectElement;
    expect(select.value).toBe("4");
    expect(select.options).toHaveLength(8);
    const form = select.closest("form")!;
    expect(form.getAttribute("method")).toBe("get");
    expect(form.getAttribute("action")).toBe("/matches");
    expect((form.querySelector("input[type=hidden][name=day]") as HTMLInputElement).value).toBe("tomorrow");
  });

  it("says so when the page fails", async () => {
    stubApi({ [firstPage("today")]: errorReply(503, "UPSTREAM_UNAVAILABLE") });
    renderMatches();
    expect((await screen.findByRole("alert")).textContent).toContain(MATCHES_FAILED_MESSAGE);
  });
});
