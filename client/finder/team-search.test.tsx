import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider, useParams, useSearchParams } from "react-router";
import type { EventHeading } from "#shared/contract.ts";
import { jsonResponse } from "../../tests/client/harness.tsx";
import { SEARCH_FAILED_MESSAGE, TeamSearch } from "./team-search.tsx";

const NOW = Date.parse("2026-11-22T12:00:00Z");

function heading(id: string, home: string, away: string, date = "2026-11-22T15:00:00.000Z"): EventHeading {
  return { id, name: `${home} vs ${away}`, home, away, date, competitionId: 1 };
}

const SPURS = heading("c1:tot-ars", "Tottenham Hotspur", "Arsenal");
const SPURS_AWAY = heading("c1:che-tot", "Chelsea", "Tottenham Hotspur", "2026-11-29T17:30:00.000Z");
const ARSENAL = heading("c1:ars-liv", "Arsenal", "Liverpool");

/** The web tier's search behind fetch: each question answered by `answer` (a Response, or a promise of one). */
function stubSearch(answer: (q: string) => Response | Promise<Response>) {
  const asked: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      const url = new URL(input, "http://localhost");
      if (url.pathname !== "/api/odds/search") return jsonResponse({ error: { code: "NOT_FOUND", description: input } }, 404);
      const q = url.searchParams.get("q") ?? "";
      asked.push(q);
      return answer(q);
    }),
  );
  return asked;
}

const found = (...events: EventHeading[]) => jsonResponse({ data: { events } });

function MatchPage() {
  return <h1>Match {useParams().id}</h1>;
}

function SearchPage() {
  return <h1>Search {useSearchParams()[0].get("q")}</h1>;
}

function renderSearch() {
  const router = createMemoryRouter(
    [
      { path: "/dashboard", element: <TeamSearch timeZone="Africa/Lagos" now={NOW} /> },
      { path: "/match/:id", element: <MatchPage /> },
      { path: "/search", element: <SearchPage /> },
    ],
    { initialEntries: ["/dashboard"] },
  );
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup(), input: screen.getByRole("combobox", { name: "Search a team" }) };
}

