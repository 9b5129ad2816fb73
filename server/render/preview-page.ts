import { brotliCompressSync, gzipSync } from "node:zlib";
import type { Logger } from "pino";
import { ENDPOINTS, endpointUrl, type OddsResponse } from "#shared/contract.ts";
import { LIVE_COUNTRY_ID } from "#shared/constants.ts";
import { partialDataSource } from "#client/loaders/source.ts";
import type { DataSource } from "#client/server-context.ts";
import { DEFAULT_TIME_ZONE } from "#client/server-context.ts";
import { oddsAnswer, readData } from "../bff/api-answers.ts";
import type { Upstream } from "../bff/upstream.ts";
import type { PrerenderedPage } from "./assets.ts";
import { inlineHashes, pageEtag } from "./inline-hashes.ts";
import { renderToString, type RenderAssets } from "./render.tsx";

export const PREVIEW_PATH = "/nigeria";
/** Asked this often whether the preview's odds changed (the API answers 304 when not). */
export const PREVIEW_REFRESH_MS = 30_000;
/** Asked again this soon while there is no preview to show (the API is down, or has no odds yet). */
const RETRY_MS = 5_000;
/** Re-rendered at least this often, so 'Today' and 'Tomorrow' follow the clock. */
const RERENDER_AT_LEAST_MS = 10 * 60_000;
const SAMPLE_BUDGET_MS = 5_000;

type ServedPage = PrerenderedPage & { html: Buffer; gzip?: Buffer; br?: Buffer };

export interface PreviewPageDeps {
  /** The prerendered pages the web tier serves: the Nigeria page's entry is replaced in place. */
  prerendered: Map<string, ServedPage>;
  /** The page's boot script and inline stylesheet, as the build wrote them (dist/client/page-assets.json). */
  assets: RenderAssets;
  upstream: Upstream;
  publicOrigin: string;
  logger: Logger;
  /** How often to ask (PREVIEW_REFRESH_MS by default); 0: never by itself, only when refresh() is called. */
  intervalMs?: number;
  clock?: () => number;
}

const unavailable = () => Promise.reject(new Error("the preview page loads only its sample"));

/**
 * The Nigeria page as the build prerenders it, with the sample's odds in it (its loader reads
 * `data.sample`). `assets`: the public pages' own (their boot script and inline stylesheet).
 */
export async function renderPreviewHtml(assets: RenderAssets, origin: string, sample: OddsResponse, now: number): Promise<string | undefined> {
  const data: DataSource = partialDataSource({ sample: async () => sample }, unavailable);
  const result = await renderToString({
    url: `${origin}${PREVIEW_PATH}`,
    context: { server: true, user: null, timeZone: DEFAULT_TIME_ZONE, now, data },
    assets,
    waitForAll: true,
    prerendered: true,
  });
  return "redirect" in result ? undefined : result.html;
}

async function renderPreviewPage(deps: PreviewPageDeps, sample: OddsResponse, now: number): Promise<ServedPage | undefined> {
  const html = await renderPreviewHtml(deps.assets, deps.publicOrigin, sample, now);
  if (html === undefined) return undefined;
  return { file: "nigeria.html", etag: pageEtag(html), ...inlineHashes(html), html: Buffer.from(html), gzip: gzipSync(html, { level: 9 }), br: brotliCompressSync(html) };
}

/**
 * Keeps the preview's odds in the Nigeria page's first HTML
 * (docs/product.md, Preview odds in the first HTML): the prerendered page is rendered again whenever the
 * public sample changes (or ten minutes have passed), and served as before, precompressed with its own ETag
 * and CSP hashes. While there is nothing to show (the API does not answer, or lists nothing yet) the
 * build's own page is served, which fetches the preview in the browser and says when it cannot; that state
 * is asked about again every 5 s.
 */
export function startPreviewPage(deps: PreviewPageDeps): { refresh(): Promise<boolean>; stop(): void } {
  const clock = deps.clock ?? Date.now;
  // The build's page: no odds in it, it fetches them in the browser (and says so when it cannot).
  const built = deps.prerendered.get(PREVIEW_PATH);
  let sampleTag: string | undefined;
  let renderedAt = 0;
  let showing = false;
  let running: Promise<boolean> | undefined;

  /** No preview to bake in: serve the build's page again, whose browser-side fetch tells the truth. */
  function withdraw() {
    if (built) deps.prerendered.set(PREVIEW_PATH, built);
    [sampleTag, showing] = [undefined, false];
  }

  async function refreshOnce(): Promise<boolean> {
    const stale = clock() - renderedAt >= RERENDER_AT_LEAST_MS;
    const headers: Record<string, string> = sampleTag && !stale ? { "if-none-match": sampleTag } : {};
    const answer = await deps.upstream.call(ENDPOINTS.sample.method, endpointUrl(ENDPOINTS.sample, { country: LIVE_COUNTRY_ID }), { headers, signal: AbortSignal.timeout(SAMPLE_BUDGET_MS) });
    if (answer.status === 304) return false;
    const sample = answer.status === 200 ? readData(deps.upstream, ENDPOINTS.sample, answer, oddsAnswer) : undefined;
    const page = sample?.events.length ? await renderPreviewPage(deps, sample, clock()) : undefined;
    if (!page) {
      withdraw();
      return false;
    }
    deps.prerendered.set(PREVIEW_PATH, page);
    sampleTag = typeof answer.headers.etag === "string" ? answer.headers.etag : undefined;
    [renderedAt, showing] = [clock(), true];
    return true;
  }

  /** One at a time; a failure is logged and the build's page is served until the next success. */
  function refresh(): Promise<boolean> {
    running ??= refreshOnce()
      .catch((error: unknown) => {
        deps.logger.warn({ err: error }, "the Nigeria page's preview could not be refreshed");
        withdraw();
        return false;
      })
      .finally(() => (running = undefined));
    return running;
  }

  return { refresh, stop: refreshOnATimer(refresh, () => showing, deps.intervalMs ?? PREVIEW_REFRESH_MS) };
}

/**
 * Calls `refresh` now, then again `intervalMs` after each one while the preview shows, and sooner
 * (RETRY_MS at most) while it does not; answers the function that stops it. `intervalMs` 0: never
 * by itself, only when refresh() is called (the tests).
 */
function refreshOnATimer(refresh: () => Promise<boolean>, showing: () => boolean, intervalMs: number): () => void {
  if (intervalMs === 0) return () => undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const loop = async () => {
    await refresh();
    if (stopped) return;
    timer = setTimeout(() => void loop(), showing() ? intervalMs : Math.min(intervalMs, RETRY_MS));
    timer.unref();
  };
  void loop();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
