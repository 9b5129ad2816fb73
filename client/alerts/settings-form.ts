import type { AlertSettings } from "#shared/alerts-contract.ts";

/**
 * The Alerts page's settings form read into the contract's AlertSettings (docs/design.md, The sender:
 * quiet hours in the bettor's zone), by the app on submit and by the web tier from a post without
 * JavaScript (server/lite/alert-forms.ts), with one wording for what is wrong.
 */

/** The zones the form offers: the countries the site serves first, then a few where bettors travel. */
export const ALERT_TIME_ZONES = ["Africa/Lagos", "Africa/Accra", "Africa/Nairobi", "Africa/Johannesburg", "Africa/Cairo", "Europe/London", "Europe/Paris", "America/New_York", "Asia/Dubai", "UTC"] as const;

export const QUIET_HOURS_BOTH_MESSAGE = "Give quiet hours a start and an end, or leave both empty for none.";
export const QUIET_HOURS_TIME_MESSAGE = "Write quiet hours as 24-hour times, for example 22:00 and 07:00.";
export const TIME_ZONE_MESSAGE = "Choose a time zone from the list.";

/** The form's fields as typed: the zone, the quiet hours' start and end, and whether e-mail alerts are on ("on" when ticked). */
export interface SettingsFields {
  timeZone: string;
  quietFrom: string;
  quietTo: string;
  email: string;
}

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A zone the runtime knows (an IANA name), at most 64 characters. */
export function knownTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The settings the fields ask for, or what is wrong with them. */
export function settingsOfForm(fields: SettingsFields): { ok: true; settings: AlertSettings } | { ok: false; message: string } {
  const timeZone = fields.timeZone.trim();
  if (!knownTimeZone(timeZone)) return { ok: false, message: TIME_ZONE_MESSAGE };
  const from = fields.quietFrom.trim();
  const to = fields.quietTo.trim();
  if ((from === "") !== (to === "")) return { ok: false, message: QUIET_HOURS_BOTH_MESSAGE };
  if (from !== "" && (!HH_MM.test(from) || !HH_MM.test(to))) return { ok: false, message: QUIET_HOURS_TIME_MESSAGE };
  return { ok: true, settings: { timeZone, quietFrom: from || null, quietTo: to || null, emailOff: fields.email !== "on" } };
}
