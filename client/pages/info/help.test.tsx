import { bookmakerName } from "#shared/reference.ts";
import { screen, waitFor, within } from "@testing-library/react";
import { marginBadgeColour } from "#shared/format.ts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BOOKMAKER_RULES } from "#shared/math/bookmaker-rules.ts";
import { loggedIn, renderApp, resetApp, stubApi } from "../../../tests/client/harness.tsx";

afterEach(resetApp);

describe("the help page", () => {
  it("says 'Loading...' while the session is being checked", async () => {
    stubApi({ "GET /api/session": "pending" });
    renderApp("/help");
    expect(await screen.findByRole("status")).toHaveProperty("textContent", "Loading...");
    expect(screen.queryByRole("heading", { name: "How to Read Odds Tables" })).toBeNull();
  });

  it("sends a visitor back to /", async () => {
    stubApi();
    const { path } = renderApp("/help");
    await waitFor(() => expect(path()).toBe("/"));
    expect(screen.queryByRole("heading", { name: "How to Read Odds Tables" })).toBeNull();
  });

  it("explains the symbols, the terms, the margin guide and quick tips to a logged-in user", async () => {
    stubApi(loggedIn());
    renderApp("/help");
    expect(await screen.findByRole("heading", { level: 1, name: "How to Read Odds Tables" })).toBeTruthy();
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
      "What the Symbols Mean",
      "Betting Terms",
      "Bookmaker Margin",
      "What a Betslip Really Pays",
      "Booking Codes",
      "Quick Tips",
    ]);
    for (const text of [
      /Green up arrow:.*increased/,
      /Red down arrow:.*decreased/,
      /Lightning bolt:.*boosted/,
      /Bold yellow numbers:.*best/,
    ]) {
      expect(
        screen.getByText((_, el) => el?.tagName === "LI" && text.test(el.textContent ?? "")),
      ).toBeTruthy();
    }
    expect(screen.getByText(/Over 2.5 means more than 2 goals/)).toBeTruthy();
    expect(screen.getByText(/1X \(home win or draw\), 12 \(home or away win\) or X2/)).toBeTruthy();
    const terms = screen.getByRole("heading", { name: "Betting Terms" }).nextElementSibling as HTMLElement;
    expect(within(terms).getAllByRole("term").map((t) => t.textContent)).toEqual([
      "1X2",
      "Over/Under",
      "BTTS",
      "Double Chance",
    ]);
    // One scale: the bands the badges are painted by (shared/format.ts, marginBadgeColour), stated exactly.
    const bands = screen.getByText(/The badge beside each margin follows one scale/).nextElementSibling as HTMLElement;
    expect(within(bands).getAllByRole("listitem").map((band) => band.textContent)).toEqual(["5% or less Good", "Over 5%, up to 10% Average", "Over 10% High"]);
    expect(within(bands).getAllByRole("listitem").map((band) => band.querySelector(".tag")?.className)).toEqual([
      `tag is-${marginBadgeColour(5)}`,
      `tag is-${marginBadgeColour(5.01)}`,
      `tag is-${marginBadgeColour(10.01)}`,
    ]);
  });

  it("explains what a betslip really pays: every bookmaker's every rule, its value or 'Not known', when it was checked and where it comes from", async () => {
    stubApi(loggedIn());
    renderApp("/help");
    const section = await screen.findByRole("heading", { level: 2, name: "What a Betslip Really Pays" });

    expect(section.id).toBe("returns");
    expect(screen.getByText(/we assume net winnings/).textContent).toContain("5 % of the winnings");
    expect(screen.getByText(/BetKing, NairaBet and 1xBet: not modelled, so no bonus is counted/)).toBeTruthy();
    expect(screen.getByText(/SportyBet: an estimate/)).toBeTruthy();
    // What each bonus is a percentage of: a SportyBet slip with a selection under 1.20 reads as less than its percentage of the gross.
    expect(screen.getByText(/SportyBet: an estimate/).textContent).toMatch(
      /a percentage of what its rule names: the whole gross payout at Bet9ja; at SportyBet, the stake times the prices of the selections priced 1\.20 or more only/,
    );
    expect(screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual(BOOKMAKER_RULES.map((r) => bookmakerName(r.provider)));
    const lists = document.querySelectorAll("dl.rules-list");
    expect(lists).toHaveLength(5);
    for (const [i, rules] of BOOKMAKER_RULES.entries()) {
      const rows = [...lists[i]!.querySelectorAll("div")].map((row) => [row.querySelector("dt")!.textContent, row.querySelector("dd")!.textContent]);
      expect(rows.map(([rule]) => rule)).toEqual(["Tax on winnings", "Accumulator bonus", "Maximum payout per ticket", "Minimum stake", "Most selections on a ticket", "Markets left out of the bonus"]);
      const data = [rules.taxOnWinnings, rules.accumulatorBonus, rules.maxPayout, rules.minStake, rules.maxSelections, rules.bonusExcludedMarkets];
      for (const [j, rule] of data.entries()) {
        expect(rows[j]![1], `${bookmakerName(rules.provider)}, ${rows[j]![0]}`).toContain(`Source: ${rule.source}.`);
        expect(rows[j]![1]!.startsWith("Not known"), `${bookmakerName(rules.provider)}, ${rows[j]![0]}`).toBe(rule.value === "unknown");
      }
    }
    const [bet9ja, betking, sportybet] = [...lists].map((list) => [...list.querySelectorAll("dd")].map((dd) => dd.textContent));
    expect(bet9ja![0]).toMatch(/^5 % Checked 1 Jan 2025\. Source: Federal withholding tax/);
    expect(bet9ja![1]).toMatch(/^Multiple Bonus: 5 % at 5 selections, .* 170 % from 38 selections, as a share of the gross payout; selections priced 1\.20 or more count, not one kicking off more than 12 days ahead; no bonus on a win above ₦50,000,000 Checked 27 Mar 2023\./);
    expect(bet9ja![3]).toMatch(/^₦100 Checked 1 Jan 2020\./);
    expect(betking![4]).toMatch(/^40 Checked 25 Nov 2026\. Source: BetKing's betslip refuses a 41st selection\.$/);
    expect(sportybet![1]).toMatch(/^Multi Bet Bonus, an estimate from the book's live bonus plan, as a share of the stake times the prices of the selections at the plan's minimum price or more only \(1\.20 in 2026\): a selection under it adds nothing/);
    expect(sportybet![2]).toMatch(/^₦15,000,000 Checked 25 Nov 2026\./);
    // Market exclusions from the bonus as the books state them: none stated at Bet9ja and SportyBet, never one guessed.
    expect(bet9ja![5]).toMatch(/^None stated Checked 27 Mar 2023\. Source: None stated: help\.bet9ja\.com/);
    expect(sportybet![5]).toMatch(/^None stated Checked 25 Sept? 2026\. Source: None stated: /);
    expect(betking![5]).toMatch(/^Not known /);
  });

  it("says the sure bets' split keeps the same minimum stakes and maximum payouts, and value bets count after tax", async () => {
    stubApi(loggedIn());
    renderApp("/help");
    await screen.findByRole("heading", { level: 2, name: "What a Betslip Really Pays" });
    expect(screen.getByText(/^The sure bets page splits a total with the same rules/).textContent).toBe(
      "The sure bets page splits a total with the same rules: every stake at least its book's minimum, no winning leg paying more than its book's maximum, the tax taken off each leg's winnings; a total too small or too large is refused with the nearest total that works. Value bets are listed by what they are expected to gain after the tax, not before it.",
    );
  });

  it("lands on that section when a link opens /help#returns", async () => {
    const scrolled = vi.fn();
    vi.spyOn(Element.prototype, "scrollIntoView").mockImplementation(function (this: Element) {
      scrolled(this.id);
    });
    stubApi(loggedIn());
    renderApp("/help#returns");
    await screen.findByRole("heading", { level: 2, name: "What a Betslip Really Pays" });
    await waitFor(() => expect(scrolled).toHaveBeenCalledWith("returns"));
  });

  it("explains booking codes: what one is, re-priced across the five books, unmatched selections left out, and the books we read and make them at", async () => {
    stubApi(loggedIn());
    renderApp("/help");
    const heading = await screen.findByRole("heading", { level: 2, name: "Booking Codes" });
    const section = [heading.nextElementSibling, heading.nextElementSibling?.nextElementSibling].map((el) => el?.textContent ?? "").join(" ");

    expect(heading.id).toBe("booking-codes");
    expect(section).toContain("A booking code is a bookmaker's short name for a list of selections");
    expect(section).toContain("We price its selections again at every bookmaker's current prices");
    expect(section).toContain("We read codes from SportyBet, Bet9ja, BetKing and 1xBet.");
    expect(section).toContain("Selections we cannot match are left out, never guessed");
    expect(section).toContain("creates a code for your selections at SportyBet, Bet9ja and BetKing, and we read it back");
    expect(section).toContain("NairaBet and 1xBet have no booking code we can create");
    expect(screen.getByRole("link", { name: "betslip" }).getAttribute("href")).toBe("/betslip");
  });
});
