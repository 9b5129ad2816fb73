import { randomBytes } from "node:crypto";
import type { Request, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import type { OddsResponse, OddsSummary, SessionUser, UserProfile } from "#shared/contract.ts";
import { oddsChecksum } from "#shared/checksum.ts";
import { DEFAULT_TIME_ZONE, type ServerContext } from "#client/server-context.ts";
import type { SessionCookies } from "./bff/cookies.ts";
import type { SessionKeeper } from "./bff/session.ts";
import type { Upstream } from "./bff/upstream.ts";
import type { PrerenderedPage } from "./render/assets.ts";
import { contentSecurityPolicy } from "./render/csp.ts";
import { STATIC_500 } from "./render/document.ts";
import { renderRoute, type RenderAssets } from "./render/render.tsx";

/** Cache headers of prerendered public pages (DESIGN section 6). */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=600, stale-while-revalidate=86400";
const BOTS = /bot|crawler|spider|slurp|bingpreview|facebookexternalhit|lighthouse|headlesschrome|embedly|whatsapp/i;

function validTimeZone(value: string | undefined): string {
  if (!value) return DEFAULT_TIME_ZONE;
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: value });
    return value;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

function apiData<T>(answer: { status: number; body: Buffer }): T {
  if (answer.status !== 200) throw new Error(`odds API answered ${answer.status}`);
  return (JSON.parse(answer.body.toString("utf8")) as { data: T }).data;
}

export interface PagesDeps {
  assets: RenderAssets;
  prerendered: Map<string, PrerenderedPage & { html: Buffer; gzip?: Buffer; br?: Buffer }>;
  upstream: Upstream;
  cookies: SessionCookies;
  session: SessionKeeper;
  publicOrigin: string;
  logger: Logger;
  /** The renderer; tests replace it to prove the static 500 page. */
  render?: typeof renderRoute;
}

/** Serves prerendered public pages, and renders everything else per request. */
export function pagesHandler(deps: PagesDeps): RequestHandler {
  function servePrerendered(req: Request, res: Response, page: PagesDeps["prerendered"] extends Map<string, infer P> ? P : never) {
    res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL);
    res.setHeader("ETag", page.etag);
    res.setHeader("Content-Security-Policy", contentSecurityPolicy({ scriptHashes: page.scriptHashes, styleHashes: page.styleHashes }));
    res.setHeader("Vary", "Accept-Encoding");
    res.type("html");
    const match = req.header("if-none-match");
    if (match && match.split(",").some((tag) => tag.trim() === page.etag)) return void res.status(304).end();
    const accepts = req.header("accept-encoding") ?? "";
    if (page.br && /\bbr\b/.test(accepts)) return void res.setHeader("Content-Encoding", "br").send(page.br);
    if (page.gzip && /\bgzip\b/.test(accepts)) return void res.setHeader("Content-Encoding", "gzip").send(page.gzip);
    res.send(page.html);
  }

  async function serverContext(req: Request, res: Response): Promise<ServerContext> {
    const headers = { accept: "application/json", "x-request-id": req.id, "x-forwarded-for": req.ip ?? "" };
    const signedIn = deps.cookies.read(req);
    let token: string | undefined;
    let ak = "";
    let user: SessionUser | null = null;
    if (signedIn.access || signedIn.refresh) {
      const check = await deps.session.ensure(req, res, headers).catch(() => ({ ok: false as const, expired: false }));
      if (check.ok) {
        token = check.token;
        ak = check.claims.ak;
        const me = await deps.upstream.call("GET", "/users/me", { headers: { ...headers, authorization: `Bearer ${token}` } }).catch(() => undefined);
        if (me?.status === 200) {
          const profile = apiData<UserProfile>(me);
          user = { id: check.claims.sub, username: profile.username, country: String(profile.country), registrationDate: profile.registrationDate };
        }
      }
    }
    const withToken = { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) };
    return {
      server: true,
      user,
      timeZone: validTimeZone((req.cookies as Record<string, string | undefined>).tz),
      now: Date.now(),
      data: {
        summary: async (country) => apiData<OddsSummary>(await deps.upstream.call("GET", `/odds/summary?country=${country}`, { headers: withToken })),
        odds: async (q) => {
          const k = oddsChecksum(ak, q);
          return apiData<OddsResponse>(await deps.upstream.call("GET", `/odds?country=${q.country}&competition=${q.competition}&market=${q.market}&k=${k}`, { headers: withToken }));
        },
        me: async () => apiData<UserProfile>(await deps.upstream.call("GET", "/users/me", { headers: withToken })),
      },
    };
  }

  return async (req, res) => {
    const page = deps.prerendered.get(req.path);
    if (page) return servePrerendered(req, res, page);

    const nonce = randomBytes(16).toString("base64");
    try {
      const context = await serverContext(req, res);
      const outcome = await (deps.render ?? renderRoute)({
        url: `${deps.publicOrigin}${req.originalUrl}`,
        headers: { "user-agent": req.header("user-agent") ?? "" },
        context,
        assets: deps.assets,
        nonce,
        waitForAll: BOTS.test(req.header("user-agent") ?? ""),
      });
      res.setHeader("Cache-Control", "private, no-store");
      if (outcome.kind === "redirect") return void res.redirect(outcome.status === 301 ? 301 : 302, outcome.location);
      if (outcome.kind === "error") throw outcome.error;
      res.status(outcome.status);
      res.setHeader("Content-Security-Policy", contentSecurityPolicy({ nonce }));
      res.type("html");
      outcome.pipe(res);
    } catch (error) {
      req.log.error({ err: error }, "page render failed");
      if (!res.headersSent) res.status(500).setHeader("Cache-Control", "no-store").type("html").send(STATIC_500);
    }
  };
}
