/**
 * The booking UI's compiled styles on its real components in happy-dom: 44 px targets, contrast, and
 * what axe can judge without a layout engine (names, roles, labels). Colour contrast by axe and the
 * 360 px layout are the browser tests'.
 */
import { screen, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { BetslipPage, loader } from "../pages/betslip.tsx";
import { betslipFixture, bookmakerSlipFixture, leg, legView } from "../../tests/client/betslip-fixtures.ts";
import { bookingLeg, bookingRead, unmappedLeg } from "../../tests/client/booking-fixtures.ts";
import { renderPage, resetApp, stubApi } from "../../tests/client/harness.tsx";
import { axeViolations, contrast, installCompiledStyles } from "../../tests/client/styles.ts";

beforeAll(() => void installCompiledStyles());

afterEach(resetApp);

const SLIP = betslipFixture([legView(leg(), { prices: [1, 2, 3, 4].map((provider) => ({ provider, value: 2 })) })], {
  bookmakers: [bookmakerSlipFixture(3, 2), bookmakerSlipFixture(1, 2, { reason: "below-min-stake" }), bookmakerSlipFixture(4, 1.9)],
});

describe("booking codes on the betslip", () => {
  it("has labelled controls, 44 px targets and names axe accepts, with a code read, a code made and a by-hand list open", async () => {
    stubApi({
      "GET /api/users/betslip": { data: SLIP },
      "GET /api/odds/booking?provider=3&code=AB12CD": { data: bookingRead([bookingLeg()], [unmappedLeg("market", "Lyon v Nice, Correct Score 2:1")]) },
      "POST /api/users/betslip/booking": { data: { provider: 3, code: "SB7Q2X", url: "https://www.sportybet.com/ng/?shareCode=SB7Q2X", legs: 1, expiresAt: "2026-11-22T15:00:00.000Z" } },
    });
    renderPage({ path: "betslip", Component: BetslipPage, loader });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Booking code"), "AB12CD");
    await user.click(screen.getByRole("button", { name: "Read code" }));
    const read = await screen.findByRole("region", { name: "SportyBet code AB12CD" });
    await user.click(screen.getByRole("button", { name: "Get booking code at SportyBet" }));
    await screen.findByText("SB7Q2X");
    await user.click(screen.getByText("Selections to add at NairaBet by hand"));

    for (const name of ["Read code", "Replace my slip", "Add to my slip", "Get booking code at Bet9ja", "Copy code"]) {
      expect(getComputedStyle(screen.getByRole("button", { name })).minHeight, name).toBe("44px");
    }
    expect(getComputedStyle(screen.getByText("Selections to add at NairaBet by hand")).minHeight).toBe("44px");
    expect(getComputedStyle(screen.getByLabelText("Booking code")).minHeight).toBe("44px");
    expect(getComputedStyle(within(read).getByRole("link", { name: "Arsenal vs Chelsea" })).minHeight).toBe("44px");
    expect(await axeViolations()).toEqual([]);
  });

  it("writes its reasons, errors and quiet text at 4.5:1 or more on white, on the best book's tint and on the grey of one that cannot take the slip", () => {
    for (const bookClass of ["", "slip-book is-best", "slip-book is-unplaceable"]) {
      const book = document.createElement("li");
      book.className = bookClass;
      document.body.append(book);
      const background = bookClass ? getComputedStyle(book).backgroundColor : "#ffffff";
      for (const className of ["booking-leg-reason", "booking-error-text", "booking-leg-detail"]) {
        const element = document.createElement("span");
        element.className = className;
        book.append(element);
        expect(contrast(getComputedStyle(element).color, background), `${className} in "${bookClass}"`).toBeGreaterThanOrEqual(4.5);
      }
      book.remove();
    }
  });
});
