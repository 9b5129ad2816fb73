import { PassThrough, Writable } from "node:stream";
import type { ReactNode } from "react";
import { renderToPipeableStream, type PipeableStream } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type RouteObject,
} from "react-router";
import { routes } from "#client/routes.tsx";
import type { ServerContext } from "#client/server-context.ts";
import { documentHead, DOCUMENT_TAIL, type PageCard } from "./document.ts";

/**
 * A route that makes a preview card for a shared link says how in its `handle` (client/pages/match.tsx):
 * from its loader's data and the viewer's time zone.
 */
interface CardHandle {
  card(data: unknown, timeZone: string): PageCard | undefined;
}

const isCardHandle = (handle: unknown): handle is CardHandle => typeof handle === "object" && handle !== null && typeof (handle as { card?: unknown }).card === "function";

export const RENDER_TIMEOUT_MS = 10_000;

export interface RenderAssets {
  /** The page's one script, compiled by the build from client/boot/boot.ts with the entry's URLs written in. */
  boot: string;
  /** Inlined in <head>: every rule the app uses, or (prerendered public pages) only the rules their markup uses. */
  css: string;
  /** A signed-in page's boot script by route id, which also preloads its page's chunks and the betslip's (scripts/build/all.ts). */
  routeBoots?: Record<string, string>;
}

/** The boot script for a page: its route's own when a user is signed in, else the common one. */
export function bootFor(assets: RenderAssets, routeId: string | undefined, signedIn: boolean): string {
  return (signedIn && routeId !== undefined ? assets.routeBoots?.[routeId] : undefined) ?? assets.boot;
}

export type RenderOutcome =
  | { kind: "redirect"; status: number; location: string }
  | { kind: "html"; status: number; pipe(destination: Writable): void }
  | { kind: "error"; error: unknown };

const handlers = new WeakMap<RouteObject[], ReturnType<typeof createStaticHandler>>();

function handlerFor(tree: RouteObject[]) {
  let handler = handlers.get(tree);
  if (!handler) handlers.set(tree, (handler = createStaticHandler(tree)));
  return handler;
}

export interface RenderOptions {
  url: string;
  headers?: HeadersInit;
  context: ServerContext;
  assets: RenderAssets;
  nonce?: string | undefined;
  waitForAll: boolean;
  /** A lite page (server/lite/lite-mode.ts): no script at all, neither the app's nor its hydration data. */
  lite?: boolean;
  prerendered?: boolean;
  signal?: AbortSignal;
  /** The route tree: client/routes.tsx unless a test brings its own. */
  routes?: RouteObject[];
  /** The request's logger (`req.log`, a pino child carrying the request id); the console when prerendering at build time. */
  log?: { error(details: object, message: string): void };
}

/**
 * Renders one route with React Router's static handler and `renderToPipeableStream`
 * (docs/design.md, Streamed server rendering). `waitForAll` for bots and prerendering (the whole page at
 * once), the shell first for browsers. One 10 s deadline covers the loaders and the render: `signal` aborts
 * both (the caller also hands it to the loaders' upstream calls). Every inline script carries `nonce` when
 * one is given. The stream is written with backpressure: a slow reader holds React back.
 */
export async function renderRoute(options: RenderOptions): Promise<RenderOutcome> {
  const signal = options.signal ?? AbortSignal.timeout(RENDER_TIMEOUT_MS);
  const handler = handlerFor(options.routes ?? routes);
  const request = new Request(options.url, { headers: options.headers, signal });
  const result = await untilAborted(handler.query(request, { requestContext: options.context }), signal);
  if (result instanceof Response) {
    return { kind: "redirect", status: result.status, location: result.headers.get("Location") ?? "/" };
  }
  const router = createStaticRouter(handler.dataRoutes, result);
  // The catch-all route is the not-found page: answer it with 404.
  const notFound = result.matches.some((m) => m.route.path === "*");
  const page = <StaticRouterProvider router={router} context={result} nonce={options.nonce} hydrate={!options.lite} />;
  const boot = bootFor(options.assets, result.matches.at(-1)?.route.id, options.context.user !== null);
  const card = result.matches
    .map((m) => (isCardHandle(m.route.handle) ? m.route.handle.card(result.loaderData[m.route.id], options.context.timeZone) : undefined))
    .find(Boolean);
  return streamPage(page, notFound ? 404 : result.statusCode, { ...options, assets: { ...options.assets, boot }, card }, signal);
}

/**
 * The query, or the deadline's reason once `signal` aborts. React Router stops its loaders through the
 * Request's own signal, which Node's fetch derives from ours and can stop following once the Request is
 * garbage collected (a known fault of undici's Request): under memory pressure a loader that never settles would
 * hold the page past its deadline. Racing our own signal keeps the deadline whatever the Request's fate.
 */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason as Error);
    signal.addEventListener("abort", stop, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", stop));
  });
}

