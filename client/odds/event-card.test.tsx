import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { FLAGS } from "#shared/reference.ts";
import { EventCard, STARTED_CARD_NOTE } from "./event-card.tsx";
import { market, oddsEvent, providerOdds, resetApp, stubApi, USER } from "../../tests/client/harness.tsx";
import { betslipFixture, leg, legView } from "../../tests/client/betslip-fixtures.ts";
import { useBetslip } from "../betslip/store.ts";
import { useSession } from "../session/store.ts";

// Far from the real clock, so a card that ignored `now` would fail.
const NOW = Date.parse("2030-03-10T10:00:00Z"); // Sunday, 11:00 in Lagos
const LAGOS = "Africa/Lagos";
/** That afternoon's kick-off: a live card before it offers the betslip. */
const KICKOFF = "2030-03-10T15:00:00.000Z";

afterEach(cleanup);

function renderCard(event = oddsEvent(), timeZone = LAGOS) {
  return render(<EventCard event={event} timeZone={timeZone} now={NOW} />);
}

/** The cells of one bookmaker's row, after its row header. */
function rowCells(bookmaker: string) {
  const row = screen.getByRole("rowheader", { name: bookmaker }).closest("tr");
  if (!row) throw new Error(`no row for ${bookmaker}`);
  return within(row).getAllByRole("cell");
}

