import type { BetslipLeg, BetslipLegView, BetslipRequest } from "#shared/contract.ts";
import { learnMarketNames, marketLabelOf, selectionLabelOf } from "../match/market-names.ts";

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

/** A leg with the names the betslip answer carries beyond the eight (BetslipLegView). */
type NamedLeg = BetslipLeg & Partial<Pick<BetslipLegView, "marketName" | "selectionName">>;

/** 'Arsenal vs Chelsea, 1X2 (Match Result): Home': what a leg is called in buttons and messages. */
export function legName(leg: NamedLeg, eventName: string): string {
  return `${eventName}, ${selectionName(leg)}`;
}

/** 'Home Over/Under 0.5': the answer's name beyond the eight, else the eight's or one the page learnt (client/match/market-names.ts). */
export const legMarketName = (leg: NamedLeg) => leg.marketName ?? marketLabelOf(leg.marketId);

/** 'Over 0.5', as legMarketName. */
export const legSelectionName = (leg: NamedLeg) => leg.selectionName ?? selectionLabelOf(leg.selectionTypeId);

/** '1X2 (Match Result): Home'; 'Home Over/Under 0.5: Over 0.5' beyond the eight. */
export const selectionName = (leg: NamedLeg) => `${legMarketName(leg)}: ${legSelectionName(leg)}`;

/**
 * Keeps the names a betslip answer gives its legs beyond the eight (docs/design.md, Betslip), so
 * the page's other messages and the odds tables' slip buttons name them too, as a match answer's do.
 */
export function learnLegNames(legs: readonly BetslipLegView[]): void {
  learnMarketNames(
    legs.flatMap((leg) =>
      leg.marketName === undefined ? [] : [{ marketId: leg.marketId, odds: [], name: leg.marketName, selections: leg.selectionName === undefined ? [] : [{ id: leg.selectionTypeId, label: leg.selectionName }] }],
    ),
  );
}

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
