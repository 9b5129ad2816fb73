/**
 * The rules a bettor follows (docs/design.md, What a bettor follows; Alerts API): listing with their
 * titles, creating (the subject checked against the store and the catalogue), changing, deleting,
 * and the bettor's alert settings. Routes call these; SQL is the repository's.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { MAX_ALERT_RULES, type AlertChannelsView, type AlertRuleRequest, type AlertRuleView, type AlertSettings, type AlertSubject, type AlertsView } from "#shared/alerts-contract.ts";
import type { OddsEvent } from "#shared/contract.ts";
import { legMarketsOf } from "../../betslip/leg-markets.ts";
import { readKnownEvents } from "../../betslip/leg-reads.ts";
import type { Catalogue } from "../../catalogue/catalogue.ts";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { bestPricesOf } from "../detect/prices.ts";
import { channelFacts, deleteRule, findRule, insertRule, listRules, readSettingsRow, saveSettingsRow, updateRule, type RuleRow } from "./repository.ts";
import { checkThreshold, hhmmOf, minutesOf, type RuleChange } from "./request.ts";
import { canonicalSubject, channelMask, channelNames, ruleTitle, subjectEventId } from "./subject.ts";

export interface RulesDeps {
  db: Kysely<Database>;
  catalogue: () => Catalogue;
  clock: () => number;
  /** The listed event as the odds cache holds it: a price-move rule starts from its best prices now. */
  listedEvent: (eventId: string) => OddsEvent | undefined;
  channels: { telegramAvailable: boolean; pushAvailable: boolean; pushPublicKey: () => string | null };
}

/** Quiet hours 22:00-07:00 in Lagos until the bettor says otherwise (docs/design.md, The sender). */
export const DEFAULT_ALERT_SETTINGS: AlertSettings = { timeZone: "Africa/Lagos", quietFrom: "22:00", quietTo: "07:00", emailOff: false };

const HOUR_MS = 3_600_000;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** When a rule last alerted (`last_fired.at`); a figure kept without an alert (a starting point) has none. */
export function lastFiredAt(row: Pick<RuleRow, "last_fired">): number | null {
  if (!row.last_fired) return null;
  const at = (JSON.parse(row.last_fired) as { at?: unknown }).at;
  return typeof at === "number" ? at : null;
}

async function viewsOf(deps: RulesDeps, rows: readonly RuleRow[]): Promise<AlertRuleView[]> {
  const events = await readKnownEvents(deps.db, rows.flatMap((row) => (row.event_id ? [row.event_id] : [])));
  const catalogue = deps.catalogue();
  const names = {
    markets: legMarketsOf(catalogue),
    match: (id: string) => events.get(id)?.heading,
    competition: (id: number) => catalogue.competitions.get(id)?.name,
  };
  const now = deps.clock();
  return rows.map((row) => {
    const subject = JSON.parse(row.subject) as AlertSubject;
    return {
      id: row.id,
      subject,
      title: ruleTitle(subject, row.threshold, names),
      threshold: row.threshold,
      channels: channelNames(row.channels),
      mutedUntil: row.muted_until !== null && row.muted_until > now ? iso(row.muted_until) : null,
      createdAt: new Date(row.created_at).toISOString(),
      lastFiredAt: iso(lastFiredAt(row)),
    };
  });
}

export async function readAlertSettings(db: Kysely<Database>, userId: string): Promise<AlertSettings> {
  const row = await readSettingsRow(db, userId);
  if (!row) return DEFAULT_ALERT_SETTINGS;
  return { timeZone: row.time_zone, quietFrom: row.quiet_from === null ? null : hhmmOf(row.quiet_from), quietTo: row.quiet_to === null ? null : hhmmOf(row.quiet_to), emailOff: row.email_off === 1 };
}

/** GET /users/alerts: the rules, the settings, and where alerts can reach this bettor. */
export async function alertsView(deps: RulesDeps, userId: string): Promise<AlertsView> {
  const [rows, settings, facts] = await Promise.all([listRules(deps.db, userId), readAlertSettings(deps.db, userId), channelFacts(deps.db, userId)]);
  const now = deps.clock();
  const channels: AlertChannelsView = {
    telegram: { available: deps.channels.telegramAvailable, linked: facts.telegram !== undefined, muted: (facts.telegram?.muted_until ?? 0) > now },
    push: { available: deps.channels.pushAvailable, publicKey: deps.channels.pushPublicKey(), subscriptions: facts.pushSubscriptions },
    email: { on: !settings.emailOff },
  };
  return { rules: await viewsOf(deps, rows), settings, channels, maxRules: MAX_ALERT_RULES };
}