describe("EventCard", () => {
  it("names the event and labels each table with the event and market", () => {
    renderCard();
    expect(screen.getByRole("heading", { name: "Arsenal vs Chelsea" })).toBeTruthy();
    expect(screen.getByRole("table", { name: "Arsenal vs Chelsea, 1X2 (Match Result)" })).toBeTruthy();
  });

  it("has a column per selection of the market plus Ov", () => {
    renderCard(
      oddsEvent({
        markets: [
          market(4, [
            providerOdds(2, [
              [8, 1.8],
              [9, 2.05],
            ]),
          ]),
        ],
      }),
    );
    const headers = screen.getAllByRole("columnheader").map((th) => th.textContent);
    expect(headers).toEqual(["Bookmaker", "Over 2.5", "Under 2.5", "Ov"]);
  });

  it("prints odds to 2 decimals and '-' for a selection the bookmaker does not price", () => {
    renderCard(
      oddsEvent({
        markets: [
          market(1, [
            providerOdds(1, [
              [1, 2.1],
              [3, 1.5],
            ]),
          ]),
        ],
      }),
    );
    expect(rowCells("Bet9ja").map((td) => td.textContent)).toEqual(["2.10", "-", "1.50", "5.50%"]);
  });

  it("keeps the bookmakers' order and names an unknown one 'Provider N'", () => {
    renderCard(oddsEvent({ markets: [market(1, [providerOdds(3, [[1, 2]]), providerOdds(9, [[1, 2.2]])])] }));
    expect(screen.getAllByRole("rowheader").map((th) => th.textContent)).toEqual(["SportyBet", "Provider 9"]);
  });

  it.each([
    [4.99, "4.99%", "is-primary"],
    [5, "5.00%", "is-primary"],
    [5.01, "5.01%", "is-warning"],
    [10, "10.00%", "is-warning"],
    [10.01, "10.01%", "is-danger"],
  ])("shows a margin of %s as %s in an %s tag", (margin, text, colour) => {
    renderCard(
      oddsEvent({
        markets: [
          market(1, [
            providerOdds(
              1,
              [
                [1, 2],
                [2, 3],
                [3, 4],
              ],
              margin,
            ),
          ]),
        ],
      }),
    );
    const tag = screen.getByText(text);
    expect(tag.classList.contains("tag")).toBe(true);
    expect(tag.classList.contains(colour)).toBe(true);
  });

  it("gives each row heading its margin and tag colour for a 240 px screen, where it shows under the name, and none when unknown", () => {
    renderCard(oddsEvent({ markets: [market(1, [providerOdds(1, [[1, 2]], 5.01), providerOdds(2, [[1, 2]], null)])] }));
    const [bet9ja, betking] = screen.getAllByRole("rowheader");
    expect(bet9ja?.dataset).toMatchObject({ margin: "5.01%", marginLevel: "warning" });
    expect(betking?.hasAttribute("data-margin")).toBe(false);
    expect(betking?.hasAttribute("data-margin-level")).toBe(false);
  });

  it("shows '-' without a tag when the margin is unknown", () => {
    const { container } = renderCard(oddsEvent({ markets: [market(1, [providerOdds(1, [[1, 2]], null)])] }));
    expect(rowCells("Bet9ja").at(-1)?.textContent).toBe("-");
    expect(container.querySelector(".tag")).toBeNull();
  });

  it("marks best odds bold with accessible text and leaves plain odds plain", () => {
    renderCard(
      oddsEvent({
        markets: [
          market(1, [
            providerOdds(1, [
              [1, 2.1, FLAGS.Best],
              [2, 3.4],
              [3, 3.2],
            ]),
          ]),
        ],
      }),
    );
    const [best, plain] = rowCells("Bet9ja");
    expect(best?.classList.contains("odds-best")).toBe(true);
    expect(best?.textContent).toBe("2.10 best odds");
    expect(plain?.className).toBe("");
    expect(within(plain as HTMLElement).queryByRole("img")).toBeNull();
  });

  it.each([
    ["odds increased", FLAGS.Increased],
    ["odds decreased", FLAGS.Decreased],
    ["boosted odds", FLAGS.Boosted],
  ])("shows an icon named '%s' for its flag only", (name, flag) => {
    renderCard(
      oddsEvent({
        markets: [
          market(1, [
            providerOdds(1, [
              [1, 2.1, flag],
              [2, 3.4],
              [3, 3.2],
            ]),
          ]),
        ],
      }),
    );
    const [flagged] = rowCells("Bet9ja");
    expect(
      within(flagged as HTMLElement)
        .getAllByRole("img")
        .map((img) => img.getAttribute("aria-label")),
    ).toEqual([name]);
    expect(flagged?.classList.contains("odds-best")).toBe(false);
  });

  it("combines flags: best, increased and boosted in one cell", () => {
    renderCard(
      oddsEvent({
        markets: [market(1, [providerOdds(1, [[1, 2.1, FLAGS.Best | FLAGS.Increased | FLAGS.Boosted]])])],
      }),
    );
    const [cell] = rowCells("Bet9ja");
    expect(cell?.classList.contains("odds-best")).toBe(true);
    const icons = within(cell as HTMLElement)
      .getAllByRole("img")
      .map((img) => img.getAttribute("aria-label"));
    expect(icons).toEqual(["odds increased", "boosted odds"]);
  });

  it.each([
    ["2030-03-10T15:00:00Z", "Today • 16:00"],
    ["2030-03-10T23:30:00Z", "Tomorrow • 00:30"],
    ["2030-03-11T19:45:00Z", "Tomorrow • 20:45"],
    ["2030-03-13T18:00:00Z", "Wednesday 13th March • 19:00"],
  ])("labels a kick-off at %s as '%s' in Lagos", (date, label) => {
    renderCard(oddsEvent({ date }));
    expect(screen.getByText(label).getAttribute("datetime")).toBe(date);
  });

  it("measures the kick-off in the time zone it is given", () => {
    renderCard(oddsEvent({ date: "2030-03-10T23:30:00Z" }), "UTC");
    expect(screen.getByText("Today • 23:30")).toBeTruthy();
  });

  it("leaves out a market without any bookmaker", () => {
    renderCard(
      oddsEvent({
        markets: [
          market(1, []),
          market(7, [
            providerOdds(1, [
              [14, 1.7],
              [15, 2.1],
            ]),
          ]),
        ],
      }),
    );
    expect(screen.getAllByRole("table").map((t) => t.querySelector("caption")?.textContent)).toEqual([
      "Arsenal vs Chelsea, BTTS (Both Teams to Score)",
    ]);
  });

  it("links a live card's title to its match page", () => {
    render(
      <MemoryRouter>
        <EventCard event={oddsEvent({ id: "c1:ars-che" })} timeZone={LAGOS} now={NOW} clock={{ now: NOW }} />
      </MemoryRouter>,
    );
    const heading = screen.getByRole("heading", { name: "Arsenal vs Chelsea" });
    expect(within(heading).getByRole("link", { name: "Arsenal vs Chelsea" }).getAttribute("href")).toBe("/match/c1%3Aars-che");
  });

  it("gives the public preview's title no link: the match page needs a login", () => {
    renderCard();
    expect(screen.queryByRole("link")).toBeNull();
  });
});

