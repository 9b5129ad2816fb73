import type { CookieOptions, Request, Response } from "express";
import { decodeJwt } from "jose";

export const REFRESH_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Tokens live only in HttpOnly cookies (docs/design.md, Tokens in cookies). Over HTTPS the names carry the
 * `__Host-` prefix, which the browser accepts only with Secure, Path=/ and no Domain.
 */
export function sessionCookies(secure: boolean) {
  const prefix = secure ? "__Host-" : "";
  const access = `${prefix}afriodds_at`;
  const refresh = `${prefix}afriodds_rt`;
  const base: CookieOptions = { httpOnly: true, secure, sameSite: "lax", path: "/" };

  return {
    read(req: Request): { access?: string; refresh?: string } {
      const cookies = (req.cookies ?? {}) as Record<string, unknown>;
      // cookie-parser turns a `j:` value into an object: a token is only ever a non-empty string.
      const token = (name: string) => (typeof cookies[name] === "string" && cookies[name] ? cookies[name] : undefined);
      return { access: token(access), refresh: token(refresh) };
    },
    set(res: Response, tokens: { token: string; refreshToken: string }) {
      res.cookie(access, tokens.token, { ...base, maxAge: 15 * 60 * 1000 });
      res.cookie(refresh, tokens.refreshToken, { ...base, maxAge: REFRESH_TTL_MS });
    },
    /** The current access token's subject (the user id); the API verifies the signature, not us. */
    readClaims(req: Request): { sub: string } | undefined {
      const token = this.read(req).access;
      try {
        const sub = token ? decodeJwt(token).sub : undefined;
        return sub ? { sub } : undefined;
      } catch {
        return undefined;
      }
    },
    /** Makes the rest of this request see tokens just issued (a retry after a 401 must use the new refresh token). */
    remember(req: Request, tokens: { token: string; refreshToken: string } | null) {
      const jar = (req.cookies ?? {}) as Record<string, string | undefined>;
      req.cookies = { ...jar, [access]: tokens?.token, [refresh]: tokens?.refreshToken };
    },
    clear(res: Response) {
      res.clearCookie(access, base);
      res.clearCookie(refresh, base);
    },
  };
}

export type SessionCookies = ReturnType<typeof sessionCookies>;
