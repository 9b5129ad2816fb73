import type { BetslipLeg, BetslipLegView, BetslipRequest } from "#shared/contract.ts";
import { marketLabelOf, selectionLabelOf } from "../match/market-names.ts";

/** What the slip holds, as PUT /users/betslip takes it: the stake in naira and the legs in the order added. */
export type SlipContent = BetslipRequest;

/** The event a table's selections belong to, for the tables that can add them to the betslip. */
export interface SlipEvent {
  id: string;
  name: string;
}

/** A new user's slip, as the API answers it before anything was saved. */
export const EMPTY_SLIP: SlipContent = { stake: 1000, legs: [] };

export const sameLeg = (a: BetslipLeg, b: BetslipLeg) => a.eventId === b.eventId && a.marketId === b.marketId && a.selectionTypeId === b.selectionTypeId;

/** The legs with `leg` added; a leg of the same event is replaced where it stood (one selection per event). */
export function withLeg(legs: readonly BetslipLeg[], leg: BetslipLeg): BetslipLeg[] {
  const at = legs.findIndex((l) => l.eventId === leg.eventId);
  if (at === -1) return [...legs, leg];
  return legs.map((l, i) => (i === at ? leg : l));
}

export const withoutLeg = (legs: readonly BetslipLeg[], leg: BetslipLeg) => legs.filter((l) => !sameLeg(l, leg));

/** Only the fields the API stores: a leg view from the API carries its prices and links too. */
export const plainLeg = ({ eventId, marketId, selectionTypeId }: BetslipLeg): BetslipLeg => ({ eventId, marketId, selectionTypeId });

/** One text per slip content, so two slips compare equal when stake and legs are the same, whatever the legs' order. */
export function slipKey({ stake, legs }: SlipContent): string {
  return `${stake}|${legs.map((l) => `${l.eventId}:${l.marketId}:${l.selectionTypeId}`).sort().join(",")}`;
}

/** 'Arsenal vs Chelsea, 1X2 (Match Result): Home': what a leg is called in buttons and messages. */
export function legName(leg: BetslipLeg, eventName: string): string {
  return `${eventName}, ${selectionName(leg)}`;
}

/** '1X2 (Match Result): Home'; beyond the eight as the match page's answer named them (client/match/market-names.ts). */
export const selectionName = (leg: BetslipLeg) => `${marketLabelOf(leg.marketId)}: ${selectionLabelOf(leg.selectionTypeId)}`;

/** '1 selection', '3 selections'. */
export const selectionCount = (n: number) => `${n} ${n === 1 ? "selection" : "selections"}`;

/**
 * Whether a selection can still be bet, as the API counts it (`Betslip.biddable`): not when its match
 * has started, nor when no bookmaker prices it any longer. Those count at no bookmaker, so they never
 * blank the comparison (docs/product.md, Betslip page).
 */
export function legState(leg: BetslipLegView): "biddable" | "started" | "unpriced" {
  if (leg.started) return "started";
  return leg.prices.length === 0 ? "unpriced" : "biddable";
}

/** A selection as a form posts it (server/lite/betslip-forms.ts): `marketId.selectionTypeId.eventId`, the event id last, as it may hold dots. */
export const legField = (leg: BetslipLeg): string => `${leg.marketId}.${leg.selectionTypeId}.${leg.eventId}`;
