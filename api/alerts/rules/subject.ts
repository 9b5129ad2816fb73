/**
 * What a rule follows, as stored and as shown (docs/design.md, What a bettor follows): the channel
 * bitmask, the subject's one canonical JSON (two requests for the same thing are one rule), and its
 * title in words from the catalogue and the event.
 */
import type { AlertChannelName, AlertSubject } from "#shared/alerts-contract.ts";
import { ALERT_CHANNEL_NAMES } from "#shared/alerts-contract.ts";
import type { LegMarkets } from "../../betslip/leg-markets.ts";

/** Each channel's bit in `alert_rules.channels` (api/db/schema.ts). */
const CHANNEL_BITS: Readonly<Record<AlertChannelName, number>> = { telegram: 1, push: 2, email: 4 };
export const EVERY_CHANNEL = 7;

/** The request's channels as the stored mask: none named is every channel the bettor has. */
export function channelMask(channels: readonly AlertChannelName[]): number {
  const mask = channels.reduce((bits, name) => bits | CHANNEL_BITS[name], 0);
  return mask === 0 ? EVERY_CHANNEL : mask;
}

export function channelNames(mask: number): AlertChannelName[] {
  return ALERT_CHANNEL_NAMES.filter((name) => (mask & CHANNEL_BITS[name]) !== 0);
}

/** The subject with its keys in one order and its competitions sorted: equal subjects, equal text. */
export function canonicalSubject(subject: AlertSubject): string {
  switch (subject.kind) {
    case "target":
      return JSON.stringify({ kind: subject.kind, eventId: subject.eventId, marketId: subject.marketId, selectionTypeId: subject.selectionTypeId });
    case "move":
      return JSON.stringify({ kind: subject.kind, eventId: subject.eventId });
    case "drop":
      return JSON.stringify({ kind: subject.kind, competitions: [...new Set(subject.competitions)].sort((a, b) => a - b) });
    default:
      return JSON.stringify({ kind: subject.kind });
  }
}

export const subjectEventId = (subject: AlertSubject): string | null => (subject.kind === "target" || subject.kind === "move" ? subject.eventId : null);

/** Decimal odds as every screen writes them: two decimals. */
export const priceText = (price: number) => price.toFixed(2);
const pct = (share: number) => `${Number.isInteger(share) ? share : share.toFixed(1)} %`;

export interface MatchNames {
  home: string;
  away: string;
}

/** An outcome in words: "Arsenal to win", "Draw", "Over 2.5 goals: Over 2.5", the side named by its team. */
export function outcomeWords(markets: LegMarkets, match: MatchNames | undefined, marketId: number, selectionTypeId: number): string {
  const market = markets(marketId);
  const label = market?.selections.find((s) => s.id === selectionTypeId)?.label ?? `Selection ${selectionTypeId}`;
  const side = (text: string) => (match ? text.replace(/^Home\b/, match.home).replace(/^Away\b/, match.away) : text);
  // 1X2's outcomes are said as a bettor says them.
  if (marketId === 1 && match && (selectionTypeId === 1 || selectionTypeId === 3)) return `${selectionTypeId === 1 ? match.home : match.away} to win`;
  if (marketId === 1) return side(label);
  return `${market?.name ?? `Market ${marketId}`}: ${side(label)}`;
}

const matchName = (match: MatchNames | undefined, eventId: string) => (match ? `${match.home} v ${match.away}` : `Match ${eventId}`);

/** A rule's title (AlertRuleView.title): "Arsenal v Chelsea: Arsenal to win at 2.50 or more". */
export function ruleTitle(
  subject: AlertSubject,
  threshold: number,
  names: { markets: LegMarkets; match: (eventId: string) => MatchNames | undefined; competition: (id: number) => string | undefined },
): string {
  switch (subject.kind) {
    case "target": {
      const match = names.match(subject.eventId);
      return `${matchName(match, subject.eventId)}: ${outcomeWords(names.markets, match, subject.marketId, subject.selectionTypeId)} at ${priceText(threshold)} or more`;
    }
    case "move":
      return `${matchName(names.match(subject.eventId), subject.eventId)}: any best price moving ${pct(threshold)} or more`;
    case "slip":
      return `My betslip: its best book changing, its best payout moving ${pct(threshold)} or more, a selection suspended or starting, and 30 minutes before kick-off`;
    case "sure":
      return `New sure bets making ${pct(threshold)} or more after tax`;
    case "drop": {
      const where = subject.competitions.length === 0 ? "every competition" : subject.competitions.map((id) => names.competition(id) ?? `Competition ${id}`).join(", ");
      return `Odds dropping ${pct(threshold)} or more in ${where}`;
    }
  }
}
