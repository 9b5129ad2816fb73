import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import type { Betslip, BookingCode } from "#shared/contract.ts";
import { errorReply, heldReply, renderPage, resetApp, stubApi, type Reply } from "../../tests/client/harness.tsx";
import { betslipFixture, bookmakerSlipFixture, leg, legView } from "../../tests/client/betslip-fixtures.ts";
import { BetslipPage, loader } from "../pages/betslip.tsx";

const NOW = Date.parse("2026-11-22T12:00:00Z");
const GET = "GET /api/users/betslip";
const MINT = "POST /api/users/betslip/booking";

const HOME = leg();
const OVER = leg({ eventId: "c1:spurs-everton", marketId: 4, selectionTypeId: 8 });

/** Two selections priced by all five books; SportyBet pays most, then 1xBet, Bet9ja, NairaBet and BetKing. */
const FIVE_BOOKS: Betslip = betslipFixture(
  [
    legView(HOME, {
      prices: [1, 2, 3, 4, 5].map((provider) => ({ provider, value: 2 })),
      links: [
        { provider: 4, url: "https://nairabet.example/match/arsenal-chelsea", exact: true },
        { provider: 5, url: "https://1xbet.example/football", exact: false },
      ],
    }),
    legView(OVER, { prices: [1, 2, 3, 4, 5].map((provider) => ({ provider, value: 1.9 })), links: [] }),
  ],
  { bookmakers: [bookmakerSlipFixture(3, 4.2), bookmakerSlipFixture(5, 4.1), bookmakerSlipFixture(1, 4), bookmakerSlipFixture(4, 3.9), bookmakerSlipFixture(2, 3.8)] },
);

const MINTED: BookingCode = { provider: 3, code: "SB7Q2X", url: "https://www.sportybet.com/ng/?shareCode=SB7Q2X", legs: 2, expiresAt: "2026-11-22T15:00:00.000Z" };

afterEach(resetApp);

/** The browser's clipboard as this test wants it: after user-event's setup, which puts its own in place. */
function clipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(window.navigator, "clipboard", { value: { writeText }, configurable: true });
}

function renderSlip(replies: Record<string, Reply | Reply[]> = {}, slip: Betslip = FIVE_BOOKS) {
  const api = stubApi({ [GET]: { data: slip }, ...replies });
  renderPage({ path: "betslip", Component: BetslipPage, loader, now: NOW });
  return { api, user: userEvent.setup() };
}

async function bookItem(name: string): Promise<HTMLElement> {
  const region = await screen.findByRole("region", { name: "What each bookmaker pays" });
  const items = [...region.querySelectorAll<HTMLElement>(".slip-books > li")];
  const item = items.find((li) => li.querySelector(".slip-book-name")?.textContent === name);
  if (!item) throw new Error(`no ${name}`);
  return item;
}

