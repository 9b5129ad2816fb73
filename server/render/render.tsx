import { PassThrough, type Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { routes } from "#client/routes.tsx";
import type { ServerContext } from "#client/server-context.ts";
import { documentHead, DOCUMENT_TAIL } from "./document.ts";

export const RENDER_TIMEOUT_MS = 10_000;

export interface RenderAssets {
  entry: string;
  preloads: string[];
  css: string;
}

export type RenderOutcome =
  | { kind: "redirect"; status: number; location: string }
  | { kind: "html"; status: number; pipe(destination: Writable): void }
  | { kind: "error"; error: unknown };

const handler = createStaticHandler(routes);

/**
 * Renders one route with React Router's static handler and `renderToPipeableStream` (DESIGN
 * section 6). `waitForAll` for bots and prerendering (the whole page at once), the shell first
 * for browsers. Aborts after 10 s. Every inline script carries `nonce` when one is given.
 */
export async function renderRoute(options: {
  url: string;
  headers?: HeadersInit;
  context: ServerContext;
  assets: RenderAssets;
  nonce?: string | undefined;
  waitForAll: boolean;
  prerendered?: boolean;
}): Promise<RenderOutcome> {
  const request = new Request(options.url, { headers: options.headers });
  const result = await handler.query(request, { requestContext: options.context });
  if (result instanceof Response) {
    return { kind: "redirect", status: result.status, location: result.headers.get("Location") ?? "/" };
  }
  const router = createStaticRouter(handler.dataRoutes, result);
  // The catch-all route is the not-found page: answer it with 404.
  const notFound = result.matches.some((m) => m.route.path === "*");
  const status = notFound ? 404 : result.statusCode;

  return new Promise<RenderOutcome>((resolve) => {
    let settled = false;
    const stream = renderToPipeableStream(<StaticRouterProvider router={router} context={result} nonce={options.nonce} />, {
      nonce: options.nonce,
      bootstrapModules: [options.assets.entry],
      onShellReady() {
        if (!options.waitForAll) ready();
      },
      onAllReady() {
        if (options.waitForAll) ready();
      },
      onShellError(error) {
        clearTimeout(timer);
        if (!settled) {
          settled = true;
          resolve({ kind: "error", error });
        }
      },
      onError(error) {
        if (settled) console.error("render error after the shell", error);
      },
    });
    const timer = setTimeout(() => stream.abort(new Error("render timed out after 10 s")), RENDER_TIMEOUT_MS);
    function ready() {
      if (settled) return;
      settled = true;
      resolve({
        kind: "html",
        status,
        pipe(destination) {
          destination.write(documentHead({ css: options.assets.css, nonce: options.nonce, preloads: options.assets.preloads, prerendered: options.prerendered ?? false }));
          const body = new PassThrough();
          body.on("data", (chunk: Buffer) => {
            destination.write(chunk);
            // compression buffers by default; flush so the shell reaches the browser at once.
            (destination as Writable & { flush?: () => void }).flush?.();
          });
          body.on("end", () => {
            clearTimeout(timer);
            destination.end(DOCUMENT_TAIL);
          });
          stream.pipe(body);
        },
      });
    }
  });
}

/** A whole page as a string: for prerendering at build time. */
export async function renderToString(options: Parameters<typeof renderRoute>[0]): Promise<{ status: number; html: string } | { redirect: string }> {
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
