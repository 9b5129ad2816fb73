import type { CookieOptions, Request, Response } from "express";
import type { FormFlash } from "#client/server-context.ts";
import { returnPath } from "#client/route-paths.ts";

/**
 * What a form page says after a post (docs/design.md, Pages without JavaScript): its message, what
 * the visitor had typed (never a password) and where to go after. It rides a short-lived HttpOnly
 * cookie that only that page is sent (its Path), read once, never the URL, where a link could put
 * words in our mouth.
 */
const FLASH_COOKIE = "afriodds_flash";
const FLASH_MAX_AGE_MS = 60_000;
const MAX_FIELDS = 8;

function flashOptions(secure: boolean, page: string): CookieOptions {
  return { httpOnly: true, secure, sameSite: "lax", path: page, maxAge: FLASH_MAX_AGE_MS };
}

/** What a post says on the page it goes back to: what happened, or why it did not. */
export type Said = { status: string } | { message: string };

/** Post/Redirect/Get: a 303 to `location`, never stored, so a reload or Back never posts again. */
export function seeOther(res: Response, location: string): void {
  res.setHeader("Cache-Control", "private, no-store");
  res.redirect(303, location);
}

/** Back to `page` (or on to it, at `location`: the page with its query), which then shows `flash`. */
export function flashTo(res: Response, secure: boolean, page: string, flash: FormFlash, location = page): void {
  res.cookie(FLASH_COOKIE, Buffer.from(JSON.stringify(flash)).toString("base64url"), flashOptions(secure, page));
  seeOther(res, location);
}

/** The flash left for this page by the post before, read once: the cookie goes with this answer. */
export function takeFlash(req: Request, res: Response, secure: boolean): FormFlash | undefined {
  const raw = (req.cookies as Record<string, unknown> | undefined)?.[FLASH_COOKIE];
  if (typeof raw !== "string") return undefined;
  res.clearCookie(FLASH_COOKIE, { ...flashOptions(secure, req.path), maxAge: undefined });
  try {
    return saneFlash(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
  } catch {
    return undefined;
  }
}

const text = (value: unknown, max: number) => (typeof value === "string" ? value.slice(0, max) : undefined);

/** A flash's map of texts by field name, at most MAX_FIELDS of them, each cut to `max`. */
function saneTexts(value: unknown, max: number): Record<string, string> {
  const texts: Record<string, string> = {};
  if (!value || typeof value !== "object") return texts;
  for (const [name, field] of Object.entries(value).slice(0, MAX_FIELDS)) {
    if (typeof field === "string") texts[name.slice(0, 40)] = field.slice(0, max);
  }
  return texts;
}

/** Only what a flash can hold: the cookie is ours, but it comes back from the browser. */
function saneFlash(value: unknown): FormFlash | undefined {
  if (!value || typeof value !== "object") return undefined;
  const flash = value as Record<string, unknown>;
  const problems = saneTexts(flash.problems, 300);
  return {
    ...(text(flash.message, 300) ? { message: text(flash.message, 300) } : {}),
    ...(text(flash.status, 300) ? { status: text(flash.status, 300) } : {}),
    fields: saneTexts(flash.fields, 320),
    ...(Object.keys(problems).length > 0 ? { problems } : {}),
    ...(flash.locked === true ? { locked: true } : {}),
    ...(returnPath(text(flash.next, 1000)) ? { next: returnPath(text(flash.next, 1000))! } : {}),
  };
}