const options = () => screen.queryAllByRole("option");
const liveRegion = () => document.querySelector('[aria-live="polite"]')!;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("TeamSearch", () => {
  it("is a labelled search field that shows matching matches as the user types, once typing pauses", async () => {
    const asked = stubSearch((q) => (q === "spurs" ? found(SPURS, SPURS_AWAY) : found()));
    const { input, user } = renderSearch();
    expect(input.getAttribute("type")).toBe("search");
    // The API answers 400 beyond 100 characters.
    expect(input.getAttribute("maxlength")).toBe("100");

    await user.type(input, "spurs");
    await waitFor(() => expect(options()).toHaveLength(2));
    expect(asked).toEqual(["spurs"]);
    expect(options().map((o) => o.textContent)).toEqual(["Tottenham Hotspur v ArsenalToday • 16:00", "Chelsea v Tottenham HotspurSunday 29th November • 18:30"]);
    expect(options()[0]!.getAttribute("href")).toBe("/match/c1%3Atot-ars");
    expect(input.getAttribute("aria-expanded")).toBe("true");
    expect(liveRegion().textContent).toBe("2 matches found.");
    // Heard, not seen: the listbox shows the matches.
    expect(liveRegion().className).toBe("visually-hidden");
  });

  it("asks nothing for fewer than two characters, and says when nothing matches", async () => {
    const asked = stubSearch(() => found());
    const { input, user } = renderSearch();
    await user.type(input, " s ");
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(asked).toEqual([]);

    await user.type(input, "zz");
    await waitFor(() => expect(liveRegion().textContent).toBe('No match for "s zz".'));
    expect(screen.getByText('No match for "s zz".')).toBe(liveRegion());
    expect(liveRegion().className).toBe("finder-search-note");
    expect(options()).toHaveLength(0);
    expect(input.getAttribute("aria-expanded")).toBe("false");
  });

  it("ignores an answer that arrives after a newer question's", async () => {
    let answerFirst: (response: Response) => void = () => undefined;
    const asked = stubSearch((q) => (q === "ar" ? new Promise<Response>((resolve) => (answerFirst = resolve)) : found(ARSENAL)));
    const { input, user } = renderSearch();

    await user.type(input, "ar");
    await waitFor(() => expect(asked).toEqual(["ar"]));
    await user.type(input, "s");
    await waitFor(() => expect(options()).toHaveLength(1));
    await act(async () => answerFirst(found(SPURS, SPURS_AWAY)));
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(asked).toEqual(["ar", "ars"]);
    expect(options().map((o) => o.textContent)).toEqual(["Arsenal v LiverpoolToday • 16:00"]);
    expect(liveRegion().textContent).toBe("1 match found.");
  });

  it("moves through the results with the arrow keys and opens the active one with Enter", async () => {
    stubSearch(() => found(SPURS, SPURS_AWAY, ARSENAL));
    const { input, user, router } = renderSearch();
    await user.type(input, "tot");
    await waitFor(() => expect(options()).toHaveLength(3));
    expect(input.getAttribute("aria-activedescendant")).toBeNull();

    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(input.getAttribute("aria-activedescendant")).toBe(options()[1]!.id);
    expect(options().map((o) => o.getAttribute("aria-selected"))).toEqual(["false", "true", "false"]);
    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(input.getAttribute("aria-activedescendant")).toBe(options()[0]!.id);
    await user.keyboard("{ArrowUp}");
    expect(input.getAttribute("aria-activedescendant")).toBe(options()[2]!.id);
    expect(document.activeElement).toBe(input);

    await user.keyboard("{Enter}");
    expect(await screen.findByRole("heading", { name: "Match c1:ars-liv" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/match/c1%3Aars-liv");
  });

  it("opens the first result with Enter when none is active, and a tapped result too", async () => {
    stubSearch(() => found(SPURS, SPURS_AWAY));
    const first = renderSearch();
    await first.user.type(first.input, "spurs");
    await waitFor(() => expect(options()).toHaveLength(2));
    await first.user.keyboard("{Enter}");
    expect(await screen.findByRole("heading", { name: "Match c1:tot-ars" })).toBeTruthy();
    cleanup();

    const second = renderSearch();
    await second.user.type(second.input, "spurs");
    await waitFor(() => expect(options()).toHaveLength(2));
    await second.user.click(options()[1]!);
    expect(await screen.findByRole("heading", { name: "Match c1:che-tot" })).toBeTruthy();
  });

  it("is a search form: Enter with no list shown opens the search page for the text, and nothing for one letter", async () => {
    // No answer ever comes: the list never shows, however long the typing takes.
    stubSearch(() => new Promise<Response>(() => {}));
    const { input, user, router } = renderSearch();
    expect(input.closest("form")?.getAttribute("action")).toBe("/search");
    expect(input.getAttribute("name")).toBe("q");
    await user.type(input, "s{Enter}");
    expect(router.state.location.pathname).toBe("/dashboard");
    await user.type(input, "pu{Enter}");
    expect(await screen.findByRole("heading", { name: "Search spu" })).toBeTruthy();
  });

  it("clears the field and the results with Escape", async () => {
    stubSearch(() => found(SPURS));
    const { input, user } = renderSearch();
    await user.type(input, "spurs");
    await waitFor(() => expect(options()).toHaveLength(1));
    await user.keyboard("{ArrowDown}{Escape}");
    expect((input as HTMLInputElement).value).toBe("");
    expect(options()).toHaveLength(0);
    expect(input.getAttribute("aria-expanded")).toBe("false");
    expect(liveRegion().textContent).toBe("");
  });

  it("says briefly that search failed, and works again on the next question", async () => {
    stubSearch((q) => (q === "spurs" ? jsonResponse({ error: { code: "UPSTREAM_UNAVAILABLE", description: "Down", type: "upstream" } }, 502) : found(ARSENAL)));
    const { input, user } = renderSearch();
    await user.type(input, "spurs");
    expect(await screen.findByText(SEARCH_FAILED_MESSAGE)).toBe(liveRegion());
    expect(liveRegion().className).toContain("finder-search-note");
    expect(screen.queryByRole("alert")).toBeNull();

    await user.clear(input);
    await user.type(input, "arsenal");
    await waitFor(() => expect(options()).toHaveLength(1));
    expect(screen.queryByText(SEARCH_FAILED_MESSAGE)).toBeNull();
  });
});