/** The subject names a match that is still to come and, for a target, an outcome its catalogue market has. */
async function checkSubject(deps: RulesDeps, subject: AlertSubject): Promise<void> {
  const eventId = subjectEventId(subject);
  if (eventId !== null) {
    const known = (await readKnownEvents(deps.db, [eventId])).get(eventId);
    if (!known) throw new AppError("VALIDATION_ERROR", "We do not know that match: follow a match from its page.");
    if (known.kickoff <= deps.clock()) throw new AppError("VALIDATION_ERROR", `${known.heading.home} v ${known.heading.away} has started: alerts follow matches still to come.`);
  }
  if (subject.kind === "target") {
    const market = legMarketsOf(deps.catalogue())(subject.marketId);
    if (!market || market.retired) throw new AppError("VALIDATION_ERROR", "marketId must be a market id of the catalogue (GET /odds/markets).");
    if (!market.selections.some((s) => s.id === subject.selectionTypeId)) throw new AppError("VALIDATION_ERROR", `selectionTypeId must be one of ${market.name}'s selections.`);
  }
  if (subject.kind === "drop") {
    const unknown = subject.competitions.find((id) => !deps.catalogue().competitions.has(id));
    if (unknown !== undefined) throw new AppError("VALIDATION_ERROR", `Competition ${unknown} is not one we list.`);
  }
}

/** Where a rule starts from: a price-move rule from the match's best prices now (docs/design.md, What a bettor follows). */
function startingPoint(deps: RulesDeps, subject: AlertSubject): string | null {
  if (subject.kind !== "move") return null;
  const prices = Object.fromEntries([...bestPricesOf(deps.listedEvent(subject.eventId))].map(([key, best]) => [key, best.price]));
  return JSON.stringify({ at: null, prices });
}

/** POST /users/alerts: the new rule, or the bettor's rule of the same subject (201 and 200). */
export async function createRule(deps: RulesDeps, userId: string, request: AlertRuleRequest): Promise<{ view: AlertRuleView; created: boolean }> {
  const { threshold, channels, ...subject } = request;
  await checkSubject(deps, subject);
  const inserted = await insertRule(
    deps.db,
    { id: randomUUID(), userId, kind: subject.kind, subject: canonicalSubject(subject), eventId: subjectEventId(subject), threshold, channels: channelMask(channels), createdAt: deps.clock(), lastFired: startingPoint(deps, subject) },
    MAX_ALERT_RULES,
  );
  if (inserted === "full") throw new AppError("VALIDATION_ERROR", `You follow ${MAX_ALERT_RULES} alerts already: delete one to add another.`);
  const [view] = await viewsOf(deps, [inserted.row]);
  return { view: view!, created: inserted.created };
}

const notFound = () => new AppError("NOT_FOUND", "You have no such alert.");

/** PATCH /users/alerts/:id: mute for some hours (0 unmutes), other channels, another threshold in the kind's range. */
export async function changeRule(deps: RulesDeps, userId: string, id: string, change: RuleChange): Promise<AlertRuleView> {
  const row = await findRule(deps.db, userId, id);
  if (!row) throw notFound();
  const set: Partial<Pick<RuleRow, "muted_until" | "channels" | "threshold">> = {};
  if (change.threshold !== undefined) set.threshold = checkThreshold(row.kind, change.threshold);
  if (change.channels !== undefined) set.channels = channelMask(change.channels);
  if (change.muteHours !== undefined) set.muted_until = change.muteHours === 0 ? null : deps.clock() + change.muteHours * HOUR_MS;
  const updated = await updateRule(deps.db, userId, id, set);
  if (!updated) throw notFound();
  return (await viewsOf(deps, [updated]))[0]!;
}

export async function removeRule(deps: RulesDeps, userId: string, id: string): Promise<void> {
  if (!(await deleteRule(deps.db, userId, id))) throw notFound();
}

/** PUT /users/alerts/settings. */
export async function saveAlertSettings(deps: RulesDeps, userId: string, settings: AlertSettings): Promise<AlertSettings> {
  await saveSettingsRow(deps.db, {
    user_id: userId,
    time_zone: settings.timeZone,
    quiet_from: settings.quietFrom === null ? null : minutesOf(settings.quietFrom),
    quiet_to: settings.quietTo === null ? null : minutesOf(settings.quietTo),
    email_off: settings.emailOff ? 1 : 0,
    updated_at: deps.clock(),
  });
  return settings;
}
