import { afterEach, describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import type { CompetitionList } from "#shared/contract.ts";
import { errorReply, market, oddsEvent, providerOdds, renderPage, resetApp, stubApi } from "../../tests/client/harness.tsx";
import { CompetitionPage, COMPETITION_FAILED_MESSAGE, loader, NO_COMPETITION_MATCHES_MESSAGE, NOT_LISTED_MESSAGE } from "./competition.tsx";

const NOW = Date.parse("2026-11-22T12:00:00Z");
const COMPETITIONS = "GET /api/odds/competitions?country=1";
const LIST: CompetitionList = {
  competitions: [
    { id: 2, name: "La Liga (ESP)", regionId: 20, kind: "league", upcoming: 10, nextKickoff: "2026-11-22T15:00:00.000Z", books: [1, 2, 3, 4, 5] },
    { id: 10_042, name: "Eredivisie", regionId: 30, kind: "league", upcoming: 2, nextKickoff: "2026-11-22T13:30:00.000Z", books: [2, 3] },
  ],
  regions: [
    { id: 20, code: "ESP", name: "Spain", parentId: null },
    { id: 30, code: "NED", name: "Netherlands", parentId: null },
  ],
  updatedAt: "2026-11-22T12:00:00.000Z",
};

afterEach(resetApp);

function renderCompetition(url: string) {
  return renderPage({ path: "competitions/:id", url, Component: CompetitionPage, loader, now: NOW });
}

describe("one competition's page", () => {
  it("shows a learnt competition's matches with a price in the market, each with its best prices, read once", async () => {
    const odds = "GET /api/odds?country=1&competition=10042&market=7";
    const api = stubApi({
      [COMPETITIONS]: { data: LIST },
      [odds]: {
        data: {
          events: [
            oddsEvent({ id: "sr:5", home: "Ajax", away: "PSV", competitionId: 10_042, markets: [market(7, [providerOdds(2, [[14, 1.7], [15, 2.05]]), providerOdds(3, [[14, 1.75], [15, 2.0]])])] }),
            oddsEvent({ id: "sr:6", home: "Twente", away: "Utrecht", competitionId: 10_042, markets: [market(1, [providerOdds(2, [[1, 2.0], [2, 3.3], [3, 3.6]])])] }),
          ],
          updatedAt: "2026-11-22T12:00:00.000Z",
        },
      },
    });
    renderCompetition("/competitions/10042?market=7");
    const list = await screen.findByRole("list", { name: "Eredivisie matches" });
    expect(api.callsTo(odds)).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Eredivisie");
    expect(document.title).toBe("Eredivisie (Netherlands) odds | AfriOdds");
    expect(screen.getByText(/^Netherlands\. The best BTTS/)).toBeTruthy();
    const matches = within(list).getAllByRole("listitem").filter((item) => item.parentElement === list);
    expect(matches).toHaveLength(1);
    expect(within(matches[0]!).getByRole("link", { name: "Ajax v PSV" }).getAttribute("href")).toBe("/match/sr%3A5");
    expect(within(matches[0]!).getAllByRole("listitem").map((item) => item.textContent)).toEqual(["Yes 1.75 SportyBet", "No 2.05 BetKing"]);
    expect(screen.getByText(/they do not update by themselves/).textContent).toMatch(/^Prices as of \d\d:\d\d:\d\d GMT\+1 \(Lagos\)/);
    expect(screen.getByRole("link", { name: "Refresh prices" }).getAttribute("href")).toBe("/competitions/10042?market=7");
    expect(screen.queryByRole("link", { name: /on the dashboard/ })).toBeNull();
    expect((screen.getByLabelText("Market") as HTMLSelectElement).closest("form")!.getAttribute("action")).toBe("/competitions/10042");
  });

  it("links one of the four leagues to the dashboard, where its prices update live, and says when no match has a price", async () => {
    stubApi({ [COMPETITIONS]: { data: LIST }, "GET /api/odds?country=1&competition=2&market=1": { data: { events: [], updatedAt: "2026-11-22T12:00:00.000Z" } } });
    renderCompetition("/competitions/2");
    expect(await screen.findByText(NO_COMPETITION_MATCHES_MESSAGE)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Live odds for this league on the dashboard" }).getAttribute("href")).toBe("/dashboard?league=2&market=1");
  });

  it("says a competition not in the list has no upcoming matches, without asking for its odds", async () => {
    const api = stubApi({ [COMPETITIONS]: { data: LIST } });
    renderCompetition("/competitions/99999");
    expect(await screen.findByText(NOT_LISTED_MESSAGE, { exact: false })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Choose a competition" }).getAttribute("href")).toBe("/competitions");
    expect(api.calls.filter((call) => call.path.startsWith("/api/odds?"))).toEqual([]);
  });

  it("says the odds failed to load when the list or the odds fail", async () => {
    stubApi({ [COMPETITIONS]: { data: LIST }, "GET /api/odds?country=1&competition=10042&market=1": errorReply(503, "UPSTREAM_UNAVAILABLE") });
    renderCompetition("/competitions/10042");
    expect((await screen.findByRole("alert")).textContent).toContain(COMPETITION_FAILED_MESSAGE);
  });
});
