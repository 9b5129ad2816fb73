/**
 * The alerts' part of the contract (docs/design.md, Alerts): what a bettor follows, where alerts
 * reach them, and the channels' own calls. Types only, with the few limits both tiers check.
 */

export type AlertKindName = "target" | "move" | "slip" | "sure" | "drop";
export type AlertChannelName = "telegram" | "push" | "email";
export const ALERT_CHANNEL_NAMES: readonly AlertChannelName[] = ["telegram", "push", "email"];

/** At most this many rules a bettor (docs/design.md, What a bettor follows). */
export const MAX_ALERT_RULES = 50;

/**
 * What a rule watches, with its threshold's meaning:
 * - `target`: one outcome; threshold: the price (decimal odds, 1.01-1000) the best price reaches or passes;
 * - `move`: one match's prices; threshold: the share (per cent, 1-100) a best price moves by;
 * - `slip`: the saved betslip; threshold: the share (per cent, 1-100) its best net payout moves by
 *   (its best book changing, a leg suspended or starting, 30 minutes before its first kick-off fire whatever it is);
 * - `sure`: new sure bets; threshold: the least profit after tax (per cent, 0-100);
 * - `drop`: dropping odds in `competitions` (all when empty); threshold: the least drop (per cent, 1-100).
 */
export type AlertSubject =
  | { kind: "target"; eventId: string; marketId: number; selectionTypeId: number }
  | { kind: "move"; eventId: string }
  | { kind: "slip" }
  | { kind: "sure" }
  | { kind: "drop"; competitions: number[] };

/** A new rule (POST /users/alerts). `channels` empty: every channel the bettor has. */
export type AlertRuleRequest = AlertSubject & { threshold: number; channels: AlertChannelName[] };

/** A change to one rule (PATCH /users/alerts/:id): mute for some hours (0 unmutes), other channels, another threshold. */
export type AlertRuleChange = { id: string; muteHours?: number; channels?: AlertChannelName[]; threshold?: number };

export type AlertRef = { id: string };

export type AlertRuleView = {
  id: string;
  subject: AlertSubject;
  /** What it follows in words: "Arsenal v Chelsea: Arsenal to win at 2.50 or more". */
  title: string;
  threshold: number;
  channels: AlertChannelName[];
  /** ISO time, or null when not muted. */
  mutedUntil: string | null;
  createdAt: string;
  /** ISO time of its last alert, or null. */
  lastFiredAt: string | null;
};

/** Quiet hours in the bettor's zone (HH:MM 24-hour), none when both are null; e-mail alerts off by one click. */
export type AlertSettings = { timeZone: string; quietFrom: string | null; quietTo: string | null; emailOff: boolean };

/** Where alerts can reach this bettor: what the Alerts page shows beside the rules. */
export type AlertChannelsView = {
  telegram: { available: boolean; linked: boolean; muted: boolean };
  push: { available: boolean; publicKey: string | null; subscriptions: number };
  email: { on: boolean };
};

export type AlertsView = { rules: AlertRuleView[]; settings: AlertSettings; channels: AlertChannelsView; maxRules: number };

/** A Telegram deep link with a single-use token, valid 10 minutes (POST /users/telegram/link). */
export type TelegramLink = { url: string; expiresAt: string };

/** A browser's push subscription as PushSubscription.toJSON() gives it. */
export type PushSubscriptionRequest = { endpoint: string; keys: { p256dh: string; auth: string } };
export type PushEndpointRequest = { endpoint: string };

/** The one-click unsubscribe of an alert mail (RFC 8058): the signed token from its link. */
export type AlertUnsubscribeRequest = { token: string };
