import { describe, expect, it } from "vitest";
import type { OddsEvent, OutcomeDrop } from "#shared/contract.ts";
import { fileLegMarkets } from "../../betslip/leg-markets.ts";
import type { RuleRow } from "../rules/repository.ts";
import { judgeDrop, judgeMove } from "./judge.ts";
import { bestPricesOf } from "./prices.ts";

const NOW = Date.UTC(2026, 10, 24, 11, 0);
const markets = fileLegMarkets();
const heading = { id: "c1:x", name: "Arsenal vs Chelsea", home: "Arsenal", away: "Chelsea", date: new Date(NOW + 86_400_000).toISOString(), competitionId: 1 };
const event = (home: number, draw: number, stale = false): OddsEvent => ({
  ...heading,
  markets: [{ marketId: 1, odds: [{ provider: 1, margin: null, updatedAt: "", odds: [{ selectionTypeId: 1, value: home, flags: 0 }, { selectionTypeId: 2, value: draw, flags: 0 }] }, ...(stale ? [{ provider: 2, margin: null, updatedAt: "", stale: true as const, odds: [{ selectionTypeId: 1, value: 9, flags: 0 }] }] : [])] }],
});
const rule = (kind: RuleRow["kind"], threshold: number, subject: object, lastFired: object | null = null): RuleRow => ({
  id: "r1",
  user_id: "u1",
  kind,
  subject: JSON.stringify({ kind, ...subject }),
  event_id: null,
  threshold,
  channels: 7,
  muted_until: null,
  created_at: NOW,
  last_fired: lastFired && JSON.stringify(lastFired),
});

describe("judgeMove", () => {
  it("fires when a best price moved by the share against the reference, and moves only that reference", () => {
    const made = rule("move", 10, { eventId: heading.id }, { at: null, prices: { "1:1": 2.0, "1:2": 3.0 } });
    // A stale book's 9.00 is not a price to judge.
    const e = event(2.3, 3.1, true);
    const fired = judgeMove(made, e, bestPricesOf(e), markets, NOW);
    expect(fired && "payload" in fired && fired.payload.lines).toEqual(["Arsenal to win: 2.00 to 2.30 (+15.0 %) at Bet9ja"]);
    expect(JSON.parse(fired!.lastFired)).toEqual({ at: NOW, prices: { "1:1": 2.3, "1:2": 3.0 } });
  });
  it("does not fire under the share, and keeps a new outcome as a starting point without an alert", () => {
    const made = rule("move", 10, { eventId: heading.id }, { at: null, prices: { "1:1": 2.0 } });
    const e = event(2.1, 3.1);
    expect(judgeMove(made, e, bestPricesOf(e), markets, NOW)).toEqual({ rule: made, lastFired: JSON.stringify({ at: null, prices: { "1:1": 2.0, "1:2": 3.1 } }) });
  });
});

describe("judgeDrop", () => {
  const drop = (competitionId: number, dropPct: number): OutcomeDrop => ({ event: { ...heading, competitionId }, marketId: 1, selectionTypeId: 1, dropPct, books: [{ provider: 3, from: 2.0, to: 2.0 * (1 - dropPct / 100), dropPct, at: "" }] });
  const listed = new Map([[heading.id, event(1.76, 3.1)]]);
  it("fires for the chosen competitions only, past the threshold, and again only a point further", () => {
    const made = rule("drop", 10, { competitions: [1] });
    expect(judgeDrop(made, [drop(2, 30)], listed, markets, NOW).firings).toEqual([]);
    const first = judgeDrop(made, [drop(1, 12)], listed, markets, NOW);
    expect(first.firings.map((f) => f.payload.title)).toEqual(["Dropping: Arsenal to win down 12.0 %"]);
    const after = { ...made, last_fired: first.firings[0]!.lastFired };
    expect(judgeDrop(after, [drop(1, 12.5)], listed, markets, NOW).firings).toEqual([]);
    expect(judgeDrop(after, [drop(1, 13)], listed, markets, NOW).firings).toHaveLength(1);
  });
  it("asks for a code for the dropping outcome at the book that pays most for it now, at that price", () => {
    const made = rule("drop", 10, { competitions: [] });
    const [firing] = judgeDrop(made, [drop(1, 12)], listed, markets, NOW).firings;
    expect(firing!.code).toEqual({ legs: [{ eventId: heading.id, marketId: 1, selectionTypeId: 1 }], providers: [1], priceKey: "1.76" });
    // An event no longer listed: the alert goes without a code.
    expect(judgeDrop(made, [drop(1, 12)], new Map(), markets, NOW).firings[0]!.code).toBeUndefined();
  });
  it("forgets the drops of events no longer listed", () => {
    const made = rule("drop", 10, { competitions: [] }, { at: NOW, drops: { [`${heading.id}:1:1`]: 12 } });
    expect(judgeDrop(made, [], new Map(), markets, NOW).baselines.map((b) => JSON.parse(b.lastFired))).toEqual([{ at: NOW, drops: {} }]);
  });
});
