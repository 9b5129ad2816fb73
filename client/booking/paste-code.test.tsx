import { afterEach, describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { BETSLIP_MAX_LEGS } from "#shared/contract.ts";
import { errorReply, heldReply, renderPage, resetApp, stubApi, type Reply } from "../../tests/client/harness.tsx";
import { leg } from "../../tests/client/betslip-fixtures.ts";
import { bookingLeg, bookingRead, slipServer, unmappedLeg } from "../../tests/client/booking-fixtures.ts";
import { useBetslip } from "../betslip/store.ts";
import { BetslipPage, loader } from "../pages/betslip.tsx";

const NOW = Date.parse("2026-11-22T12:00:00Z");
const READ = "GET /api/odds/booking?provider=3&code=AB12CD";

const HOME = leg();
const OVER = leg({ eventId: "c1:spurs-everton", marketId: 4, selectionTypeId: 8 });
const AWAY = leg({ eventId: "c2:real-getafe", selectionTypeId: 3 });

/** SportyBet's AB12CD: two selections we compare, and one of each reason we cannot bring a leg over. */
const READ_CODE = bookingRead(
  [bookingLeg(HOME, 2.05), bookingLeg(OVER, null)],
  [
    unmappedLeg("market", "Lyon v Nice, Correct Score 2:1"),
    unmappedLeg("event", "Ajax v PSV, 1X2: Home"),
    unmappedLeg("started", "Milan v Roma, 1X2: Draw"),
    unmappedLeg("ambiguous", "Inter v Inter II, 1X2: Home"),
  ],
);

afterEach(resetApp);

function renderBetslip(replies: Record<string, Reply | Reply[]> = {}) {
  const api = stubApi(replies);
  renderPage({ path: "betslip", Component: BetslipPage, loader, now: NOW });
  return { api, user: userEvent.setup() };
}

async function paste(user: ReturnType<typeof userEvent.setup>, code: string, book = "SportyBet") {
  await user.selectOptions(await screen.findByLabelText("Bookmaker"), book);
  await user.type(screen.getByLabelText("Booking code"), code);
  await user.click(screen.getByRole("button", { name: "Read code" }));
}

const codeSection = () => screen.getByRole("region", { name: "SportyBet code AB12CD" });

describe("pasting a booking code on the betslip", () => {
  it("offers the four bookmakers whose codes we read, NairaBet not among them, and a labelled code field", async () => {
    renderBetslip();
    const select = await screen.findByLabelText("Bookmaker");

    expect(within(select).getAllByRole("option").map((o) => o.textContent)).toEqual(["SportyBet", "Bet9ja", "BetKing", "1xBet"]);
    expect(screen.getByLabelText("Booking code").tagName).toBe("INPUT");
    expect(screen.getByRole("heading", { name: "Paste a booking code" })).toBeTruthy();
  });

  it("refuses a code that is not letters and digits without asking the API, and says what a code looks like", async () => {
    const { api, user } = renderBetslip();
    await paste(user, "AB-12");

    expect(screen.getByRole("alert").textContent).toBe("A booking code is 4 to 12 letters and digits, for example AB12CD.");
    expect(screen.getByLabelText("Booking code").getAttribute("aria-invalid")).toBe("true");
    expect(api.calls.filter((c) => c.path.startsWith("/api/odds/booking"))).toEqual([]);
  });

  it("reads the code in upper case, says it is reading, then shows the selections it maps with the book's price", async () => {
    const held = heldReply({ data: READ_CODE });
    const { api, user } = renderBetslip({ [READ]: held.reply });
    await paste(user, " ab12cd ");

    expect(screen.getByText("Reading the code at SportyBet...").getAttribute("role")).toBe("status");
    expect((screen.getByRole("button", { name: "Read code" }) as HTMLButtonElement).disabled).toBe(true);
    held.release();

    const section = await screen.findByRole("region", { name: "SportyBet code AB12CD" });
    expect(api.callsTo(READ)).toHaveLength(1);
    // The heading takes the focus in an effect after the code renders: waited for, not read at once (it lost that race under load).
    const heading = within(section).getByRole("heading", { name: "SportyBet code AB12CD" });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(section.textContent).toContain("2 of 6 selections can come onto your slip. Usable until Today • 16:00.");
    const mapped = within(within(section).getByRole("list", { name: "Selections from the SportyBet code" })).getAllByRole("listitem");
    expect(mapped.map((item) => item.textContent)).toEqual([
      "Arsenal vs Chelsea1X2 (Match Result): HomeKick-off Today • 16:00. SportyBet's price 2.05.",
      "Tottenham vs EvertonOU2.5: Over 2.5Kick-off Today • 16:00. No price at SportyBet now.",
    ]);
    expect(within(mapped[0]!).getByRole("link", { name: "Arsenal vs Chelsea" }).getAttribute("href")).toBe("/match/c1%3Aarsenal-chelsea");
  });

  it("names a selection beyond the eight as the read answer does, and marks a book-only one", async () => {
    const teamTotal = { ...bookingLeg(leg({ marketId: 10, selectionTypeId: 21 }), 1.3), marketName: "Home Over/Under 0.5", selectionName: "Over 0.5" };
    const oneUp = { ...bookingLeg(leg({ eventId: "c1:spurs-everton", marketId: 52, selectionTypeId: 141 }), 1.9), marketName: "1X2 - 1UP", selectionName: "Home", bookOnly: 3 };
    const { user } = renderBetslip({ [READ]: { data: bookingRead([teamTotal, oneUp]) } });
    await paste(user, "AB12CD");

    const section = await screen.findByRole("region", { name: "SportyBet code AB12CD" });
    const mapped = within(within(section).getByRole("list", { name: "Selections from the SportyBet code" })).getAllByRole("listitem");
    expect(mapped[0]!.textContent).toContain("Home Over/Under 0.5: Over 0.5");
    expect(mapped[0]!.textContent).not.toMatch(/Market 10|Only at/);
    expect(mapped[1]!.textContent).toContain("1X2 - 1UP: HomeOnly at SportyBet");
  });

  it("lists apart every selection it could not bring over, with the reason in words", async () => {
    const { user } = renderBetslip({ [READ]: { data: READ_CODE } });
    await paste(user, "AB12CD");

    const left = within(await screen.findByRole("list", { name: "Selections left out" })).getAllByRole("listitem");
    expect(left.map((item) => item.textContent)).toEqual([
      "Lyon v Nice, Correct Score 2:1Left out: a market we do not compare",
      "Ajax v PSV, 1X2: HomeLeft out: an event we do not list",
      "Milan v Roma, 1X2: DrawLeft out: already started",
      "Inter v Inter II, 1X2: HomeLeft out: more than one match fits: left out rather than guessed",
    ]);
    expect(codeSection().textContent).toContain("4 selections we could not bring over");
  });

  it("offers no load buttons when nothing in the code can come over", async () => {
    const { user } = renderBetslip({ [READ]: { data: bookingRead([], [unmappedLeg("market", "Lyon v Nice, HT/FT 1/1")]) } });
    await paste(user, "AB12CD");

    expect((await screen.findByRole("region", { name: "SportyBet code AB12CD" })).textContent).toContain("None of this code's selections can come onto your slip.");
    expect(screen.queryByRole("button", { name: "Replace my slip" })).toBeNull();
  });

  it.each([
    [errorReply(404, "BOOKING_CODE_NOT_FOUND", "Booking code not found."), "We could not find that code at SportyBet. Check it, or it may have expired."],
    [errorReply(404, "BOOKING_CODE_EMPTY"), "That code at SportyBet holds no selections any more: their matches have started, or it never held any."],
    [errorReply(503, "BOOKMAKER_UNAVAILABLE", "SportyBet is not answering us right now. Please try again in a few minutes."), "SportyBet is not answering us right now. Please try again in a few minutes."],
    [errorReply(400, "VALIDATION_ERROR", "A SportyBet code is 6 letters and digits."), "A SportyBet code is 6 letters and digits."],
    [{ ...(errorReply(429, "RATE_LIMIT_EXCEEDED") as object), headers: { "Retry-After": "30" } } as Reply, "Too many requests. Please try again in 30 seconds."],
    [errorReply(429, "RATE_LIMIT_EXCEEDED"), "Too many requests. Please wait a few minutes before trying again."],
    [errorReply(400, "BOOKING_UNSUPPORTED"), "SportyBet has no booking codes we can read."],
    [errorReply(500, "INTERNAL_ERROR"), "We could not read that code at SportyBet. Please try again."],
  ])("says what went wrong in words a bettor understands (%#)", async (reply, message) => {
    const { user } = renderBetslip({ [READ]: reply });
    await paste(user, "AB12CD");

    expect((await screen.findByRole("alert")).textContent).toBe(message);
    expect(screen.queryByRole("region", { name: "SportyBet code AB12CD" })).toBeNull();
  });

  it("clears an earlier code while a new one is read", async () => {
    const held = heldReply(errorReply(404, "BOOKING_CODE_NOT_FOUND") as never);
    const { user } = renderBetslip({ [READ]: { data: READ_CODE }, "GET /api/odds/booking?provider=1&code=XY34ZW9": held.reply });
    await paste(user, "AB12CD");
    await screen.findByRole("region", { name: "SportyBet code AB12CD" });

    await user.clear(screen.getByLabelText("Booking code"));
    await paste(user, "XY34ZW9", "Bet9ja");
    expect(screen.queryByRole("region", { name: "SportyBet code AB12CD" })).toBeNull();
    held.release();
    expect((await screen.findByRole("alert")).textContent).toBe("We could not find that code at Bet9ja. Check it, or it may have expired.");
  });
});

describe("loading a code's selections into the betslip", () => {
  it("replaces the slip with one write made from the version read, and the comparison across the books follows", async () => {
    const api = stubApi({ [READ]: { data: READ_CODE } });
    const server = slipServer(api, [AWAY]);
    renderPage({ path: "betslip", Component: BetslipPage, loader, now: NOW });
    const user = userEvent.setup();
    await paste(user, "AB12CD");
    await user.click(await screen.findByRole("button", { name: "Replace my slip" }));

    await waitFor(() => expect(within(codeSection()).getByRole("status").textContent).toBe("Your slip now holds these 2 selections."));
    expect(api.callsTo("PUT /api/users/betslip").map((c) => c.body)).toEqual([{ stake: 1000, legs: [HOME, OVER] }]);
    expect(server.ifMatches).toEqual(['"1"']);
    expect(useBetslip.getState().legs).toEqual([HOME, OVER]);
    // The page reads the slip again: every book's total is over the new selections.
    const slipList = await screen.findByRole("list", { name: "Selections" });
    await waitFor(() => expect(within(slipList).getAllByRole("listitem").map((li) => within(li).getAllByRole("link")[0]!.textContent)).toEqual(["Arsenal vs Chelsea", "Tottenham vs Everton"]));
    expect(within(screen.getByRole("region", { name: "What each bookmaker pays" })).getAllByRole("listitem")[0]!.textContent).toContain("Total odds 4.41");
    expect(screen.getByRole("link", { name: "See what each bookmaker pays" }).getAttribute("href")).toBe("#slip-books-title");
  });

  it("adds after the slip's selections, skipping a match already on it", async () => {
    const api = stubApi({ [READ]: { data: READ_CODE } });
    // Arsenal-Chelsea is on the slip already, as Away.
    slipServer(api, [AWAY, { ...HOME, selectionTypeId: 3 }]);
    renderPage({ path: "betslip", Component: BetslipPage, loader, now: NOW });
    const user = userEvent.setup();
    await paste(user, "AB12CD");
    await user.click(await screen.findByRole("button", { name: "Add to my slip" }));

    await waitFor(() => expect(within(codeSection()).getByRole("status").textContent).toBe("Added 1 selection to your slip. 1 left out: its match is already on your slip."));
    expect(api.callsTo("PUT /api/users/betslip").map((c) => c.body)).toEqual([{ stake: 1000, legs: [AWAY, { ...HOME, selectionTypeId: 3 }, OVER] }]);
  });

  it("stops at the slip's 50 selections and says how many did not fit", async () => {
    const full = Array.from({ length: BETSLIP_MAX_LEGS - 1 }, (_, i) => leg({ eventId: `c1:other-${i}` }));
    const api = stubApi({ [READ]: { data: READ_CODE } });
    slipServer(api, full);
    renderPage({ path: "betslip", Component: BetslipPage, loader, now: NOW });
    const user = userEvent.setup();
    await paste(user, "AB12CD");
    await user.click(await screen.findByRole("button", { name: "Add to my slip" }));

    await waitFor(() => expect(within(codeSection()).getByRole("status").textContent).toBe(`Added 1 selection to your slip. 1 left out: a slip holds ${BETSLIP_MAX_LEGS} selections at most.`));
    expect((api.callsTo("PUT /api/users/betslip")[0]!.body as { legs: unknown[] }).legs).toHaveLength(BETSLIP_MAX_LEGS);
  });

  it("reads the slip again and adds on top when another device saved it between our read and our write", async () => {
    const api = stubApi({ [READ]: { data: READ_CODE } });
    let raced = false;
    const server = slipServer(api, [], {
      beforePut(s) {
        if (raced) return;
        raced = true;
        s.changeElsewhere([AWAY]);
      },
    });
    renderPage({ path: "betslip", Component: BetslipPage, loader, now: NOW });
    const user = userEvent.setup();
    await paste(user, "AB12CD");
    await user.click(await screen.findByRole("button", { name: "Add to my slip" }));

    await waitFor(() => expect(within(codeSection()).getByRole("status").textContent).toBe("Added 2 selections to your slip."));
    expect(server.ifMatches).toEqual(['"1"', '"2"']);
    expect(server.slip().legs.map((l) => l.eventId)).toEqual([AWAY.eventId, HOME.eventId, OVER.eventId]);
  });

  it("tells the bettor through the betslip's notice when the slip could not be saved, and changes nothing", async () => {
    const api = stubApi({ [READ]: { data: READ_CODE }, "PUT /api/users/betslip": errorReply(400, "VALIDATION_ERROR", "Arsenal vs Chelsea has started.") });
    renderPage({ path: "betslip", Component: BetslipPage, loader, now: NOW });
    const user = userEvent.setup();
    await paste(user, "AB12CD");
    await user.click(await screen.findByRole("button", { name: "Replace my slip" }));

    await waitFor(() => expect(useBetslip.getState().notice).toEqual({ tone: "error", text: "Arsenal vs Chelsea has started." }));
    expect(useBetslip.getState().legs).toEqual([]);
    expect(within(codeSection()).getByRole("status").textContent).toBe("");
    expect(api.callsTo("PUT /api/users/betslip")).toHaveLength(1);
  });
});
