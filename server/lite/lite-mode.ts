import { Router, type Request, type Response } from "express";
import { LITE_PATHS, sitePath } from "#client/route-paths.ts";
import { seeOther } from "./flash.ts";

/**
 * Lite pages (docs/design.md, Pages without JavaScript): the same pages rendered whole, without the
 * client bundle, its hydration data or any script, for phones that save data. Asked for by the
 * browser's `Save-Data: on`, or chosen with the footer's "Lite version" link and remembered in a
 * cookie; "Full site" undoes the choice, Save-Data or not.
 */
const LITE_COOKIE = "afriodds_lite";
const YEAR_MS = 365 * 24 * 3600 * 1000;

export function wantsLite(req: Request): boolean {
  const chosen = (req.cookies as Record<string, unknown> | undefined)?.[LITE_COOKIE];
  if (chosen === "1") return true;
  if (chosen === "0") return false;
  return req.header("save-data")?.trim().toLowerCase() === "on";
}

/** GET /lite/on and /lite/off: the choice, then back to the page it was made on. */
export function liteChoice(secure: boolean, publicOrigin: string): Router {
  const router = Router();
  const choose = (value: "1" | "0") => (req: Request, res: Response) => {
    res.cookie(LITE_COOKIE, value, { httpOnly: true, secure, sameSite: "lax", path: "/", maxAge: YEAR_MS });
    seeOther(res, backTo(req, publicOrigin));
  };
  router.get(LITE_PATHS.on, choose("1"));
  router.get(LITE_PATHS.off, choose("0"));
  return router;
}

/** The page the link was followed from when it is one of ours (its path and query), else home. */
function backTo(req: Request, publicOrigin: string): string {
  const referer = req.header("referer");
  if (!referer) return "/";
  try {
    const from = new URL(referer);
    const ours = from.origin === publicOrigin || from.host === req.get("host");
    if (!ours || (Object.values(LITE_PATHS) as string[]).includes(from.pathname)) return "/";
    // A path such as //evil.example (a page of ours that renders the footer) would leave the site.
    return sitePath(`${from.pathname}${from.search}`) ?? "/";
  } catch {
    return "/";
  }
}
