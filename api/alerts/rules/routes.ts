import { Router, type RequestHandler } from "express";
import { ENDPOINTS } from "#shared/contract.ts";
import { contractData } from "../../http/endpoints.ts";
import { parseRuleChange, parseRuleRequest, parseSettings } from "./request.ts";
import { alertsView, changeRule, createRule, removeRule, saveAlertSettings, type RulesDeps } from "./service.ts";

/** A rule's id from the path: text of at most 100 characters (a longer one names no rule). */
const idOf = (params: Record<string, unknown>) => (typeof params.id === "string" ? params.id.slice(0, 100) : "");

/**
 * The rules API (docs/design.md, Alerts API), mounted at the API's root: validate, call, answer.
 * `onWritten` tells detection a rule changed (this replica reloads at once; others by the version).
 */
export function rulesRouter(deps: RulesDeps, auth: RequestHandler, onWritten: () => void): Router {
  const router = Router();
  router.get(ENDPOINTS.alerts.path, auth, async (req, res) => {
    res.json(contractData<"alerts">(await alertsView(deps, req.auth!.sub)));
  });
  router.post(ENDPOINTS.createAlert.path, auth, async (req, res) => {
    const request = parseRuleRequest(req.body);
    const { view, created } = await createRule(deps, req.auth!.sub, request);
    if (created) onWritten();
    res.status(created ? 201 : 200).json(contractData<"createAlert">(view));
  });
  // Before "/:id", so "settings" is never read as a rule's id.
  router.put(ENDPOINTS.alertSettings.path, auth, async (req, res) => {
    res.json(contractData<"alertSettings">(await saveAlertSettings(deps, req.auth!.sub, parseSettings(req.body))));
  });
  router.patch(ENDPOINTS.changeAlert.path, auth, async (req, res) => {
    const id = idOf(req.params);
    const change = parseRuleChange(req.body, id);
    const view = await changeRule(deps, req.auth!.sub, id, change);
    onWritten();
    res.json(contractData<"changeAlert">(view));
  });
  router.delete(ENDPOINTS.deleteAlert.path, auth, async (req, res) => {
    await removeRule(deps, req.auth!.sub, idOf(req.params));
    onWritten();
    res.json(contractData<"deleteAlert">({ ok: true }));
  });
  return router;
}
