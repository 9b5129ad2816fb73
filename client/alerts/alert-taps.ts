import type { AlertRuleRequest } from "#shared/alerts-contract.ts";

/**
 * One "Alert me" tap (docs/design.md, What a bettor follows) as its button sends it: the rule's kind
 * and figures in the button's value (`target:1:1:2.63`, `move:10`, `slip:10`, `sure:1`), the match in
 * the form's `event` field. The same text the app reads on a tap and the web tier reads from a post
 * without JavaScript (server/lite/alert-forms.ts), so both make the one rule.
 */

/** The defaults of a tap: a match's prices moving by a tenth, a slip's best payout by a tenth, sure bets from 1 % after tax. */
export const DEFAULT_MOVE_SHARE = 10;
export const DEFAULT_SLIP_SHARE = 10;
export const DEFAULT_SURE_PROFIT = 1;

/** A target price alert's price: the next step above the best price now, 5 % up to two decimals (the contract's 1.01-1000). */
export function nextPriceStep(best: number): number {
  const step = Math.round(best * 105) / 100;
  return Math.min(1000, Math.max(1.01, step > best ? step : Math.round(best * 100 + 1) / 100));
}

/** The least profit a sure alert asks for: the list's chosen least profit, else 1 % (0 "any" would alert on every one). */
export const sureAlertProfit = (chosen: number): number => (chosen > 0 ? chosen : DEFAULT_SURE_PROFIT);

export type AlertTap =
  | { kind: "target"; marketId: number; selectionTypeId: number; price: number }
  | { kind: "move"; share: number }
  | { kind: "slip"; share: number }
  | { kind: "sure"; profit: number };

/** The button's value of a tap. */
export function alertTapValue(tap: AlertTap): string {
  switch (tap.kind) {
    case "target":
      return `target:${tap.marketId}:${tap.selectionTypeId}:${tap.price.toFixed(2)}`;
    case "move":
    case "slip":
      return `${tap.kind}:${tap.share}`;
    case "sure":
      return `sure:${tap.profit}`;
  }
}

/** An event id as a form sends it: as a betslip leg's (server/lite/betslip-forms.ts), never a path step. */
const EVENT_ID = /^[^/\\\s]{1,200}$/;
const ID = /^\d{1,9}$/;
const FIGURE = /^\d{1,4}(\.\d{1,2})?$/;

const figure = (text: string | undefined, min: number, max: number): number | undefined => {
  if (text === undefined || !FIGURE.test(text)) return undefined;
  const value = Number(text);
  return value >= min && value <= max ? value : undefined;
};

/**
 * The rule a tap asks for, to every channel the bettor has (`channels: []`), or undefined for a value
 * that is not one of ours: the contract's limits (shared/alerts-contract.ts, AlertSubject) checked here
 * too, so a hand-made post gets a clear answer before any call.
 */
export function alertOfTap(value: string, eventId: string): AlertRuleRequest | undefined {
  const [kind, ...parts] = value.split(":");
  const event = EVENT_ID.test(eventId) && eventId !== "." && eventId !== ".." ? eventId : undefined;
  if (kind === "target" && parts.length === 3 && event && ID.test(parts[0]!) && ID.test(parts[1]!)) {
    const price = figure(parts[2], 1.01, 1000);
    if (price === undefined) return undefined;
    return { kind, eventId: event, marketId: Number(parts[0]), selectionTypeId: Number(parts[1]), threshold: price, channels: [] };
  }
  if (parts.length !== 1) return undefined;
  if (kind === "move" && event) {
    const share = figure(parts[0], 1, 100);
    return share === undefined ? undefined : { kind, eventId: event, threshold: share, channels: [] };
  }
  if (kind === "slip") {
    const share = figure(parts[0], 1, 100);
    return share === undefined ? undefined : { kind, threshold: share, channels: [] };
  }
  if (kind === "sure") {
    const profit = figure(parts[0], 0, 100);
    return profit === undefined ? undefined : { kind, threshold: profit, channels: [] };
  }
  return undefined;
}
