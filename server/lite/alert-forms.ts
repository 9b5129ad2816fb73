import type { Request, Response } from "express";
import type { AlertRuleView } from "#shared/alerts-contract.ts";
import { ENDPOINTS, endpointUrl } from "#shared/contract.ts";
import { alertOfTap } from "#client/alerts/alert-taps.ts";
import { settingsOfForm } from "#client/alerts/settings-form.ts";
import { ALERTS_PATH, hasForms, sitePath } from "#client/route-paths.ts";
import { contractShaped, readData } from "../bff/api-answers.ts";
import type { UpstreamAnswer } from "../bff/upstream.ts";
import { field, refusalOf, sessionCall, type FormDeps } from "./form-calls.ts";
import { flashTo, type Said } from "./flash.ts";

/**
 * The alerts as form posts (docs/design.md, Pages without JavaScript; Alerts): an "Alert me" tap from
 * the match page, the betslip or sure bets, and the Alerts page's mute, unmute, delete and settings.
 * Each makes the contract's call with the session, as the app does, then goes back to its page with
 * what happened. What the form says is checked here first: a post that is not one of ours calls nothing.
 */

/** The page an "Alert me" tap was made on, to go back to: one of ours with forms (its flash cookie's Path), else the Alerts page. */
export function alertBack(req: Request): string {
  const back = sitePath(field(req, "back"));
  return back && hasForms(back.split("?")[0]!) ? back : ALERTS_PATH;
}

/** A rule's id as a form sends it: the API's ids are short and plain, so anything else names no rule. */
const RULE_ID = /^[\w-]{1,64}$/;

/** The hours a Mute button asks: 24, or 0 to unmute (docs/product.md, Alerts). */
const MUTE_HOURS = new Set(["0", "24"]);

const ok = (answer: UpstreamAnswer) => answer.status >= 200 && answer.status < 300;

function back(deps: FormDeps, res: Response, to: string, said: Said): void {
  flashTo(res, deps.secure, to.split("?")[0]!, { ...said, fields: {} }, to);
}

/** What the page says after a refused alert call: the API's own description (such as the 50 rules reached), else ours. */
const refused = (answer: UpstreamAnswer, ours: string): Said => {
  const error = refusalOf(answer);
  return { message: error.code !== undefined && error.message ? error.message : ours };
};

export function createAlertPost(deps: FormDeps) {
  return async (req: Request, res: Response) => {
    const to = alertBack(req);
    const request = alertOfTap(field(req, "alert"), field(req, "event"));
    if (!request) return back(deps, res, to, { message: "That alert could not be read. Please try again." });
    const answer = await sessionCall(deps, req, res, { endpoint: ENDPOINTS.createAlert, url: ENDPOINTS.createAlert.path, body: request, next: to });
    if (!answer) return;
    if (!ok(answer)) return back(deps, res, to, refused(answer, "The alert could not be set. Please try again."));
    const rule = readData(deps.upstream, ENDPOINTS.createAlert, answer, contractShaped<AlertRuleView>());
    back(deps, res, to, { status: `Alert set: ${rule.title}. Your alerts are listed on the Alerts page.` });
  };
}

/** Mute for 24 hours, or unmute (`hours` 0). */
export function changeAlertPost(deps: FormDeps) {
  return async (req: Request, res: Response) => {
    const id = field(req, "id");
    const hours = field(req, "hours");
    if (!RULE_ID.test(id) || !MUTE_HOURS.has(hours)) return back(deps, res, ALERTS_PATH, { message: "That alert could not be changed. Please try again." });
    const body = { id, muteHours: Number(hours) };
    const answer = await sessionCall(deps, req, res, { endpoint: ENDPOINTS.changeAlert, url: endpointUrl(ENDPOINTS.changeAlert, { id }), body, next: ALERTS_PATH });
    if (!answer) return;
    if (!ok(answer)) return back(deps, res, ALERTS_PATH, refused(answer, "That alert could not be changed. Please try again."));
    back(deps, res, ALERTS_PATH, { status: hours === "0" ? "Alert unmuted." : "Alert muted for 24 hours." });
  };
}

export function deleteAlertPost(deps: FormDeps) {
  return async (req: Request, res: Response) => {
    const id = field(req, "id");
    if (!RULE_ID.test(id)) return back(deps, res, ALERTS_PATH, { message: "That alert could not be deleted. Please try again." });
    const answer = await sessionCall(deps, req, res, { endpoint: ENDPOINTS.deleteAlert, url: endpointUrl(ENDPOINTS.deleteAlert, { id }), body: { id }, next: ALERTS_PATH });
    if (!answer) return;
    if (!ok(answer)) return back(deps, res, ALERTS_PATH, refused(answer, "That alert could not be deleted. Please try again."));
    back(deps, res, ALERTS_PATH, { status: "Alert deleted." });
  };
}

/** Quiet hours, their zone and e-mail alerts on or off. */
export function alertSettingsPost(deps: FormDeps) {
  return async (req: Request, res: Response) => {
    const read = settingsOfForm({ timeZone: field(req, "timeZone"), quietFrom: field(req, "quietFrom"), quietTo: field(req, "quietTo"), email: field(req, "email") });
    if (!read.ok) return back(deps, res, ALERTS_PATH, { message: read.message });
    const answer = await sessionCall(deps, req, res, { endpoint: ENDPOINTS.alertSettings, url: ENDPOINTS.alertSettings.path, body: read.settings, next: ALERTS_PATH });
    if (!answer) return;
    if (!ok(answer)) return back(deps, res, ALERTS_PATH, refused(answer, "Your alert settings could not be saved. Please try again."));
    back(deps, res, ALERTS_PATH, { status: "Alert settings saved." });
  };
}
