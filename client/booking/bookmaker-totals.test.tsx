import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { BetslipLegView, BookmakerSlip } from "#shared/contract.ts";
import { bookmakerSlipFixture, leg, legView } from "../../tests/client/betslip-fixtures.ts";
import { BookmakerTotals } from "./bookmaker-totals.tsx";

afterEach(cleanup);

const SIX_LEGS = Array.from({ length: 6 }, (_, i) => legView(leg({ eventId: `ev-${i}` })));

function renderTotals(bookmakers: BookmakerSlip[], { legs = SIX_LEGS, biddable = legs.length, stake = 1000 }: { legs?: BetslipLegView[]; biddable?: number; stake?: number } = {}) {
  render(
    <MemoryRouter>
      <BookmakerTotals bookmakers={bookmakers} legs={legs} biddable={biddable} stake={stake} updating={false} />
    </MemoryRouter>,
  );
  // The books' list; a book without booking codes folds its own list of selections inside its item.
  return [...document.querySelector("ol.slip-books")!.children] as HTMLElement[];
}

/** A book's lines as a reader meets them: its name, then each line in order. */
const lines = (item: HTMLElement) =>
  [...item.querySelectorAll(".slip-book-head, .slip-book-reason, .slip-book-net, .slip-book-figures, .slip-book-lines > span:not(.slip-book-figures)")].map((el) => el.textContent);