describe("a booking code for the slip", () => {
  it("offers one at the three books that make them, the best payout's as the main button, and none at NairaBet and 1xBet", async () => {
    renderSlip();
    const sporty = await bookItem("SportyBet");

    expect(within(sporty).getByRole("button", { name: "Get booking code at SportyBet" }).className).toContain("is-primary");
    expect(within(await bookItem("Bet9ja")).getByRole("button", { name: "Get booking code at Bet9ja" }).className).not.toContain("is-primary");
    expect(within(await bookItem("BetKing")).getByRole("button", { name: "Get booking code at BetKing" }).className).not.toContain("is-primary");
    for (const [name, brand] of [["NairaBet", "NairaBet"], ["1xBet", "1xBet"]] as const) {
      const item = await bookItem(name);
      expect(within(item).queryByRole("button", { name: /^Get booking code/ })).toBeNull();
      expect(item.textContent).toContain(`${brand} has no booking code we can create.`);
    }
  });

  it("lists at NairaBet the selections to add by hand, each with its match page and the book's own page", async () => {
    const { user } = renderSlip();
    const naira = await bookItem("NairaBet");
    // A <details>, so it opens without JavaScript too (docs/design.md, Pages without JavaScript): its list is in the page, folded.
    const toggle = within(naira).getByText("Selections to add at NairaBet by hand");
    const fold = toggle.closest("details")!;
    expect(toggle.tagName).toBe("SUMMARY");
    expect(fold.open).toBe(false);

    await user.click(toggle);
    expect(fold.open).toBe(true);
    const items = within(within(naira).getByRole("list", { name: "Selections to add at NairaBet" })).getAllByRole("listitem");
    expect(items.map((li) => li.textContent)).toEqual([
      "Arsenal vs Chelsea1X2 (Match Result): Home at 2.00Open Arsenal vs Chelsea at NairaBet",
      "Tottenham vs EvertonOU2.5: Over 2.5 at 1.90",
    ]);
    expect(within(items[0]!).getByRole("link", { name: "Arsenal vs Chelsea" }).getAttribute("href")).toBe("/match/c1%3Aarsenal-chelsea");
    const book = within(items[0]!).getByRole("link", { name: "Open Arsenal vs Chelsea at NairaBet" });
    expect(book.getAttribute("href")).toBe("https://nairabet.example/match/arsenal-chelsea");
    expect(book.getAttribute("rel")).toBe("noopener noreferrer nofollow");
    expect(book.getAttribute("target")).toBe("_blank");

    const onex = await bookItem("1xBet");
    await user.click(within(onex).getByText("Selections to add at 1xBet by hand"));
    expect(within(onex).getByRole("link", { name: "1xBet's football page" }).getAttribute("href")).toBe("https://1xbet.example/football");
  });

  it("names a selection beyond the spec's eight in the by-hand list as the slip does, by the catalogue's names the answer carries (docs/design.md, Betslip)", async () => {
    // Over/Under 5.5, which NairaBet and 1xBet quote as well: the slip's answer names it.
    const beyond = legView(leg({ eventId: "c1:spurs-everton", marketId: 9, selectionTypeId: 19 }), {
      marketName: "OU5.5",
      selectionName: "Over 5.5",
      prices: [1, 2, 3, 4, 5].map((provider) => ({ provider, value: 7.5 })),
      links: [],
    });
    const slip = betslipFixture([FIVE_BOOKS.legs[0]!, beyond], { bookmakers: FIVE_BOOKS.bookmakers });
    const { user } = renderSlip({}, slip);
    const naira = await bookItem("NairaBet");
    await user.click(within(naira).getByText("Selections to add at NairaBet by hand"));
    const items = within(within(naira).getByRole("list", { name: "Selections to add at NairaBet" })).getAllByRole("listitem");
    expect(items[1]!.textContent).toBe("Tottenham vs EvertonOU5.5: Over 5.5 at 7.50");
    expect(naira.textContent).not.toMatch(/Market \d/);
  });

  it("says it is working while the code is made and checked, then shows the code, its link, its size and until when it works", async () => {
    const held = heldReply({ data: MINTED });
    const { api, user } = renderSlip({ [MINT]: held.reply });
    const sporty = await bookItem("SportyBet");
    await user.click(within(sporty).getByRole("button", { name: "Get booking code at SportyBet" }));

    expect(within(sporty).getByRole("status").textContent).toBe("Creating your code at SportyBet and checking it: this takes a few seconds...");
    expect((within(sporty).getByRole("button", { name: "Get booking code at SportyBet" }) as HTMLButtonElement).disabled).toBe(true);
    held.release();

    await within(sporty).findByText("SB7Q2X");
    expect(api.callsTo(MINT).map((c) => c.body)).toEqual([{ provider: 3 }]);
    expect(sporty.querySelector(".booking-minted-line")!.textContent).toBe("Your SportyBet code SB7Q2X");
    const open = within(sporty).getByRole("link", { name: "Open it at SportyBet" });
    expect(open.getAttribute("href")).toBe(MINTED.url);
    expect(open.getAttribute("target")).toBe("_blank");
    expect(open.getAttribute("rel")).toBe("noopener noreferrer nofollow");
    expect(sporty.textContent).toContain("Holds 2 selections. Usable until Today • 16:00, the first kick-off.");
  });

  it("names the slip's selections the code does not hold and why: another book's book-only market", async () => {
    const reason = "Arsenal vs Chelsea, 1X2 - 1UP: Home is only at SportyBet: not placeable at Bet9ja, add it at SportyBet.";
    const minted: BookingCode = { provider: 1, code: "5PTL8WL", url: null, legs: 1, expiresAt: null, notPlaced: [{ leg: { eventId: "c1:arsenal-chelsea", marketId: 52, selectionTypeId: 141 }, reason }] };
    const { user } = renderSlip({ [MINT]: { data: minted } });
    const bet9ja = await bookItem("Bet9ja");
    await user.click(within(bet9ja).getByRole("button", { name: "Get booking code at Bet9ja" }));

    await within(bet9ja).findByText("5PTL8WL");
    expect(bet9ja.textContent).toContain("Holds 1 selection.");
    expect(bet9ja.textContent).toContain("1 selection is not on this code");
    expect(within(within(bet9ja).getByRole("list", { name: "Selections not placeable at Bet9ja" })).getAllByRole("listitem").map((li) => li.textContent)).toEqual([reason]);
  });

  it("lists nothing as left out when the code holds every selection", async () => {
    const { user } = renderSlip({ [MINT]: { data: MINTED } });
    const sporty = await bookItem("SportyBet");
    await user.click(within(sporty).getByRole("button", { name: "Get booking code at SportyBet" }));
    await within(sporty).findByText("SB7Q2X");
    expect(within(sporty).queryByRole("list", { name: /not placeable/ })).toBeNull();
  });

  it("copies the code to the clipboard", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    const { user } = renderSlip({ [MINT]: { data: MINTED } });
    clipboard(writeText);
    const sporty = await bookItem("SportyBet");
    await user.click(within(sporty).getByRole("button", { name: "Get booking code at SportyBet" }));
    await user.click(await within(sporty).findByRole("button", { name: "Copy code" }));

    expect(writeText).toHaveBeenCalledWith("SB7Q2X");
    expect(within(sporty).getByRole("button", { name: "Copied" })).toBeTruthy();
    expect(within(sporty).getByRole("status").textContent).toBe("SB7Q2X copied.");
  });

  it("puts the code selected in a read-only field when the clipboard cannot be written", async () => {
    const { user } = renderSlip({ [MINT]: { data: { ...MINTED, url: null, expiresAt: null } } });
    clipboard(() => Promise.reject(new Error("denied")));
    const sporty = await bookItem("SportyBet");
    await user.click(within(sporty).getByRole("button", { name: "Get booking code at SportyBet" }));
    await user.click(await within(sporty).findByRole("button", { name: "Copy code" }));

    const field = (await within(sporty).findByLabelText("SportyBet booking code: select it and copy")) as HTMLInputElement;
    expect(field.readOnly).toBe(true);
    expect(field.value).toBe("SB7Q2X");
    // Focused and selected in an effect after the field renders: waited for, not read at once.
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, 6]);
    // No link without one from the API, no date without a kick-off.
    expect(within(sporty).queryByRole("link", { name: /Open it at/ })).toBeNull();
    expect(sporty.textContent).toContain("Holds 2 selections.");
    expect(sporty.textContent).not.toContain("Usable until");
  });

  it.each([
    [errorReply(503, "BOOKMAKER_UNAVAILABLE", "SportyBet is not answering us right now. Please try again in a few minutes."), "SportyBet is not answering us right now. Please try again in a few minutes."],
    [
      errorReply(502, "BOOKING_FAILED", "SportyBet did not keep every selection on the code it made, so we are not showing it. Please try again, or choose another bookmaker."),
      "SportyBet did not keep every selection on the code it made, so we are not showing it. Please try again, or choose another bookmaker.",
    ],
    [{ status: 502, error: { code: "BOOKING_FAILED", description: "" } } as Reply, "SportyBet did not give us a code with every selection of your slip, so we did not show one. Please try again, or add the selections by hand."],
    [{ ...(errorReply(429, "RATE_LIMIT_EXCEEDED") as object), headers: { "Retry-After": "120" } } as Reply, "Too many requests. Please try again in 2 minutes."],
    [errorReply(400, "VALIDATION_ERROR", "Your betslip has no selection that can be bet."), "Your betslip has no selection that can be bet."],
    [errorReply(400, "BOOKING_UNSUPPORTED"), "SportyBet has no booking code we can create."],
  ])("says why no code came, as an alert, and lets the bettor try again (%#)", async (reply, message) => {
    const { user } = renderSlip({ [MINT]: [reply, { data: MINTED }] });
    const sporty = await bookItem("SportyBet");
    await user.click(within(sporty).getByRole("button", { name: "Get booking code at SportyBet" }));

    expect((await within(sporty).findByRole("alert")).textContent).toBe(message);
    expect(within(sporty).queryByText("SB7Q2X")).toBeNull();
    await user.click(within(sporty).getByRole("button", { name: "Get booking code at SportyBet" }));
    await within(sporty).findByText("SB7Q2X");
    expect(within(sporty).queryByRole("alert")).toBeNull();
  });

  it("offers no code while the slip's change is being saved, nor at a book that misses a selection or takes fewer", async () => {
    const slip = betslipFixture([legView(HOME), legView(OVER)], {
      bookmakers: [bookmakerSlipFixture(2, 4.41), bookmakerSlipFixture(1, 4, { reason: "over-max-selections" }), bookmakerSlipFixture(3, null, { missing: 1 })],
    });
    const { user } = renderSlip({ "DELETE /api/users/betslip/selections/c1%3Aarsenal-chelsea/1/1": "pending" }, slip);
    const betking = await bookItem("BetKing");
    expect(within(await bookItem("Bet9ja")).queryByRole("button", { name: /^Get booking code/ })).toBeNull();
    expect(within(await bookItem("SportyBet")).queryByRole("button", { name: /^Get booking code/ })).toBeNull();

    await user.click(screen.getByRole("button", { name: /^Remove Arsenal vs Chelsea/ }));
    await waitFor(() => expect((within(betking).getByRole("button", { name: "Get booking code at BetKing" }) as HTMLButtonElement).disabled).toBe(true));
  });
});
