import { randomBytes, timingSafeEqual } from "node:crypto";
import type { CookieOptions, Request, Response } from "express";
import { FORM_TOKEN_FIELD } from "#client/route-paths.ts";

const TOKEN_BYTES = 32;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * CSRF for HTML forms, which cannot send the JSON content type the BFF's guard asks for: a random
 * token in an HttpOnly cookie and the same token in a hidden field of each form (double submit),
 * plus the BFF's Origin rule whenever the browser sends an Origin or Sec-Fetch-Site. A cross-site
 * page can make a browser post a form, but it can neither read the cookie nor set it, so it cannot
 * put the token in the form.
 */
export function createFormTokens(secure: boolean, publicOrigin: string, production: boolean) {
  const name = `${secure ? "__Host-" : ""}afriodds_form`;
  const options: CookieOptions = { httpOnly: true, secure, sameSite: "lax", path: "/" };
  const held = (req: Request): string | undefined => {
    const value = (req.cookies as Record<string, unknown> | undefined)?.[name];
    return typeof value === "string" && TOKEN.test(value) ? value : undefined;
  };

  return {
    /** The token for this visitor's forms, set as a cookie the first time. */
    issue(req: Request, res: Response): string {
      const known = held(req);
      if (known) return known;
      const token = randomBytes(TOKEN_BYTES).toString("base64url");
      res.cookie(name, token, options);
      return token;
    },
    /** Whether a form post is the site's own: its field matches the cookie, from our origin when the browser says where from. */
    accepts(req: Request): boolean {
      const cookie = held(req);
      const field = (req.body as Record<string, unknown> | undefined)?.[FORM_TOKEN_FIELD];
      if (!cookie || typeof field !== "string" || field.length !== cookie.length) return false;
      if (!timingSafeEqual(Buffer.from(field), Buffer.from(cookie))) return false;
      return fromOurOrigin(req, publicOrigin, production);
    },
  };
}

export type FormTokens = ReturnType<typeof createFormTokens>;

/**
 * The BFF's Origin rule (server/bff/csrf.ts) for forms: a browser that names the origin must name
 * ours. Opera Mini's servers and some older browsers send neither header; the token alone holds then.
 */
function fromOurOrigin(req: Request, publicOrigin: string, production: boolean): boolean {
  const origin = req.header("origin");
  if (origin !== undefined && origin !== "null") {
    return origin === publicOrigin || (!production && origin === `${req.protocol}://${req.get("host")}`);
  }
  if (origin === "null") return false;
  const site = req.header("sec-fetch-site");
  return site === undefined || site === "same-origin" || site === "none";
}
