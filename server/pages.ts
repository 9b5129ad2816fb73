import { randomBytes } from "node:crypto";
import type { Request, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import type { RouteObject } from "react-router";
import { chooseCoding, codedEtag, etagMatches, type Coding } from "#lib/node/content-coding.ts";
import { DEFAULT_TIME_ZONE, type ServerContext } from "#client/server-context.ts";
import { pageSession, type PageDataDeps } from "./bff/data-source.ts";
import type { PrerenderedPage } from "./render/assets.ts";
import { contentSecurityPolicy, STATIC_PAGE_POLICY } from "./render/csp.ts";
import { PREVIEW_PATH } from "./render/preview-page.ts";
import { STATIC_500 } from "./render/document.ts";
import { RENDER_TIMEOUT_MS, renderRoute, type RenderAssets } from "./render/render.tsx";
import { isbot } from "isbot";
import type { FormTokens } from "./lite/form-token.ts";
import { takeFlash } from "./lite/flash.ts";
import { wantsLite } from "./lite/lite-mode.ts";
import { hasForms } from "#client/route-paths.ts";

/** Cache headers of prerendered public pages (docs/design.md, Public pages). */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=600, stale-while-revalidate=86400";
/** The Nigeria page carries live preview odds (docs/product.md, Preview odds in the first HTML): a CDN keeps it half a minute, not ten. */
export const PREVIEW_CACHE_CONTROL = "public, max-age=0, s-maxage=30, stale-while-revalidate=60";

function validTimeZone(value: string | undefined): string {
  if (!value) return DEFAULT_TIME_ZONE;
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: value });
    return value;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/** The BFF's own parts (upstream, cookies, session keeper, odds cache): pages load their data through them. */
export interface PagesDeps extends PageDataDeps {
  assets: RenderAssets;
  /** Paths whose pages have assets of their own (the dashboard's inline stylesheet holds only its rules). */
  pageAssets?: Map<string, RenderAssets>;
  prerendered: Map<string, PrerenderedPage & { html: Buffer; gzip?: Buffer; br?: Buffer }>;
  publicOrigin: string;
  logger: Logger;
  /** The route tree: client/routes.tsx unless a test brings its own. */
  routes?: RouteObject[];
  /** HTML forms' CSRF tokens (server/lite/form-token.ts): the pages with a form carry one. */
  formTokens: FormTokens;
  /** Cookies are Secure (PUBLIC_ORIGIN is https). */
  secureCookies: boolean;
  /** Loaders and render together (docs/design.md, Streamed server rendering: abort at 10 s); tests shorten it. */
  renderTimeoutMs?: number;
}

type ServedPage = PagesDeps["prerendered"] extends Map<string, infer P> ? P : never;

const CODINGS = ["br", "gzip"] as const;

/** The page in the coding the browser takes best among those the build wrote, with that representation's ETag. */
function pickCoding(page: ServedPage, headers: Request["headers"]): { body: Buffer; coding: Coding; etag: string } {
  const coded = { br: page.br, gzip: page.gzip };
  const coding = chooseCoding(headers, CODINGS.filter((c) => coded[c]));
  const body = (coding !== "identity" && coded[coding]) || page.html;
  return { body, coding, etag: codedEtag(page.etag, coding) };
}

/** A prerendered public page, cached by CDNs and revalidated by its ETag. */
function servePrerendered(req: Request, res: Response, page: ServedPage) {
  const chosen = pickCoding(page, req.headers);
  res.setHeader("Cache-Control", req.path === PREVIEW_PATH ? PREVIEW_CACHE_CONTROL : PUBLIC_CACHE_CONTROL);
  res.setHeader("ETag", chosen.etag);
  res.setHeader("Content-Security-Policy", contentSecurityPolicy({ scriptHashes: page.scriptHashes, styleHashes: page.styleHashes }));
  // Save-Data asks for the lite page, rendered per request instead (a lite choice made in a cookie is
  // the web tier's to see: a shared cache in front would have to pass that cookie through).
  res.setHeader("Vary", "Accept-Encoding, Save-Data");
  res.type("html");
  if (etagMatches(req.header("if-none-match"), chosen.etag)) return void res.status(304).end();
  if (chosen.coding !== "identity") res.setHeader("Content-Encoding", chosen.coding);
  res.send(chosen.body);
}

/** What the route loaders get: who is signed in and the BFF's data source for this request (docs/design.md, One data path per screen). */
async function serverContext(deps: PagesDeps, req: Request, res: Response, deadline: AbortSignal): Promise<ServerContext> {
  const { user, unavailable, data } = await pageSession(deps, req, res, deadline);
  return {
    server: true,
    user,
    sessionUnavailable: unavailable,
    apiLastAnsweredAt: unavailable ? deps.upstream.lastAnsweredAt : null,
    timeZone: validTimeZone((req.cookies as Record<string, string | undefined>).tz),
    now: Date.now(),
    path: req.originalUrl,
    data,
    // Only pages with a form get the form token's cookie: no other answer sets a cookie it does not
    // need, and an outage page (the session could not be checked) sets none at all.
    form: hasForms(req.path) && !unavailable ? { token: deps.formTokens.issue(req, res), flash: takeFlash(req, res, deps.secureCookies) } : undefined,
  };
}

/** Serves prerendered public pages, and renders everything else per request. */
export function pagesHandler(deps: PagesDeps): RequestHandler {
  return async (req, res) => {
    // A lite page is rendered whole, without the app's script (lite/lite-mode.ts): never the prerendered one.
    const lite = wantsLite(req);
    const page = lite ? undefined : deps.prerendered.get(req.path);
    if (page) return servePrerendered(req, res, page);

    const nonce = randomBytes(16).toString("base64");
    // One deadline for the loaders' upstream calls and the render.
    const deadline = AbortSignal.timeout(deps.renderTimeoutMs ?? RENDER_TIMEOUT_MS);
    try {
      const context = { ...(await serverContext(deps, req, res, deadline)), ...(lite ? { lite } : {}) };
      const outcome = await renderRoute({
        url: `${deps.publicOrigin}${req.originalUrl}`,
        // The Cookie header too: the dashboard's loader reads the remembered view from it (client/finder/view-choice.ts).
        headers: { "user-agent": req.header("user-agent") ?? "", cookie: req.header("cookie") ?? "" },
        context,
        assets: deps.pageAssets?.get(req.path) ?? deps.assets,
        nonce,
        // Crawlers, link previews (WhatsApp, Facebook), Lighthouse and headless browsers get the whole page at once (isbot's list).
        // So do lite pages, which have no script to fill in a streamed part.
        waitForAll: lite || isbot(req.header("user-agent") ?? ""),
        lite,
        signal: deadline,
        routes: deps.routes,
        log: req.log,
      });
      res.setHeader("Cache-Control", "private, no-store");
      if (outcome.kind === "redirect") return void res.redirect(outcome.status === 301 ? 301 : 302, outcome.location);
      if (outcome.kind === "error") throw outcome.error;
      // A page that could not check its session is an outage, not a success.
      res.status(context.sessionUnavailable && outcome.status === 200 ? 503 : outcome.status);
      res.setHeader("Content-Security-Policy", contentSecurityPolicy({ nonce }));
      res.type("html");
      outcome.pipe(res);
    } catch (error) {
      req.log.error({ err: error }, "page render failed");
      if (!res.headersSent) res.status(500).setHeader("Cache-Control", "no-store").setHeader("Content-Security-Policy", STATIC_PAGE_POLICY).type("html").send(STATIC_500);
    }
  };
}
