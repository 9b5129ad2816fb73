/**
 * The betslip's compiled styles on its real components in happy-dom: targets, contrast, and what
 * axe can judge without a layout engine (names, roles, labels). Colour contrast by axe and the
 * 360 px layout are the browser tests' (tests/e2e/accessibility.spec.ts).
 */
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { EventCard } from "../odds/event-card.tsx";
import { BetslipPage, loader } from "../pages/betslip.tsx";
import { useSession } from "../session/store.ts";
import { BetslipBadge } from "./betslip-badge.tsx";
import { useBetslip } from "./store.ts";
import { betslipFixture, bookmakerSlipFixture, leg, legView } from "../../tests/client/betslip-fixtures.ts";
import { oddsEvent, renderPage, resetApp, stubApi, USER } from "../../tests/client/harness.tsx";
import { axeViolations, contrast, installCompiledStyles } from "../../tests/client/styles.ts";

beforeAll(() => void installCompiledStyles());

afterEach(resetApp);

function renderLiveCard() {
  useSession.setState({ user: USER, loading: false });
  render(
    <MemoryRouter>
      <EventCard event={oddsEvent({ id: "c1:ars-che" })} timeZone="Africa/Lagos" now={Date.parse("2026-11-22T09:00:00Z")} clock={{ now: Date.parse("2026-11-22T09:00:00Z") }} />
    </MemoryRouter>,
  );
}

describe("the betslip buttons in the odds tables", () => {
  it("are 44 px targets whose words contrast at least 4.5:1, on the slip or not", async () => {
    stubApi({ "GET /api/users/betslip": { data: betslipFixture([legView(leg({ eventId: "c1:ars-che", selectionTypeId: 2 }))]) } });
    await useBetslip.getState().load(USER.id);
    renderLiveCard();
    const off = getComputedStyle(await screen.findByRole("button", { name: /Home to betslip$/ }));
    const on = getComputedStyle(screen.getByRole("button", { name: /Draw from betslip$/ }));

    expect(off.minHeight).toBe("44px");
    expect(contrast(off.color, off.backgroundColor)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(on.color, on.backgroundColor)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(off.borderColor, "#ffffff")).toBeGreaterThanOrEqual(3);
    expect(await axeViolations()).toEqual([]);
  });
});

describe("the top bar's badge", () => {
  it("is a 44 px target whose count reads 4.5:1 on its pill", async () => {
    stubApi();
    useSession.setState({ user: USER, loading: false });
    await useBetslip.getState().load(USER.id);
    render(
      <MemoryRouter>
        <BetslipBadge />
      </MemoryRouter>,
    );
    const badge = getComputedStyle(screen.getByRole("link", { name: "Betslip, 0 selections" }));
    const count = getComputedStyle(document.querySelector(".betslip-count")!);
    expect(badge.minHeight).toBe("44px");
    expect(contrast(count.color, count.backgroundColor)).toBeGreaterThanOrEqual(4.5);
  });
});

describe("the betslip page", () => {
  it("has labelled controls and names axe accepts", async () => {
    stubApi({
      "GET /api/users/betslip": {
        data: betslipFixture([legView(leg(), { started: true, prices: [] }), legView(leg({ eventId: "c1:spurs-everton" }), { prices: [] }), legView(leg({ eventId: "c2:real-getafe" }))], {
          bookmakers: [bookmakerSlipFixture(1, 2, { bonusPct: 5 }), bookmakerSlipFixture(3, 2, { bonusPct: 4.8, estimate: true, maxPayout: 1500 }), bookmakerSlipFixture(2, 2.1, { reason: "over-max-selections" }), bookmakerSlipFixture(4, null, { missing: 1 })],
        }),
      },
    });
    renderPage({ path: "betslip", Component: BetslipPage, loader });
    await screen.findByLabelText("Stake (₦)");
    expect(screen.getByRole("button", { name: "Remove started selections" })).toBeTruthy();
    expect(screen.getByRole("table", { name: /price at each bookmaker/ })).toBeTruthy();
    expect(screen.getByText(/Capped at the book's maximum payout/)).toBeTruthy();
    expect(await axeViolations()).toEqual([]);
  });

  it("writes its quiet text and its stake error at 4.5:1 or more on white", () => {
    for (const className of ["slip-leg-detail", "slip-stake-error", "slip-book-lines", "slip-grid-pick", "slip-grid-state", "rules-source"]) {
      const element = document.createElement("span");
      element.className = className;
      document.body.append(element);
      expect(contrast(getComputedStyle(element).color, "#ffffff"), className).toBeGreaterThanOrEqual(4.5);
      element.remove();
    }
  });

  it("writes a book's reason and lines at 4.5:1 on the grey of a book that cannot take the slip, and the best price on its tint", () => {
    const book = document.createElement("li");
    book.className = "slip-book is-unplaceable";
    const [reason, lines] = ["slip-book-reason", "slip-book-lines"].map((className) => {
      const element = document.createElement("span");
      element.className = className;
      book.append(element);
      return element;
    });
    const grid = document.createElement("table");
    grid.className = "table slip-grid-table";
    grid.innerHTML = '<tbody><tr><td class="slip-grid-best">2.10</td></tr></tbody>';
    const best = grid.querySelector("td")!;
    document.body.append(book, grid);
    const grey = getComputedStyle(book).backgroundColor;
    expect(contrast(getComputedStyle(reason!).color, grey)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(getComputedStyle(lines!).color, grey)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(getComputedStyle(best).color, getComputedStyle(best).backgroundColor)).toBeGreaterThanOrEqual(4.5);
    expect(getComputedStyle(best).fontWeight).toBe("700");
    book.remove();
    grid.remove();
  });
});
