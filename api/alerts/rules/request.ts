/**
 * The rules API's input (docs/design.md, Alerts API), checked before anything is read or written:
 * a clear VALIDATION_ERROR for each wrong field, never a 5xx (docs/design.md, Hostile input).
 */
import { z } from "zod";
import { ALERT_CHANNEL_NAMES, type AlertChannelName, type AlertKindName, type AlertRuleRequest, type AlertSettings } from "#shared/alerts-contract.ts";
import { AppError } from "../../http/errors.ts";
import { MAX_EVENT_ID_LENGTH } from "../../betslip/request.ts";

/** Each kind's threshold range and what it means (shared/alerts-contract.ts, AlertSubject). */
export const THRESHOLDS: Readonly<Record<AlertKindName, { min: number; max: number; words: string }>> = {
  target: { min: 1.01, max: 1000, words: "a price from 1.01 to 1000" },
  move: { min: 1, max: 100, words: "a share from 1 to 100 per cent" },
  slip: { min: 1, max: 100, words: "a share from 1 to 100 per cent" },
  sure: { min: 0, max: 100, words: "a profit after tax from 0 to 100 per cent" },
  drop: { min: 1, max: 100, words: "a drop from 1 to 100 per cent" },
};

/** A bettor mutes a rule for at most 30 days. */
export const MAX_MUTE_HOURS = 720;
const MAX_COMPETITIONS = 50;

const keysOf = (issue: { code?: string; keys?: string[] }) => (issue.code === "unrecognized_keys" && issue.keys ? issue.keys.join(", ") : undefined);
const strict = <T extends z.ZodRawShape>(shape: T, what: string) =>
  z.strictObject(shape, { error: (issue) => (keysOf(issue) ? `${what} does not take ${keysOf(issue)}.` : `${what} must be an object.`) });

const CHANNELS_MESSAGE = `channels must be a list of ${ALERT_CHANNEL_NAMES.join(", ")} (none: every channel you have).`;
const channels = z
  .array(z.enum(ALERT_CHANNEL_NAMES as [AlertChannelName, ...AlertChannelName[]], { error: CHANNELS_MESSAGE }), { error: CHANNELS_MESSAGE })
  .max(ALERT_CHANNEL_NAMES.length, CHANNELS_MESSAGE)
  .refine((list) => new Set(list).size === list.length, CHANNELS_MESSAGE);
const eventId = z.string({ error: "eventId must be a match id." }).min(1, "eventId must be a match id.").max(MAX_EVENT_ID_LENGTH, "eventId must be a match id.");
const id = (field: string) => z.number({ error: `${field} must be a whole number.` }).int(`${field} must be a whole number.`).min(1, `${field} must be a whole number.`).max(2_147_483_647, `${field} is too large.`);
const threshold = (kind: AlertKindName) => {
  const { min, max, words } = THRESHOLDS[kind];
  const message = `threshold must be ${words}.`;
  return z.number({ error: message }).min(min, message).max(max, message);
};
const common = <K extends AlertKindName>(kind: K) => ({ kind: z.literal(kind), threshold: threshold(kind), channels: channels.default([]) });

const ruleRequest = z.discriminatedUnion(
  "kind",
  [
    strict({ ...common("target"), eventId, marketId: id("marketId"), selectionTypeId: id("selectionTypeId") }, "A target alert"),
    strict({ ...common("move"), eventId }, "A price-move alert"),
    strict(common("slip"), "A betslip alert"),
    strict(common("sure"), "A sure-bet alert"),
    strict({ ...common("drop"), competitions: z.array(id("Each competition"), { error: "competitions must be a list of competition ids." }).max(MAX_COMPETITIONS, `competitions holds at most ${MAX_COMPETITIONS} ids.`) }, "A dropping-odds alert"),
  ],
  { error: "kind must be one of target, move, slip, sure, drop." },
);