describe("a live card's betslip buttons", () => {
  afterEach(resetApp);

  function renderLive(event = oddsEvent({ id: "c1:ars-che", date: KICKOFF })) {
    useSession.setState({ user: USER, loading: false });
    render(
      <MemoryRouter>
        <EventCard event={event} timeZone={LAGOS} now={NOW} clock={{ now: NOW }} />
      </MemoryRouter>,
    );
  }

  it("turns each selection's heading into a toggle named for what a tap does, keeping the heading's words", async () => {
    stubApi();
    renderLive();
    const home = await screen.findByRole("button", { name: "Add Arsenal vs Chelsea, 1X2 (Match Result): Home to betslip" });
    expect(home.getAttribute("aria-pressed")).toBe("false");
    expect(screen.getAllByRole("button", { name: /to betslip$/ })).toHaveLength(3);
    expect(screen.getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["Bookmaker", "Home", "Draw", "Away", "Ov"]);
    expect(home.closest("th")?.getAttribute("abbr")).toBe("Home");
    expect(home.querySelector("svg.slip-tick")).toBeNull();
  });

  it("adds the selection in one tap, marks it, and saves it; a second tap removes it", async () => {
    const api = stubApi({
      "POST /api/users/betslip/selections": { data: betslipFixture([legView(leg({ eventId: "c1:ars-che", selectionTypeId: 2 }))]) },
      "DELETE /api/users/betslip/selections/c1%3Aars-che/1/2": { data: betslipFixture([]) },
    });
    renderLive();
    const user = userEvent.setup();

    await user.click(await screen.findByRole("button", { name: "Add Arsenal vs Chelsea, 1X2 (Match Result): Draw to betslip" }));

    const draw = await screen.findByRole("button", { name: "Remove Arsenal vs Chelsea, 1X2 (Match Result): Draw from betslip" });
    expect(draw.getAttribute("aria-pressed")).toBe("true");
    expect(draw.classList.contains("is-on-slip")).toBe(true);
    expect(draw.querySelector("svg.slip-tick")).not.toBeNull();
    await waitFor(() => expect(api.callsTo("POST /api/users/betslip/selections").map((c) => c.body)).toEqual([{ eventId: "c1:ars-che", marketId: 1, selectionTypeId: 2 }]));

    await user.click(draw);

    const again = await screen.findByRole("button", { name: "Add Arsenal vs Chelsea, 1X2 (Match Result): Draw to betslip" });
    expect(again.getAttribute("aria-pressed")).toBe("false");
    await waitFor(() => expect(api.callsTo("DELETE /api/users/betslip/selections/c1%3Aars-che/1/2")).toHaveLength(1));
  });

  it("shows a selection already on the user's slip as pressed", async () => {
    stubApi({ "GET /api/users/betslip": { data: betslipFixture([legView(leg({ eventId: "c1:ars-che", selectionTypeId: 3 }))]) } });
    await useBetslip.getState().load(USER.id);
    renderLive();
    expect((await screen.findByRole("button", { name: "Remove Arsenal vs Chelsea, 1X2 (Match Result): Away from betslip" })).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("button", { name: /Home to betslip$/ }).getAttribute("aria-pressed")).toBe("false");
  });

  it("offers no betslip buttons on the public preview", () => {
    renderCard();
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByRole("columnheader", { name: "Home" }).hasAttribute("abbr")).toBe(false);
  });
});

describe("a live card at kick-off", () => {
  afterEach(resetApp);

  it("turns 'Started' at the kick-off instant: the toggles go, the last prices stay, and it says so once", async () => {
    stubApi();
    useSession.setState({ user: USER, loading: false });
    const soon = new Date(NOW + 300).toISOString();
    render(
      <MemoryRouter>
        <EventCard event={oddsEvent({ id: "c1:ars-che", date: soon })} timeZone={LAGOS} now={NOW} clock={{ now: NOW }} />
      </MemoryRouter>,
    );
    expect(await screen.findAllByRole("button", { name: /to betslip$/ }, { timeout: 10_000 })).toHaveLength(3);
    expect(screen.queryByText("Started")).toBeNull();

    expect(await screen.findByText("Started", {}, { timeout: 3_000 })).toBeTruthy();
    expect(screen.queryAllByRole("button", { name: /to betslip$/ })).toHaveLength(0);
    expect(screen.getAllByText(STARTED_CARD_NOTE)).toHaveLength(1);
    expect(rowCells("Bet9ja").map((cell) => cell.textContent)).toEqual(["2.10", "3.40", "3.25", expect.any(String)]);
  });

  it("is 'Started' from the first render when the page opens after kick-off, and the public preview never is", () => {
    render(
      <MemoryRouter>
        <EventCard event={oddsEvent({ date: "2030-03-10T09:00:00.000Z" })} timeZone={LAGOS} now={NOW} clock={{ now: NOW }} />
      </MemoryRouter>,
    );
    expect(screen.getByText("Started")).toBeTruthy();
    cleanup();
    renderCard(oddsEvent({ date: "2030-03-10T09:00:00.000Z" }));
    expect(screen.queryByText("Started")).toBeNull();
  });
});
