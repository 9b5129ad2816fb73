import type { AlertChannelName, AlertRuleView } from "#shared/alerts-contract.ts";
import { formatOdds, zonedFormatter } from "#shared/format.ts";

/**
 * A rule as the Alerts page says it (docs/product.md, Alerts): its threshold in words, its channels,
 * and times in the bettor's zone. The title (what it follows) is the API's.
 */

const percent = (share: number) => `${Number.isInteger(share) ? share : share.toFixed(1)}%`;

/** "When the best price reaches 2.63 or more", "When a best price moves by 10% or more"... */
export function thresholdWords({ subject, threshold }: Pick<AlertRuleView, "subject" | "threshold">): string {
  switch (subject.kind) {
    case "target":
      return `When the best price reaches ${formatOdds(threshold)} or more`;
    case "move":
      return `When a best price moves by ${percent(threshold)} or more`;
    case "slip":
      return `When its best payout moves by ${percent(threshold)} or more, its best bookmaker changes, a selection is suspended or starts, and 30 minutes before its first kick-off`;
    case "sure":
      return threshold > 0 ? `New sure bets of ${percent(threshold)} profit or more after tax` : "Every new sure bet";
    case "drop":
      return `Prices dropping by ${percent(threshold)} or more${subject.competitions.length > 0 ? " in the competitions chosen" : ""}`;
  }
}

const CHANNEL_NAMES: Record<AlertChannelName, string> = { telegram: "Telegram", push: "Push", email: "E-mail" };

/** "Telegram, E-mail"; a rule with none listed goes to every channel the bettor has. */
export function channelWords(channels: readonly AlertChannelName[]): string {
  return channels.length === 0 ? "Every channel you have" : channels.map((c) => CHANNEL_NAMES[c]).join(", ");
}

const WHEN: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" };

/** "30 Nov, 14:05" in the bettor's zone; "-" for a time that cannot be read. */
export function alertTime(iso: string, timeZone: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "-" : zonedFormatter(WHEN, timeZone).format(date);
}

/** Whether the rule is muted at `now`. */
export const isMuted = (rule: Pick<AlertRuleView, "mutedUntil">, now: number): boolean => rule.mutedUntil !== null && Date.parse(rule.mutedUntil) > now;
