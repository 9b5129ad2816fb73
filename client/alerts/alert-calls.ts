import { ApiError } from "#shared/error-decoding.ts";
import { ENDPOINTS, type BrowserAnswer, type BrowserRequest } from "#shared/contract.ts";
import { apiCall } from "../backend/http.ts";
import { browserUrl } from "../backend/endpoints.ts";

/**
 * The browser's alert calls (docs/design.md, Alerts API), typed by the contract's table. A rule's id
 * goes in the path; the whole request goes as the JSON body too, as the contract types it (and a write
 * must go as JSON for the web tier's CSRF check).
 */
export const alertCalls = {
  alerts: () => apiCall<BrowserAnswer<"alerts">>(ENDPOINTS.alerts.method, ENDPOINTS.alerts.path),
  createAlert: (body: BrowserRequest<"createAlert">) => apiCall<BrowserAnswer<"createAlert">>(ENDPOINTS.createAlert.method, ENDPOINTS.createAlert.path, body),
  changeAlert: (body: BrowserRequest<"changeAlert">) => apiCall<BrowserAnswer<"changeAlert">>(ENDPOINTS.changeAlert.method, browserUrl("changeAlert", { id: body.id }), body),
  deleteAlert: (body: BrowserRequest<"deleteAlert">) => apiCall<BrowserAnswer<"deleteAlert">>(ENDPOINTS.deleteAlert.method, browserUrl("deleteAlert", { id: body.id }), body),
  alertSettings: (body: BrowserRequest<"alertSettings">) => apiCall<BrowserAnswer<"alertSettings">>(ENDPOINTS.alertSettings.method, ENDPOINTS.alertSettings.path, body),
};

/**
 * What a refused alert call says: the API's own description when it gave one with a code (the 50
 * rules reached, a bad threshold, offline), else `ours`: never "HTTP error! status: 502".
 */
export function refusalWords(error: unknown, ours: string): string {
  return error instanceof ApiError && error.code !== undefined && error.message ? error.message : ours;
}