describe("what each bookmaker pays", () => {
  it("puts the net payout first, then total odds and gross, the bonus by its name and percentage, and the tax on winnings", () => {
    // Bet9ja's Multiple Bonus at 6 selections: 10 % of ₦30,000.00.
    const [bet9ja] = renderTotals([bookmakerSlipFixture(1, 30, { bonusPct: 10 })]);

    expect(lines(bet9ja!)).toEqual([
      "Bet9jaBest payout",
      "Net payout ₦31,400.00",
      "Total odds 30.00Gross payout ₦30,000.00",
      "Multiple Bonus +10 %: ₦3,000.00",
      "10 % of the gross payout ₦30,000.00",
      "Tax 5 % on winnings: −₦1,600.00",
      "Rules checked 25 Nov 2026",
    ]);
  });

  it("says what each bonus is a percentage of, so gross, bonus and tax add up to the net: SportyBet's leaves out a selection under 1.20", () => {
    // Six selections, one at 1.07: the gross ₦1,013,484.23 is ₦947,181.52 x 1.07, and the 12 % is of the ₦947,181.52 alone
    // (₦113,661.78), which reads as 11.2 % of the gross. Bet9ja's 25 % is of its whole gross, 5 of the 6 selections setting the rate.
    const [sportybet, bet9ja] = renderTotals([
      bookmakerSlipFixture(3, 1013.48423, { bonusPct: 12, estimate: true, bonusOn: 947_181.52, bonusLegs: 5 }),
      bookmakerSlipFixture(1, 800, { bonusPct: 25, bonusLegs: 5 }),
    ]);

    expect(lines(sportybet!).slice(2, 5)).toEqual([
      "Total odds 1,013.48Gross payout ₦1,013,484.23",
      "Multi Bet Bonus (estimate) +12 %: ₦113,661.78",
      "12 % of ₦947,181.52: the stake times the 5 selections priced 1.20 or more; the 1 under 1.20 does not count",
    ]);
    expect(lines(bet9ja!)).toContain("25 % of the gross payout ₦800,000.00 (5 of your 6 selections count towards the rate)");
  });

  it("calls SportyBet's bonus an estimate, and says a book's bonus is not modelled rather than guess it", () => {
    const [sportybet, betking] = renderTotals([bookmakerSlipFixture(3, 30, { bonusPct: 9.6, estimate: true }), bookmakerSlipFixture(2, 31)]);

    expect(sportybet!.textContent).toContain("Multi Bet Bonus (estimate) +9.6 %: ₦2,880.00");
    expect(betking!.textContent).toContain("Bonus not modelled");
    expect(betking!.textContent).not.toContain("Bonus +");
  });

  it("ranks by net payout as the API does: the book with the bonus marked best above one with higher total odds", () => {
    const [bet9ja, betking] = renderTotals([bookmakerSlipFixture(1, 30, { bonusPct: 10 }), bookmakerSlipFixture(2, 31)]);

    expect(within(bet9ja!).getByText("Best payout")).toBeTruthy();
    expect(bet9ja!.className).toContain("is-best");
    expect(betking!.textContent).toContain("Total odds 31.00");
    expect(within(betking!).queryByText("Best payout")).toBeNull();
    expect(betking!.className).not.toContain("is-best");
  });

  it("marks every book that pays as much as the first, and none when the first cannot take the slip", () => {
    const tied = renderTotals([bookmakerSlipFixture(2, 4), bookmakerSlipFixture(4, 4), bookmakerSlipFixture(5, 3.9)]);
    expect(tied.map((item) => within(item).queryByText("Best payout") !== null)).toEqual([true, true, false]);
    cleanup();

    const refused = renderTotals([bookmakerSlipFixture(1, 4, { stake: 50, reason: "below-min-stake" }), bookmakerSlipFixture(3, null, { missing: 1 })], { stake: 50 });
    expect(refused.map((item) => within(item).queryByText("Best payout"))).toEqual([null, null]);
  });

  it("says when a book's maximum payout cut what the slip would pay", () => {
    const [sportybet] = renderTotals([bookmakerSlipFixture(3, 20_000, { maxPayout: 15_000_000 })]);

    expect(lines(sportybet!)).toContain("Capped at the book's maximum payout (₦15,000,000)");
    expect(sportybet!.textContent).toContain("Net payout ₦14,250,050.00");
    expect(sportybet!.textContent).toContain("Gross payout ₦20,000,000.00");
  });

  it("says in words why a book cannot take the slip: its minimum stake, its most selections, or a selection it does not price", () => {
    const items = renderTotals(
      [bookmakerSlipFixture(3, 8), bookmakerSlipFixture(1, 8, { stake: 50, reason: "below-min-stake" }), bookmakerSlipFixture(2, 9, { reason: "over-max-selections" }), bookmakerSlipFixture(4, null, { missing: 1 }), bookmakerSlipFixture(5, null, { missing: 2 })],
      { stake: 50 },
    );

    expect(items.map((item) => item.querySelector(".slip-book-reason")?.textContent ?? null)).toEqual([
      null,
      "Below Bet9ja's minimum stake (₦100)",
      "More than BetKing's 40 selections",
      "Does not price 1 selection",
      "Does not price 2 selections",
    ]);
    // Priced but not placeable: the figures stay, under the reason.
    expect(lines(items[1]!).slice(0, 3)).toEqual(["Bet9ja", "Below Bet9ja's minimum stake (₦100)", "Net payout ₦382.50"]);
    expect(items[3]!.textContent).toBe("NairaBetDoes not price 1 selection");
  });

  it("says the totals are over 2 of 3 selections when one has started", () => {
    const legs = [legView(leg()), legView(leg({ eventId: "c1:spurs-everton" }), { started: true, prices: [] }), legView(leg({ eventId: "c2:real-getafe" }))];
    renderTotals([bookmakerSlipFixture(2, 4.41)], { legs, biddable: 2 });

    expect(screen.getByText(/^For ₦1,000.00/).textContent).toBe(
      "For ₦1,000.00 on 2 of 3 selections, at each bookmaker's prices now, after its bonus and the tax on winnings. The started or no longer priced one counts at no bookmaker. Each name opens that bookmaker's site at the first of your matches it lists, else at its football page.",
    );
  });

  it("says so when no selection can be bet any longer", () => {
    render(
      <MemoryRouter>
        <BookmakerTotals bookmakers={[]} legs={[legView(leg(), { started: true, prices: [] })]} biddable={0} stake={1000} updating={false} />
      </MemoryRouter>,
    );
    expect(screen.getByText(/None of your selections can be bet now/)).toBeTruthy();
    expect(screen.queryByText(/^For ₦/)).toBeNull();
  });

  it("explains how it works it out, and links to every bookmaker's rules on the help page", () => {
    renderTotals([bookmakerSlipFixture(2, 4.41)]);

    const note = screen.getByText("How we work this out:").parentElement!;
    expect(note.textContent).toContain("less 5 % tax on the winnings (we assume the tax is on net winnings: the books do not say)");
    expect(note.textContent).toContain("SportyBet's bonus is an estimate.");
    expect(note.textContent).toContain("BetKing's, NairaBet's and 1xBet's bonuses are not modelled: none is counted, so they may pay more than shown.");
    expect(within(note).getByRole("link", { name: "Each bookmaker's rules and where they come from" }).getAttribute("href")).toBe("/help#returns");
  });
});
