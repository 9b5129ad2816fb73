import { describe, expect, it } from "vitest";
import { DEFAULT_STAKE_KOBO } from "../../betslip/view.ts";
import { parseCodeCommand, pastedCode } from "./codes.ts";

describe("a code in a message", () => {
  it("reads /code <book> <code> [stake]", () => {
    expect(parseCodeCommand("sportybet 3q7xkd")).toEqual({ ok: true, ask: { provider: 3, code: "3Q7XKD", stakeKobo: DEFAULT_STAKE_KOBO } });
    expect(parseCodeCommand(" Bet9ja 5Q7XKDM ₦2,500.50 ")).toEqual({ ok: true, ask: { provider: 1, code: "5Q7XKDM", stakeKobo: 250_050 } });
    expect(parseCodeCommand("1xbet HYTRC 100")).toEqual({ ok: true, ask: { provider: 5, code: "HYTRC", stakeKobo: 10_000 } });
  });

  it("says what is wrong with a /code it cannot use", () => {
    expect(parseCodeCommand("")).toMatchObject({ ok: false, message: expect.stringContaining("/code sportybet 3Q7XKD") });
    expect(parseCodeCommand("paddy ABC123")).toMatchObject({ ok: false, message: expect.stringContaining('I do not know the bookmaker "paddy"') });
    expect(parseCodeCommand("nairabet ABC123")).toEqual({ ok: false, message: "NairaBet has no booking codes we can read." });
    expect(parseCodeCommand("bet9ja ABC123")).toMatchObject({ ok: false, message: expect.stringContaining("That is not a Bet9ja booking code.") });
    expect(parseCodeCommand("sportybet 3Q7XKD 0")).toMatchObject({ ok: false, message: expect.stringContaining("from ₦1") });
    expect(parseCodeCommand("sportybet 3Q7XKD 99999999")).toMatchObject({ ok: false, message: expect.stringContaining("from ₦1") });
    expect(parseCodeCommand("sportybet 3Q7XKD 1e5")).toEqual({ ok: false, message: "The stake must be an amount in naira, e.g. 2000." });
  });

  it("takes a pasted code alone, with its book or with a stake, and leaves chatter alone", () => {
    expect(pastedCode("3q7xkd")).toEqual({ ok: true, ask: { provider: undefined, code: "3Q7XKD", stakeKobo: DEFAULT_STAKE_KOBO } });
    expect(pastedCode("sportybet 3Q7XKD")).toEqual({ ok: true, ask: { provider: 3, code: "3Q7XKD", stakeKobo: DEFAULT_STAKE_KOBO } });
    expect(pastedCode("3Q7XKD 5000")).toEqual({ ok: true, ask: { provider: undefined, code: "3Q7XKD", stakeKobo: 500_000 } });
    expect(pastedCode("BETKING")).toBeUndefined();
    // Books mint all-letter codes too: pasted in capitals, such a word is a code; typed in lower case, chatter.
    expect(pastedCode("TFDWCT")).toEqual({ ok: true, ask: { provider: undefined, code: "TFDWCT", stakeKobo: DEFAULT_STAKE_KOBO } });
    for (const chatter of ["tfdwct", "Thanks", "thanks"]) expect(pastedCode(chatter)).toBeUndefined();
    for (const chatter of ["hello", "hello there", "good morning to you all", "who wins tonight", "x".repeat(61), ""]) expect(pastedCode(chatter)).toBeUndefined();
    expect(pastedCode("bet9ja 3Q7XKD")).toMatchObject({ ok: false, message: expect.stringContaining("That is not a Bet9ja booking code.") });
  });
});