/** Starts React's render; answers once the shell (or, with `waitForAll`, the whole page) is ready. */
function streamPage(
  page: ReactNode,
  status: number,
  options: RenderOptions & { card?: PageCard | undefined },
  signal: AbortSignal,
): Promise<RenderOutcome> {
  return new Promise<RenderOutcome>((resolve) => {
    let settled = false;
    const settle = (outcome: RenderOutcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const html = (): RenderOutcome => ({
      kind: "html",
      status,
      pipe: (destination) => pipeDocument(destination, stream, documentHeadFor(options), deadline, !options.lite),
    });
    const stream = renderToPipeableStream(page, {
      nonce: options.nonce,
      ...(options.lite ? {} : { bootstrapScriptContent: options.assets.boot }),
      onShellReady() {
        if (!options.waitForAll) settle(html());
      },
      onAllReady() {
        if (options.waitForAll) settle(html());
      },
      onShellError(error) {
        deadline.finish();
        settle({ kind: "error", error });
      },
      onError(error) {
        // Before the shell, the error reaches the caller through onShellError; after it, only here.
        if (!settled) return;
        if (options.log) options.log.error({ err: error }, "render error after the shell");
        else console.error("render error after the shell", error);
      },
    });
    // React calls back only after this returns (it schedules its work), so `deadline` is set by then.
    const deadline = watchDeadline(signal, stream);
  });
}

function documentHeadFor(options: RenderOptions & { card?: PageCard | undefined }) {
  return documentHead({
    css: options.assets.css,
    nonce: options.nonce,
    prerendered: options.prerendered ?? false,
    card: options.card,
    scripts: !options.lite,
  });
}

interface Deadline {
  /** True once the page's last byte went out (or its shell failed): the deadline no longer applies. */
  readonly finished: boolean;
  finish(): void;
}

/** Aborts the render when the page deadline passes, until `finish` says the page is done. */
function watchDeadline(signal: AbortSignal, stream: PipeableStream): Deadline {
  const timedOut = () => stream.abort(new Error("the page deadline passed"));
  if (signal.aborted) timedOut();
  else signal.addEventListener("abort", timedOut, { once: true });
  let finished = false;
  return {
    get finished() {
      return finished;
    },
    finish() {
      finished = true;
      signal.removeEventListener("abort", timedOut);
    },
  };
}

/**
 * Writes head, React's chunks and tail to `destination`, holding React back while it is full.
 * compression buffers by default, so a full page's every chunk React writes is flushed at once: the
 * browser can decode, parse and paint the top of the page while the rest is on its way. A lite page
 * (`flushEachChunk` false) is left to compression's own buffering: each flush ends a deflate block,
 * and on the lite match page's Specials group (correct score, handicaps, Asian lines) a flush per
 * chunk made 50.8 KB gzip of 28.6, over its 30 KB budget: bytes a phone saving data asked us not to
 * spend. Its data is loaded before the shell, so React writes it in one pass and zlib sends it on as
 * its output fills (docs/design.md, Streamed server rendering; docs/benchmarks.md).
 */
function pipeDocument(destination: Writable, stream: PipeableStream, head: string, deadline: Deadline, flushEachChunk: boolean) {
  const flush = () => {
    if (flushEachChunk) (destination as Writable & { flush?: () => void }).flush?.();
  };
  // One drain listener for the whole response (compression moves 'drain' listeners to its
  // zlib stream, where a once() per pause would pile up).
  let resume: (() => void) | undefined;
  destination.on("drain", () => {
    const next = resume;
    resume = undefined;
    next?.();
  });
  const body = new Writable({
    write(chunk: Buffer, _encoding, next) {
      const more = destination.write(chunk);
      flush();
      if (more) next();
      else resume = next;
    },
    final(next) {
      deadline.finish();
      destination.end(DOCUMENT_TAIL);
      next();
    },
  });
  // The browser went away: stop rendering for it.
  destination.once("close", () => {
    if (!deadline.finished) stream.abort(new Error("the client closed the connection"));
  });
  if (destination.write(head)) stream.pipe(body);
  else resume = () => stream.pipe(body);
}

/** A whole page as a string: for prerendering at build time. */
export async function renderToString(
  options: RenderOptions,
): Promise<{ status: number; html: string } | { redirect: string }> {
  const outcome = await renderRoute({ ...options, waitForAll: true });
  if (outcome.kind === "redirect") return { redirect: outcome.location };
  if (outcome.kind === "error") throw outcome.error;
  const chunks: Buffer[] = [];
  const sink = new PassThrough();
  sink.on("data", (c: Buffer) => chunks.push(Buffer.from(c)));
  const done = new Promise<void>((r) => sink.on("end", () => r()));
  outcome.pipe(sink);
  await done;
  return { status: outcome.status, html: Buffer.concat(chunks).toString("utf8") };
}
