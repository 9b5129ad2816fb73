import type { Request, Response } from "express";
import { ENDPOINTS } from "#shared/contract.ts";
import { flashTo, seeOther } from "./flash.ts";
import { refusalOf, sessionCall, type FormDeps } from "./form-calls.ts";

const PROFILE = "/profile";

/** The single-use link's shape as the API answers it: nothing else is ever followed. */
const TELEGRAM_URL = /^https:\/\/t\.me\/\w{5,32}\?start=[A-Za-z0-9_-]{1,64}$/;

/**
 * POST /profile/telegram/link without JavaScript (docs/design.md, Alerts, Channels, Telegram):
 * the API's single-use link asked for, then the browser sent on to it, which opens Telegram; a
 * refusal goes back to the profile page saying why.
 */
export function telegramLinkPost(deps: FormDeps) {
  return async (req: Request, res: Response) => {
    const answer = await sessionCall(deps, req, res, { endpoint: ENDPOINTS.telegramLink, url: ENDPOINTS.telegramLink.path, body: {}, next: PROFILE });
    if (!answer) return;
    if (answer.status === 200) {
      const url = (JSON.parse(answer.body.toString("utf8")) as { data?: { url?: unknown } }).data?.url;
      if (typeof url === "string" && TELEGRAM_URL.test(url)) return seeOther(res, url);
    }
    flashTo(res, deps.secure, PROFILE, { message: answer.status === 200 ? "Telegram linking is not available right now." : refusalOf(answer).message, fields: {} });
  };
}

/** POST /profile/telegram/unlink without JavaScript: the link removed, and back to the profile page saying so. */
export function telegramUnlinkPost(deps: FormDeps) {
  return async (req: Request, res: Response) => {
    const answer = await sessionCall(deps, req, res, { endpoint: ENDPOINTS.telegramUnlink, url: ENDPOINTS.telegramUnlink.path, next: PROFILE });
    if (!answer) return;
    flashTo(res, deps.secure, PROFILE, answer.status === 200 ? { status: "Telegram unlinked: no more alerts there.", fields: {} } : { message: refusalOf(answer).message, fields: {} });
  };
}