const ruleChange = strict(
  {
    id: z.string().optional(),
    muteHours: z.number({ error: `muteHours must be a whole number of hours from 0 to ${MAX_MUTE_HOURS}.` }).int(`muteHours must be a whole number of hours from 0 to ${MAX_MUTE_HOURS}.`).min(0, `muteHours must be a whole number of hours from 0 to ${MAX_MUTE_HOURS}.`).max(MAX_MUTE_HOURS, `muteHours must be a whole number of hours from 0 to ${MAX_MUTE_HOURS}.`).optional(),
    channels: channels.optional(),
    threshold: z.number({ error: "threshold must be a number." }).optional(),
  },
  "A change to an alert",
);

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;
const quietTime = (field: string) => {
  const message = `${field} must be a time as HH:MM (00:00 to 23:59), or null.`;
  return z.union([z.string({ error: message }).regex(HH_MM, message), z.null({ error: message })], { error: message });
};
const settings = strict(
  {
    timeZone: z.string({ error: "timeZone must be a time zone such as Africa/Lagos." }).min(1, "timeZone must be a time zone such as Africa/Lagos.").max(64, "timeZone must be a time zone such as Africa/Lagos."),
    quietFrom: quietTime("quietFrom"),
    quietTo: quietTime("quietTo"),
    emailOff: z.boolean({ error: "emailOff must be true or false." }),
  },
  "Alert settings",
);

function parsed<T>(result: z.ZodSafeParseResult<T>, fallback: string): T {
  if (!result.success) throw new AppError("VALIDATION_ERROR", result.error.issues[0]?.message ?? fallback);
  return result.data;
}

/** POST /users/alerts: a subject of one kind, its threshold in that kind's range, the channels. */
export function parseRuleRequest(body: unknown): AlertRuleRequest {
  return parsed(ruleRequest.safeParse(body), "The alert is not valid.");
}

export interface RuleChange {
  muteHours?: number | undefined;
  channels?: AlertChannelName[] | undefined;
  threshold?: number | undefined;
}

/** PATCH /users/alerts/:id: the body's id, when it gives one, is the path's. The threshold is checked against the rule's kind later. */
export function parseRuleChange(body: unknown, pathId: string): RuleChange {
  const change = parsed(ruleChange.safeParse(body), "The change is not valid.");
  if (change.id !== undefined && change.id !== pathId) throw new AppError("VALIDATION_ERROR", "The body's id is not the alert in the path.");
  if (change.muteHours === undefined && change.channels === undefined && change.threshold === undefined) {
    throw new AppError("VALIDATION_ERROR", "Say what to change: muteHours, channels or threshold.");
  }
  return { muteHours: change.muteHours, channels: change.channels, threshold: change.threshold };
}

/** A threshold in the range its rule's kind takes, or 400. */
export function checkThreshold(kind: AlertKindName, value: number): number {
  const { min, max, words } = THRESHOLDS[kind];
  if (!Number.isFinite(value) || value < min || value > max) throw new AppError("VALIDATION_ERROR", `threshold must be ${words}.`);
  return value;
}

/** Whether the runtime knows the zone (the IANA names Intl takes). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** PUT /users/alerts/settings: a zone Intl knows, quiet hours both set or both null. */
export function parseSettings(body: unknown): AlertSettings {
  const value = parsed(settings.safeParse(body), "The settings are not valid.");
  if (!isTimeZone(value.timeZone)) throw new AppError("VALIDATION_ERROR", `${value.timeZone.slice(0, 64)} is not a time zone we know: use a name such as Africa/Lagos.`);
  if ((value.quietFrom === null) !== (value.quietTo === null)) throw new AppError("VALIDATION_ERROR", "Give quiet hours both a start and an end, or neither.");
  if (value.quietFrom !== null && value.quietFrom === value.quietTo) throw new AppError("VALIDATION_ERROR", "Quiet hours must start and end at different times.");
  return value;
}

export const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
export const hhmmOf = (minutes: number): string => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
