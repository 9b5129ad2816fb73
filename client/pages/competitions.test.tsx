import { afterEach, describe, expect, it } from "vitest";
import { fireEvent, screen, within } from "@testing-library/react";
import type { CompetitionEntry, CompetitionList } from "#shared/contract.ts";
import { errorReply, renderPage, resetApp, stubApi } from "../../tests/client/harness.tsx";
import { CompetitionsPage, COMPETITIONS_FAILED_MESSAGE, loader, NO_COMPETITIONS_MESSAGE, noCompetitionFound } from "./competitions.tsx";

const COMPETITIONS = "GET /api/odds/competitions?country=1";
const entry = (id: number, name: string, regionId: number | null, upcoming: number, books: number[] = [1, 3]): CompetitionEntry => ({
  id,
  name,
  regionId,
  kind: "league",
  upcoming,
  nextKickoff: "2026-11-22T15:00:00.000Z",
  books,
});
const LIST: CompetitionList = {
  competitions: [
    entry(10_001, "UEFA Champions League", 900, 16, [1, 2, 3, 4, 5]),
    entry(1, "Premier League (ENG)", 10, 10, [1, 2, 3, 4, 5]),
    entry(10_002, "Championship", 10, 12),
    entry(10_003, "Eredivisie", 20, 1, [2]),
    entry(10_004, "NPFL", 30, 6, [1, 3, 4]),
    entry(10_005, "Club Friendlies", null, 3),
  ],
  regions: [
    { id: 10, code: "ENG", name: "England", parentId: 900 },
    { id: 20, code: "NED", name: "Netherlands", parentId: 900 },
    { id: 30, code: "NGA", name: "Nigeria", parentId: 901 },
    { id: 900, code: "UEFA", name: "Europe", parentId: null },
  ],
  updatedAt: "2026-11-22T12:00:00.000Z",
};

afterEach(resetApp);

function renderPicker(url = "/competitions") {
  return renderPage({ path: "competitions", url, Component: CompetitionsPage, loader });
}

const entryNames = (list: HTMLElement) => within(list).getAllByRole("link").map((link) => link.textContent);

describe("the competition picker", () => {
  it("lists the favourites first, each with its upcoming matches and books, linking to its page", async () => {
    stubApi({ [COMPETITIONS]: { data: LIST } });
    renderPicker();
    const favourites = await screen.findByRole("list", { name: "Favourite competitions" });
    expect(entryNames(favourites)).toEqual(["Premier League (ENG)", "UEFA Champions League"]);
    const premier = within(favourites).getAllByRole("listitem")[0]!;
    expect(premier.textContent).toBe("Premier League (ENG)10 matches · Bet9ja, BetKing, Sporty, Naira, 1xBet");
    expect(within(premier).getByRole("link").getAttribute("href")).toBe("/competitions/1");
  });

  it("groups the others by region, folded, Other last", async () => {
    stubApi({ [COMPETITIONS]: { data: LIST } });
    const { container } = renderPicker();
    await screen.findByRole("list", { name: "Favourite competitions" });
    const regions = [...container.querySelectorAll("details")];
    expect(regions.map((region) => region.querySelector("summary")!.textContent)).toEqual(["England (1)", "Netherlands (1)", "Nigeria (1)", "Other (1)"]);
    expect(regions.every((region) => !region.open)).toBe(true);
    const netherlands = within(regions[1]!).getByRole("list", { name: "Competitions in Netherlands" });
    expect(netherlands.textContent).toBe("Eredivisie1 match · BetKing");
    expect(within(netherlands).getByRole("link").getAttribute("href")).toBe("/competitions/10003");
  });

  it("filters on the server by the URL's q, opening the regions it found, and says when nothing matches", async () => {
    stubApi({ [COMPETITIONS]: { data: LIST } });
    const { container } = renderPicker("/competitions?q=nigeria");
    expect(await screen.findByRole("list", { name: "Competitions in Nigeria" })).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Favourite competitions" })).toBeNull();
    const regions = [...container.querySelectorAll("details")];
    expect(regions).toHaveLength(1);
    expect(regions[0]!.open).toBe(true);
    expect((screen.getByRole("searchbox", { name: "Find a competition or country" }) as HTMLInputElement).value).toBe("nigeria");
    const form = screen.getByRole("search");
    expect(form.getAttribute("method")).toBe("get");
    expect(form.getAttribute("action")).toBe("/competitions");

    resetApp();
    stubApi({ [COMPETITIONS]: { data: LIST } });
    renderPicker("/competitions?q=zanzibar");
    expect(await screen.findByText(noCompetitionFound("zanzibar"))).toBeTruthy();
  });

  it("narrows the list as the bettor types, with the app running", async () => {
    stubApi({ [COMPETITIONS]: { data: LIST } });
    renderPicker();
    await screen.findByRole("list", { name: "Favourite competitions" });
    fireEvent.change(screen.getByRole("searchbox", { name: "Find a competition or country" }), { target: { value: "champ" } });
    expect(entryNames(screen.getByRole("list", { name: "Favourite competitions" }))).toEqual(["UEFA Champions League"]);
    expect(entryNames(screen.getByRole("list", { name: "Competitions in England" }))).toEqual(["Championship"]);
    expect(screen.queryByRole("list", { name: "Competitions in Nigeria" })).toBeNull();
  });

  it("says so when no competition has upcoming matches, or the list fails", async () => {
    stubApi({ [COMPETITIONS]: { data: { competitions: [], regions: [], updatedAt: "2026-11-22T12:00:00.000Z" } } });
    renderPicker();
    expect(await screen.findByText(NO_COMPETITIONS_MESSAGE)).toBeTruthy();
    resetApp();
    stubApi({ [COMPETITIONS]: errorReply(503, "UPSTREAM_UNAVAILABLE") });
    renderPicker();
    expect((await screen.findByRole("alert")).textContent).toContain(COMPETITIONS_FAILED_MESSAGE);
  });
});
